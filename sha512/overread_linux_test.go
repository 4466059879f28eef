package sha512

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoOverread checks that no kernel reads past the message: the block
// kernels load whole blocks in 16- or 32-byte pieces, so every length up
// to three blocks, and a full page, ends at an inaccessible page.
func TestNoOverread(t *testing.T) {
	lengths := append(hashtest.UpTo(3*BlockSize), 1023, 1024, 4096)
	hashtest.TestNoOverread(t, "sha512", lengths, func(m []byte) []byte { s := Sum512(m); return s[:] }, New)
}
