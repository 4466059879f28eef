package argon2

import (
	"bytes"
	"context"
	"encoding/hex"
	"math/rand/v2"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks Argon2d/i/id with @noble/hashes on random small
// parameters, both versions, with and without a secret and associated data
// (crosscheck/noble/algs/kdf.mjs).
func TestNoble(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	var cases []hashtest.NobleCase
	names := []string{"Argon2d", "Argon2i", "Argon2id"}
	for range 90 {
		lanes := 1 + rng.IntN(4)
		params := map[string]any{
			"t": 1 + rng.IntN(3), "p": lanes, "m": 8*lanes + rng.IntN(60), "version": []int{0x10, 0x13}[rng.IntN(2)],
			"dkLen": 4 + rng.IntN(130), "salt": hashtest.HexParam(hashtest.RandBytes(rng.Uint64(), 8+rng.IntN(30))),
		}
		if rng.IntN(2) == 0 {
			params["secret"] = hashtest.HexParam(hashtest.RandBytes(rng.Uint64(), rng.IntN(40)))
		}
		if rng.IntN(2) == 0 {
			params["ad"] = hashtest.HexParam(hashtest.RandBytes(rng.Uint64(), rng.IntN(40)))
		}
		cases = append(cases, hashtest.NobleCase{Alg: names[rng.IntN(3)], Params: params, Input: hashtest.RandBytes(rng.Uint64(), rng.IntN(80))})
	}
	want := hashtest.Noble(t, cases)
	hexParam := func(v any) []byte {
		if v == nil {
			return nil
		}
		b, _ := hex.DecodeString(v.(string))
		return b
	}
	hashtest.AllImplementations(t, "argon2", func(t *testing.T) {
		for i, c := range cases {
			p := c.Params
			got, err := DeriveKey(context.Background(), c.Input, hexParam(p["salt"]), Params{
				Variant: variants[c.Alg], Version: p["version"].(int),
				Time: uint32(p["t"].(int)), Memory: uint32(p["m"].(int)), Lanes: uint32(p["p"].(int)), KeyLen: uint32(p["dkLen"].(int)),
				Secret: hexParam(p["secret"]), AssociatedData: hexParam(p["ad"]),
			})
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want[i]) {
				t.Fatalf("%s %v: hashkit %x, noble %x", c.Alg, p, got, want[i])
			}
		}
	})
}
