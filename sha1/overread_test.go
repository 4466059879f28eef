//go:build linux

package sha1

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoOverRead puts the input at the end of a page followed by an
// inaccessible page: a kernel that reads past the slice faults.
func TestNoOverRead(t *testing.T) {
	g := hashtest.NewGuardPage(t)
	src := hashtest.RandBytes(20, 300)
	hashtest.AllImplementations(t, "sha1", func(t *testing.T) {
		for n := 0; n <= 300; n++ {
			msg := g.Place(src[:n])
			Sum(msg)
			h := New()
			h.Write(msg)
			h.Sum(nil)
		}
	})
}
