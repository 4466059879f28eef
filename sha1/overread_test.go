//go:build linux

package sha1

import (
	"syscall"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoOverRead puts the input at the end of a page followed by an
// inaccessible page: a kernel that reads past the slice faults (after the
// Go source's crypto/sha1/issue15617_test.go).
func TestNoOverRead(t *testing.T) {
	ps := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*ps, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	defer syscall.Munmap(mem)
	if err := syscall.Mprotect(mem[ps:], syscall.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	src := hashtest.RandBytes(20, 300)
	hashtest.AllImplementations(t, "sha1", func(t *testing.T) {
		for n := 0; n <= 300; n++ {
			msg := mem[ps-n : ps]
			copy(msg, src[:n])
			Sum(msg)
			h := New()
			h.Write(msg)
			h.Sum(nil)
		}
	})
}
