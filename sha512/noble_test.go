package sha512

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks the four SHA-512 family members with @noble/hashes
// over every length up to a few blocks and random lengths up to 20 000
// bytes, under every kernel.
func TestNoble(t *testing.T) {
	s := hashtest.NewNobleSet(512)
	s.AddSums(s.Lengths(300, 100, 20000), map[string]func([]byte) []byte{
		"SHA2-512":     func(in []byte) []byte { d := Sum512(in); return d[:] },
		"SHA2-384":     func(in []byte) []byte { d := Sum384(in); return d[:] },
		"SHA2-512/224": func(in []byte) []byte { d := Sum512_224(in); return d[:] },
		"SHA2-512/256": func(in []byte) []byte { h := New512_256(); h.Write(in); return h.Sum(nil) },
	})
	s.CheckAll(t, "sha512")
}
