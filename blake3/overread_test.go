//go:build unix

package blake3

import (
	"bytes"
	"syscall"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoOverread places inputs so that they end, or the next kernel batch
// would start, at a PROT_NONE page (after the Go source's
// crypto/sha1/issue15617_test.go): any load past the input faults.
func TestNoOverread(t *testing.T) {
	const page = 4096
	const size = 20 * page
	mem, err := syscall.Mmap(-1, 0, size+page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	defer syscall.Munmap(mem)
	if err := syscall.Mprotect(mem[size:], syscall.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	copy(mem, hashtest.RandBytes(31, size))
	hashtest.AllImplementations(t, "blake3", func(t *testing.T) {
		// Every length of one block (sumAVX512's masked loads), runs of
		// blocks within one chunk (compressBlocks), then chunks.
		for _, n := range append(hashtest.UpTo(BlockSize), 65, 127, 128, 129, 640, 1000, 1023, 1024, 1025, 2048, 3*chunkLen, 4*chunkLen, 5*chunkLen+7, 8*chunkLen, 15*chunkLen, 16*chunkLen, 17*chunkLen, size) {
			in := mem[size-n : size]
			want := refOutput(bytes.Clone(in), &iv, 0, 32)
			if got := Sum256(in); !bytes.Equal(got[:], want) {
				t.Fatalf("length %d: %x, want %x", n, got, want)
			}
		}
	})
}
