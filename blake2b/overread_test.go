//go:build linux

package blake2b

import (
	"bytes"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoOverread places the input at the end of a page followed by an
// inaccessible page, so that any read past the end of the slice faults.
func TestNoOverread(t *testing.T) {
	g := hashtest.NewGuardPage(t)
	page := g.Size()
	src := hashtest.RandBytes(9, page)
	hashtest.AllImplementations(t, "blake2b", func(t *testing.T) {
		for _, n := range []int{0, 1, BlockSize - 1, BlockSize, BlockSize + 1, 3*BlockSize + 5, page} {
			in := g.Place(src[:n])
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
