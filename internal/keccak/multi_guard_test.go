//go:build linux

package keccak

import (
	"bytes"
	"syscall"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestLeavesGuardPage places the leaves so that they end at a page mapped
// PROT_NONE (as the Go source's crypto/sha1/issue15617_test.go does): a
// kernel reading past the data would crash the test.
func TestLeavesGuardPage(t *testing.T) {
	page := syscall.Getpagesize()
	const size = 16 << 10
	mem, err := syscall.Mmap(-1, 0, size+page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	defer syscall.Munmap(mem)
	if err := syscall.Mprotect(mem[size:], syscall.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	hashtest.AllImplementations(t, "keccak", func(t *testing.T) {
		for _, c := range []leafCase{{1000, Rate128, 12, 0x0B, 32}, {8 * Rate128, Rate128, 12, 0x0B, 32}, {1000, Rate256, 24, 0x1F, 64}, {1, Rate128, 12, 0x0B, 32}} {
			for _, n := range []int{1, 3, 8, 9} {
				if n*c.leafLen > size {
					continue
				}
				data := mem[size-n*c.leafLen : size]
				copy(data, hashtest.RandBytes(uint64(n), len(data)))
				want := leavesReference(data, c)
				got := make([]byte, len(want))
				Leaves(got, data, c.leafLen, c.rate, c.rounds, c.ds, c.cvLen)
				if !bytes.Equal(got, want) {
					t.Fatalf("%v, %d leaves at the end of the mapping: differs", c, n)
				}
			}
		}
	})
}
