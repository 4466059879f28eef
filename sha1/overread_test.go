//go:build linux

package sha1

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoOverRead puts inputs of every length up to 300 bytes at the end of a
// page followed by an inaccessible page: a kernel that reads past the slice
// faults. The one-call Sum reads its tail with masked loads,
// which must not touch the bytes after it.
func TestNoOverRead(t *testing.T) {
	hashtest.TestNoOverread(t, "sha1", hashtest.UpTo(300), func(b []byte) []byte { s := Sum(b); return s[:] }, New)
}
