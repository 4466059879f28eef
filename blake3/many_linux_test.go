//go:build linux

package blake3

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestSumManyNoOverRead puts the batch at the end of a page followed by an
// inaccessible page, on every kernel: a kernel that reads past the
// messages faults.
func TestSumManyNoOverRead(t *testing.T) {
	g := hashtest.NewGuardPage(t)
	src := hashtest.RandBytes(12, g.Size())
	hashtest.AllImplementations(t, "blake3many", func(t *testing.T) {
		for _, l := range []int{1, 63, 64, 65, 128, 200, 255} {
			for _, n := range []int{1, 2, 15, 16} {
				checkMany(t, g.Place(src[:n*l]), n, l)
			}
		}
	})
}
