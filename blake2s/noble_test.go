package blake2s

import (
	"encoding/hex"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks BLAKE2s against @noble/hashes (crosscheck/noble,
// algs/blake2.mjs) over random lengths, digest sizes, keys, salts and
// personalization strings. noble has no BLAKE2X or tree parameters.
func TestNoble(t *testing.T) {
	var cases []hashtest.NobleCase
	n := 300
	if testing.Short() {
		n = 60
	}
	for i := range n {
		seed := uint64(i)
		r := hashtest.RandBytes(seed, 4)
		p := map[string]any{"dkLen": 1 + int(r[0])%Size}
		if r[1]&1 != 0 {
			p["key"] = hashtest.HexParam(hashtest.RandBytes(seed+1000, 1+int(r[2])%Size))
		}
		if r[1]&2 != 0 {
			p["salt"] = hashtest.HexParam(hashtest.RandBytes(seed+2000, SaltSize))
		}
		if r[1]&4 != 0 {
			p["personal"] = hashtest.HexParam(hashtest.RandBytes(seed+3000, PersonalSize))
		}
		length := (i * 37) % 700
		if i%10 == 0 {
			length = i * 211 // a few longer inputs
		}
		cases = append(cases, hashtest.NobleCase{Alg: "BLAKE2s", Params: p, Input: hashtest.RandBytes(seed+4000, length)})
	}
	param := func(c hashtest.NobleCase, name string) []byte {
		s, _ := c.Params[name].(string)
		b, err := hex.DecodeString(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	hashtest.AllImplementations(t, "blake2s", func(t *testing.T) {
		hashtest.CrossCheck(t, cases, func(c hashtest.NobleCase) []byte {
			h, err := NewWithParams(&Params{Size: c.Params["dkLen"].(int), Key: param(c, "key"), Salt: param(c, "salt"), Personal: param(c, "personal")})
			if err != nil {
				t.Fatal(err)
			}
			h.Write(c.Input)
			return h.Sum(nil)
		})
	})
}
