//go:build linux

package blake2b

import (
	"bytes"
	"syscall"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoOverread places the input at the end of a page followed by an
// inaccessible page, so that any read past the end of the slice faults (as
// Go source crypto/sha1/issue15617_test.go does).
func TestNoOverread(t *testing.T) {
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	defer syscall.Munmap(mem)
	if err := syscall.Mprotect(mem[page:], syscall.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	src := hashtest.RandBytes(9, page)
	hashtest.AllImplementations(t, "blake2b", func(t *testing.T) {
		for _, n := range []int{0, 1, BlockSize - 1, BlockSize, BlockSize + 1, 3*BlockSize + 5, page} {
			in := mem[page-n : page]
			copy(in, src[:n])
			want := Sum256(bytes.Clone(in))
			if got := Sum256(in); got != want {
				t.Fatalf("%d bytes at the end of a page: wrong digest", n)
			}
			h, _ := New256(nil)
			h.Write(in[:n/2])
			h.Write(in[n/2:])
			if got := h.Sum(nil); !bytes.Equal(got, want[:]) {
				t.Fatalf("%d bytes at the end of a page: streaming differs", n)
			}
		}
	})
}
