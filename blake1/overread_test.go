//go:build linux

package blake1

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoOverRead puts inputs of every length up to 600 bytes at the end of a
// page followed by an inaccessible page (a kernel that reads past the slice
// faults) and at the start of a page after one, for each variant, one-shot
// and streaming, and checks the digests.
func TestNoOverRead(t *testing.T) {
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) { hashtest.TestNoOverread(t, "blake1", hashtest.UpTo(600), v.sum, v.new) })
	}
}
