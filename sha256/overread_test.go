//go:build linux

package sha256

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoOverRead puts inputs of every length up to 300 bytes at the end of a
// page followed by an inaccessible page, and at the start of a page after
// one: a kernel that reads outside the slice faults. The one-call Sum256
// reads its tail itself (masked loads, or general-register loads without
// AVX-512), which must not touch a byte outside it.
func TestNoOverRead(t *testing.T) {
	hashtest.TestNoOverread(t, "sha256", hashtest.UpTo(300), func(b []byte) []byte { s := Sum256(b); return s[:] }, New)
	hashtest.TestNoOverread(t, "sha256", hashtest.UpTo(300), func(b []byte) []byte { s := Sum224(b); return s[:] }, New224)
}
