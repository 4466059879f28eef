//go:build linux

package sha3

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestSumManyNoOverRead puts the batch at the end of a page followed by an
// inaccessible page, on every kernel: a kernel that reads past the
// messages faults.
func TestSumManyNoOverRead(t *testing.T) {
	g := hashtest.NewGuardPage(t)
	hashtest.AllImplementations(t, "keccak", func(t *testing.T) {
		g.CheckBatches(t, 9, []int{1, 3, 4, 8, 9}, []int{1, 34, 64, 71, 72, 136, 137, 168, 200}, checkMany)
	})
}
