package scrypt

import (
	"math/rand/v2"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks scrypt with @noble/hashes on random small
// parameters (crosscheck/noble/algs/kdf.mjs).
func TestNoble(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var cases []hashtest.NobleCase
	for range 60 {
		cases = append(cases, hashtest.NobleCase{
			Alg: "scrypt",
			Params: map[string]any{
				"N": 2 << rng.IntN(7), "r": 1 + rng.IntN(8), "p": 1 + rng.IntN(3), "dkLen": 1 + rng.IntN(100),
				"salt": hashtest.HexParam(hashtest.RandBytes(rng.Uint64(), rng.IntN(40))),
			},
			Input: hashtest.RandBytes(rng.Uint64(), rng.IntN(80)),
		})
	}
	want := hashtest.Noble(t, cases)
	hashtest.AllImplementations(t, "scrypt", func(t *testing.T) {
		for i, c := range cases {
			p := c.Params
			salt := mustHex(p["salt"].(string))
			got, err := Key(c.Input, salt, p["N"].(int), p["r"].(int), p["p"].(int), p["dkLen"].(int))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want[i]) {
				t.Fatalf("%v: hashkit %x, noble %x", p, got, want[i])
			}
		}
	})
}
