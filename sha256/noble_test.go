package sha256

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks SHA-256 and SHA-224 with @noble/hashes over every
// length up to three blocks and random lengths up to 20 000 bytes.
func TestNoble(t *testing.T) {
	rng := rand.New(rand.NewPCG(256, 224))
	var cases []hashtest.NobleCase
	for i := range 300 {
		n := i % 200
		if i >= 200 {
			n = rng.IntN(20000)
		}
		alg := "SHA2-256"
		if i%2 == 1 {
			alg = "SHA2-224"
		}
		cases = append(cases, hashtest.NobleCase{Alg: alg, Input: hashtest.RandBytes(uint64(i)+1000, n)})
	}
	want := hashtest.Noble(t, cases) // node runs once; every kernel is compared with its answers
	hashtest.AllImplementations(t, "sha256", func(t *testing.T) {
		for i, c := range cases {
			got := func() []byte {
				if c.Alg == "SHA2-224" {
					s := Sum224(c.Input)
					return s[:]
				}
				h := New()
				h.Write(c.Input)
				return h.Sum(nil)
			}()
			if !bytes.Equal(got, want[i]) {
				t.Fatalf("%s, %d-byte input: hashkit %x, noble %x", c.Alg, len(c.Input), got, want[i])
			}
		}
	})
}
