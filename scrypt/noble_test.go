package scrypt

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks scrypt with @noble/hashes on random small
// parameters (crosscheck/noble/algs/kdf.mjs), under every kernel.
func TestNoble(t *testing.T) {
	s := hashtest.NewNobleSet(7)
	for range 60 {
		N, r, p, dkLen := 2<<s.Rand.IntN(7), 1+s.Rand.IntN(8), 1+s.Rand.IntN(3), 1+s.Rand.IntN(100)
		salt, pw := s.Bytes(s.Rand.IntN(40)), s.Bytes(s.Rand.IntN(80))
		s.Add("scrypt", map[string]any{"N": N, "r": r, "p": p, "dkLen": dkLen, "salt": salt}, pw, func() ([]byte, error) {
			return Key(pw, salt, N, r, p, dkLen)
		})
	}
	s.CheckAll(t, "scrypt")
}
