//go:build linux

package sha256

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoOverRead puts the input at the end of a page followed by an
// inaccessible page: a kernel that reads past the slice faults. The
// one-call Sum reads its tail with masked loads, which must not touch the
// bytes after it.
func TestNoOverRead(t *testing.T) {
	g := hashtest.NewGuardPage(t)
	src := hashtest.RandBytes(21, 300)
	hashtest.AllImplementations(t, "sha256", func(t *testing.T) {
		for n := 0; n <= 300; n++ {
			msg := g.Place(src[:n])
			if Sum256(msg) != Sum256(src[:n]) {
				t.Fatalf("Sum256 of %d bytes at a page end differs", n)
			}
			Sum224(msg)
			h := New()
			h.Write(msg)
			h.Sum(nil)
		}
	})
}
