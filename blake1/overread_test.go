//go:build linux

package blake1

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoOverRead puts the input at the end of a page followed by an
// inaccessible page: a kernel that reads past the slice faults.
func TestNoOverRead(t *testing.T) {
	g := hashtest.NewGuardPage(t)
	src := hashtest.RandBytes(20, 600)
	hashtest.AllImplementations(t, "blake1", func(t *testing.T) {
		for n := 0; n <= 600; n++ {
			msg := g.Place(src[:n])
			for _, v := range variants {
				v.sum(msg)
			}
		}
	})
}
