//go:build linux

package argon2

import (
	"testing"
	"unsafe"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoOverread runs every kernel with each of out, x and y in turn as the
// last block of a page followed by an inaccessible one, so that a kernel
// touching memory past a block faults.
func TestNoOverread(t *testing.T) {
	g := hashtest.NewGuardPage(t)
	hashtest.AllImplementations(t, "argon2", func(t *testing.T) {
		for which := range 3 {
			var blocks [3]block
			for i := range blocks {
				blocks[i] = randBlock(uint64(10*which + i))
			}
			for _, xor := range []bool{false, true} {
				want := blocks[0]
				compressGeneric(&want, &blocks[1], &blocks[2], xor)
				// The page is this test's own memory, page-aligned, so the
				// cast keeps the block's alignment.
				raw := g.Place(unsafe.Slice((*byte)(unsafe.Pointer(&blocks[which])), blockSize))
				ptrs := [3]*block{&blocks[0], &blocks[1], &blocks[2]}
				guarded := (*block)(unsafe.Pointer(&raw[0]))
				ptrs[which] = guarded
				compress(ptrs[0], ptrs[1], ptrs[2], xor)
				if *ptrs[0] != want {
					t.Fatalf("block %d at the end of a page, xor=%v: kernel and generic compression differ", which, xor)
				}
			}
		}
	})
}
