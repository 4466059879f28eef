package pbkdf2

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks Key against @noble/hashes over every hash, with
// random password, salt and key lengths and small iteration counts.
func TestNoble(t *testing.T) {
	s := hashtest.NewNobleSet(6070)
	s.AddPerHash(hashes, 12, func(name string, _ int) {
		pw, salt := s.Bytes(s.Rand.IntN(150)), s.Bytes(s.Rand.IntN(150))
		iter, length := 1+s.Rand.IntN(40), 1+s.Rand.IntN(4*hashes[name]().Size())
		s.Add("PBKDF2", map[string]any{"hash": name, "salt": salt, "iterations": iter, "length": length}, pw, func() ([]byte, error) {
			return Key(hashes[name], string(pw), salt, iter, length)
		})
	})
	s.Check(t)
}
