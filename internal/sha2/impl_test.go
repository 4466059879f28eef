package sha2

import (
	"runtime"
	"slices"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
)

// blockCounts are the numbers of blocks the kernel tests hash in one call:
// small counts, and counts around the 64 KiB pieces of the dispatch.
var blockCounts = []int{0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 1023, 1024, 1025, 2049}

// TestBlock256Kernels runs Block256 on every implementation and compares
// the chaining value with block256Generic, from random starting values.
func TestBlock256Kernels(t *testing.T) {
	msg := hashtest.RandBytes(256, 2049*BlockSize256)
	seed := hashtest.RandBytes(257, 32*len(blockCounts))
	hashtest.AllImplementations(t, "sha256", func(t *testing.T) {
		for i, n := range blockCounts {
			if testing.Short() && n > 64 {
				continue
			}
			var h [8]uint32
			for j := range h {
				h[j] = uint32(seed[32*i+4*j]) | uint32(seed[32*i+4*j+1])<<8 | uint32(seed[32*i+4*j+2])<<16 | uint32(seed[32*i+4*j+3])<<24
			}
			want := h
			off := i * 3 // also start at unaligned offsets
			p := msg[:n*BlockSize256]
			if n*BlockSize256+off <= len(msg) {
				p = msg[off : off+n*BlockSize256]
			}
			block256Generic(&want, p)
			Block256(&h, p)
			if h != want {
				t.Fatalf("%d blocks: %08x, generic %08x", n, h, want)
			}
		}
	})
}

// TestBlock512Kernels is TestBlock256Kernels for Block512.
func TestBlock512Kernels(t *testing.T) {
	msg := hashtest.RandBytes(512, 2049*BlockSize512)
	seed := hashtest.RandBytes(513, 64*len(blockCounts))
	hashtest.AllImplementations(t, "sha512", func(t *testing.T) {
		for i, n := range blockCounts {
			if testing.Short() && n > 64 {
				continue
			}
			var h [8]uint64
			for j := range h {
				for k := range 8 {
					h[j] |= uint64(seed[64*i+8*j+k]) << (8 * k)
				}
			}
			want := h
			off := i * 5
			p := msg[:n*BlockSize512]
			if n*BlockSize512+off <= len(msg) {
				p = msg[off : off+n*BlockSize512]
			}
			block512Generic(&want, p)
			Block512(&h, p)
			if h != want {
				t.Fatalf("%d blocks: %016x, generic %016x", n, h, want)
			}
		}
	})
}

// TestKernelsRegistered checks the registry: every amd64 or arm64 kernel,
// best first (the dispatch and HASHKIT_DISABLE rely on these names), and none
// elsewhere or under purego.
func TestKernelsRegistered(t *testing.T) {
	names256, _ := cpu.Registered("sha256")
	names512, _ := cpu.Registered("sha512")
	want256, want512 := []string{"shani", "avx2", "onecall", "onecallsse", "manyavx512", "manyshani", "manyavx2"}, []string{"avx512", "avx512ymm", "avx2ymm", "avx2"}
	if runtime.GOARCH == "arm64" {
		want256, want512 = []string{"sha2", "onecall"}, []string{"sha512"}
	}
	if !useAsm {
		want256, want512 = nil, nil
	}
	if !slices.Equal(names256, want256) || !slices.Equal(names512, want512) {
		t.Fatalf("registered sha256 %v, sha512 %v; want %v, %v", names256, names512, want256, want512)
	}
	t.Logf("available here: sha256 %v, sha512 %v", cpu.Impls("sha256"), cpu.Impls("sha512"))
}
