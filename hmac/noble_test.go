package hmac

import (
	"slices"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks HMAC over every hash against @noble/hashes, with
// random keys around the block size and random message lengths.
func TestNoble(t *testing.T) {
	var cases []hashtest.NobleCase
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range hashes {
			if !yield(n) {
				return
			}
		}
	})
	seed := uint64(0)
	for _, name := range names {
		for i := range 30 {
			seed++
			kl := []int{0, 1, 16, 32, 64, 65, 128, 129, 200}[i%9]
			ml := int(hashtest.RandBytes(seed, 1)[0]) + i*13
			cases = append(cases, hashtest.NobleCase{
				Alg:    "HMAC",
				Params: map[string]any{"hash": name, "key": hashtest.HexParam(hashtest.RandBytes(seed+1e6, kl))},
				Input:  hashtest.RandBytes(seed+2e6, ml),
			})
		}
	}
	hashtest.CrossCheck(t, cases, func(c hashtest.NobleCase) []byte {
		return mac(hashes[c.Params["hash"].(string)], mustHex(c.Params["key"].(string)), c.Input)
	})
}
