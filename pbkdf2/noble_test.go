package pbkdf2

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks Key against @noble/hashes over every hash, with
// random password, salt and key lengths and small iteration counts.
func TestNoble(t *testing.T) {
	var cases []hashtest.NobleCase
	seed := uint64(0)
	for name, h := range hashes {
		size := h().Size()
		for range 12 {
			seed++
			r := hashtest.RandBytes(seed, 4)
			cases = append(cases, hashtest.NobleCase{Alg: "PBKDF2", Params: map[string]any{
				"hash":       name,
				"salt":       hashtest.HexParam(hashtest.RandBytes(seed+1e6, int(r[0])%150)),
				"iterations": 1 + int(r[1])%40,
				"length":     1 + int(r[2])%(4*size),
			}, Input: hashtest.RandBytes(seed+2e6, int(r[3])%150)})
		}
	}
	hashtest.CrossCheck(t, cases, func(c hashtest.NobleCase) []byte {
		out, err := Key(hashes[c.Params["hash"].(string)], string(c.Input), mustHex(c.Params["salt"].(string)), c.Params["iterations"].(int), c.Params["length"].(int))
		if err != nil {
			t.Fatal(err)
		}
		return out
	})
}
