package sha512

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks the four SHA-512 family members with @noble/hashes
// over every length up to a few blocks and random lengths up to 20 000
// bytes.
func TestNoble(t *testing.T) {
	rng := rand.New(rand.NewPCG(512, 384))
	algs := []string{"SHA2-512", "SHA2-384", "SHA2-512/224", "SHA2-512/256"}
	var cases []hashtest.NobleCase
	for i := range 400 {
		n := i % 300
		if i >= 300 {
			n = rng.IntN(20000)
		}
		cases = append(cases, hashtest.NobleCase{Alg: algs[i%4], Input: hashtest.RandBytes(uint64(i)+2000, n)})
	}
	want := hashtest.Noble(t, cases) // node runs once; every kernel is compared with its answers
	hashtest.AllImplementations(t, "sha512", func(t *testing.T) {
		for i, c := range cases {
			got := func() []byte {
				switch c.Alg {
				case "SHA2-384":
					s := Sum384(c.Input)
					return s[:]
				case "SHA2-512/224":
					s := Sum512_224(c.Input)
					return s[:]
				case "SHA2-512/256":
					h := New512_256()
					h.Write(c.Input)
					return h.Sum(nil)
				}
				s := Sum512(c.Input)
				return s[:]
			}()
			if !bytes.Equal(got, want[i]) {
				t.Fatalf("%s, %d-byte input: hashkit %x, noble %x", c.Alg, len(c.Input), got, want[i])
			}
		}
	})
}
