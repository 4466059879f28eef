//go:build linux

package keccak

import (
	"bytes"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestLeavesGuardPage places the leaves so that they end at an inaccessible
// page (hashtest.GuardPage): a kernel reading past the data would crash the
// test.
func TestLeavesGuardPage(t *testing.T) {
	const size = 16 << 10
	g := hashtest.NewGuardPages(t, size)
	hashtest.AllImplementations(t, "keccak", func(t *testing.T) {
		for _, c := range []leafCase{{1000, Rate128, 12, 0x0B, 32}, {8 * Rate128, Rate128, 12, 0x0B, 32}, {1000, Rate256, 24, 0x1F, 64}, {1, Rate128, 12, 0x0B, 32}} {
			for _, n := range []int{1, 3, 8, 9} {
				if n*c.leafLen > size {
					continue
				}
				data := g.Place(hashtest.RandBytes(uint64(n), n*c.leafLen))
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
