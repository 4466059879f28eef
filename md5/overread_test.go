//go:build linux

package md5

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoOverRead puts inputs of every length up to 300 bytes at the end of a
// page followed by an inaccessible page: a kernel that reads past the slice
// faults.
func TestNoOverRead(t *testing.T) {
	hashtest.TestNoOverread(t, "md5", hashtest.UpTo(300), func(b []byte) []byte { s := Sum(b); return s[:] }, New)
}
