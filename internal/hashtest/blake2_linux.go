//go:build linux

package hashtest

import (
	"bytes"
	"hash"
	"testing"
)

// TestNoOverread places inputs of 0, 1, a block ± 1, 3 blocks + 5 and a
// page of bytes at the end of a page followed by an inaccessible page, so
// that any read past the end of the slice faults, and checks sum (a
// one-shot function) and a hasher from mk, written in two halves, against
// sum of a copy.
func (b *BLAKE2) TestNoOverread(t *testing.T, blockSize int, sum func([]byte) []byte, mk func() hash.Hash) {
	g := NewGuardPage(t)
	page := g.Size()
	src := RandBytes(9, page)
	AllImplementations(t, b.Pkg, func(t *testing.T) {
		for _, n := range []int{0, 1, blockSize - 1, blockSize, blockSize + 1, 3*blockSize + 5, page} {
			in := g.Place(src[:n])
			want := sum(bytes.Clone(in))
			if got := sum(in); !bytes.Equal(got, want) {
				t.Fatalf("%d bytes at the end of a page: wrong digest", n)
			}
			h := mk()
			h.Write(in[:n/2])
			h.Write(in[n/2:])
			if got := h.Sum(nil); !bytes.Equal(got, want) {
				t.Fatalf("%d bytes at the end of a page: streaming differs", n)
			}
		}
	})
}
