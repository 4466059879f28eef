package argon2

import (
	"context"
	"maps"
	"slices"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks Argon2d/i/id with @noble/hashes on random small
// parameters, both versions, with and without a secret and associated data
// (crosscheck/noble/algs/kdf.mjs), under every kernel.
func TestNoble(t *testing.T) {
	s := hashtest.NewNobleSet(9)
	names := slices.Sorted(maps.Keys(variants))
	for range 90 {
		lanes := 1 + s.Rand.IntN(4)
		alg := names[s.Rand.IntN(len(names))]
		p := Params{
			Variant: variants[alg], Version: []int{0x10, 0x13}[s.Rand.IntN(2)],
			Time: uint32(1 + s.Rand.IntN(3)), Memory: uint32(8*lanes + s.Rand.IntN(60)), Lanes: uint32(lanes), KeyLen: uint32(4 + s.Rand.IntN(130)),
		}
		salt, pw := s.Bytes(8+s.Rand.IntN(30)), s.Bytes(s.Rand.IntN(80))
		params := map[string]any{"t": p.Time, "p": p.Lanes, "m": p.Memory, "version": p.Version, "dkLen": p.KeyLen, "salt": salt}
		if s.Rand.IntN(2) == 0 {
			p.Secret = s.Bytes(s.Rand.IntN(40))
			params["secret"] = p.Secret
		}
		if s.Rand.IntN(2) == 0 {
			p.AssociatedData = s.Bytes(s.Rand.IntN(40))
			params["ad"] = p.AssociatedData
		}
		s.Add(alg, params, pw, func() ([]byte, error) { return DeriveKey(context.Background(), pw, salt, p) })
	}
	s.CheckAll(t, "argon2")
}
