package hkdf

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks Key and Extract against @noble/hashes over every
// hash, with random lengths of secret, salt, info and output.
func TestNoble(t *testing.T) {
	s := hashtest.NewNobleSet(5869)
	s.AddPerHash(hashes, 20, func(name string, i int) {
		secret, salt, info := s.Bytes(s.Rand.IntN(256)), s.Bytes(s.Rand.IntN(150)), s.Bytes(s.Rand.IntN(100))
		length := 1 + (i*s.Rand.IntN(256))%(255*hashes[name]().Size())
		s.Add("HKDF-Extract", map[string]any{"hash": name, "salt": salt}, secret, func() ([]byte, error) { return Extract(hashes[name], secret, salt) })
		s.Add("HKDF", map[string]any{"hash": name, "salt": salt, "info": info, "length": length}, secret, func() ([]byte, error) {
			return Key(hashes[name], secret, salt, string(info), length)
		})
	})
	s.Check(t)
}
