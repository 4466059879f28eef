package sha256

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks SHA-256 and SHA-224 with @noble/hashes over every
// length up to three blocks and random lengths up to 20 000 bytes, under
// every kernel.
func TestNoble(t *testing.T) {
	s := hashtest.NewNobleSet(256)
	s.AddSums(s.Lengths(200, 100, 20000), map[string]func([]byte) []byte{
		"SHA2-256": func(in []byte) []byte { h := New(); h.Write(in); return h.Sum(nil) },
		"SHA2-224": func(in []byte) []byte { d := Sum224(in); return d[:] },
	})
	s.CheckAll(t, "sha256")
}
