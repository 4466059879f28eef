package blake1

import (
	"hash"
	"math/rand/v2"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks all four variants, unsalted and salted, over
// random lengths (every length 0..300, then longer ones) and random salts.
func TestNoble(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var cases []hashtest.NobleCase
	for i := range 500 {
		v := variants[i%len(variants)]
		n := i
		if i > 300 {
			n = rng.IntN(5000)
		}
		c := hashtest.NobleCase{Alg: v.name, Input: hashtest.RandBytes(uint64(i), n)}
		if i%3 == 1 {
			c.Params = map[string]any{"salt": hashtest.HexParam(hashtest.RandBytes(uint64(i)+1000, v.saltSize))}
		}
		cases = append(cases, c)
	}
	hashtest.CrossCheck(t, cases, func(c hashtest.NobleCase) []byte {
		for _, v := range variants {
			if v.name != c.Alg {
				continue
			}
			var h hash.Hash
			if s, ok := c.Params["salt"]; ok {
				var err error
				h, err = v.newSalt(mustHex(s.(string)))
				if err != nil {
					t.Fatal(err)
				}
			} else {
				return v.sum(c.Input)
			}
			h.Write(c.Input)
			return h.Sum(nil)
		}
		t.Fatalf("unknown %s", c.Alg)
		return nil
	})
}

// TestNobleRejectsBadSalt checks that noble, too, refuses the salt lengths
// we refuse.
func TestNobleRejectsBadSalt(t *testing.T) {
	var cases []hashtest.NobleCase
	for _, v := range variants {
		for _, n := range []int{15, 17, 32 - v.saltSize/2} {
			cases = append(cases, hashtest.NobleCase{Alg: v.name, Params: map[string]any{"salt": hashtest.HexParam(make([]byte, n))}})
		}
	}
	_, errs := hashtest.NobleResults(t, cases)
	for i, e := range errs {
		if e == "" {
			t.Errorf("noble accepted case %d (%s, %v)", i, cases[i].Alg, cases[i].Params)
		}
	}
}
