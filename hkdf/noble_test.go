package hkdf

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks Key and Extract against @noble/hashes over every
// hash, with random lengths of secret, salt, info and output.
func TestNoble(t *testing.T) {
	var cases []hashtest.NobleCase
	seed := uint64(0)
	for name, h := range hashes {
		size := h().Size()
		for i := range 20 {
			seed++
			r := hashtest.RandBytes(seed, 4)
			salt := hashtest.RandBytes(seed+1e6, int(r[0])%150)
			p := map[string]any{"hash": name, "salt": hashtest.HexParam(salt)}
			cases = append(cases, hashtest.NobleCase{Alg: "HKDF-Extract", Params: p, Input: hashtest.RandBytes(seed+2e6, int(r[1]))})
			cases = append(cases, hashtest.NobleCase{Alg: "HKDF", Params: map[string]any{
				"hash": name, "salt": hashtest.HexParam(salt),
				"info":   hashtest.HexParam(hashtest.RandBytes(seed+3e6, int(r[2])%100)),
				"length": 1 + (i*int(r[3]))%(255*size),
			}, Input: hashtest.RandBytes(seed+4e6, int(r[1]))})
		}
	}
	hashtest.CrossCheck(t, cases, func(c hashtest.NobleCase) []byte {
		h := hashes[c.Params["hash"].(string)]
		salt := mustHex(c.Params["salt"].(string))
		if c.Alg == "HKDF-Extract" {
			out, _ := Extract(h, c.Input, salt)
			return out
		}
		out, err := Key(h, c.Input, salt, string(mustHex(c.Params["info"].(string))), c.Params["length"].(int))
		if err != nil {
			t.Fatal(err)
		}
		return out
	})
}
