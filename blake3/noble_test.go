package blake3

import (
	"math/rand/v2"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks hash, keyed hash and key derivation, with output
// lengths around block boundaries, against @noble/hashes (crosscheck/noble,
// algs/blake3.mjs) over random inputs whose lengths cluster around block and
// chunk boundaries.
func TestNoble(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var cases []hashtest.NobleCase
	n := 300
	if testing.Short() {
		n = 60
	}
	for i := range n {
		var l int
		switch i % 3 {
		case 0:
			l = rng.IntN(200)
		case 1:
			l = (1+rng.IntN(40))*chunkLen + rng.IntN(3) - 1
		default:
			l = rng.IntN(70 * chunkLen)
		}
		outLen := []int{1, 31, 32, 33, 64, 65, 200, 1000}[rng.IntN(8)]
		p := map[string]any{"out_len": outLen}
		switch i % 4 {
		case 1:
			p["key"] = hashtest.HexParam(hashtest.RandBytes(uint64(i), KeySize))
		case 2:
			p["context"] = hashtest.HexParam(hashtest.RandBytes(uint64(i), rng.IntN(100)))
		}
		cases = append(cases, hashtest.NobleCase{Alg: "BLAKE3", Params: p, Input: hashtest.RandBytes(uint64(i)+1000, l)})
	}
	hashtest.CrossCheck(t, cases, func(c hashtest.NobleCase) []byte {
		out := make([]byte, c.Params["out_len"].(int))
		switch {
		case c.Params["key"] != nil:
			h, err := NewKeyed(unhex(c.Params["key"].(string)))
			if err != nil {
				t.Fatal(err)
			}
			h.Write(c.Input)
			h.Read(out)
		case c.Params["context"] != nil:
			DeriveKey(string(unhex(c.Params["context"].(string))), c.Input, out)
		default:
			h := New()
			h.Write(c.Input)
			h.Read(out)
		}
		return out
	})
}
