//go:build linux

package sha1

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoOverRead puts inputs of every length up to 300 bytes at the end of a
// page followed by an inaccessible page, and at the start of a page after
// one: a kernel that reads outside the slice faults. The one-call Sum reads
// its tail itself (masked loads, or general-register loads without
// AVX-512), which must not touch a byte outside it.
func TestNoOverRead(t *testing.T) {
	hashtest.TestNoOverread(t, "sha1", hashtest.UpTo(300), func(b []byte) []byte { s := Sum(b); return s[:] }, New)
}
