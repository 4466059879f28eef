package blake2test

import (
	"encoding/hex"
	"hash"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TreeCase is a known answer for a parameter block P (the package's
// Params): the digest Want (hex) of the N bytes i % 251.
type TreeCase[P any] struct {
	P    P
	N    int
	Want string
}

// TestTreeCases runs each case through newParams (NewWithParams) on every
// implementation of pkg.
func TestTreeCases[P any](t *testing.T, pkg string, cases []TreeCase[P], newParams func(*P) (hash.Hash, error)) {
	hashtest.AllImplementations(t, pkg, func(t *testing.T) {
		for i, v := range cases {
			d, err := newParams(&v.P)
			if err != nil {
				t.Fatalf("case %d: %v", i, err)
			}
			msg := make([]byte, v.N)
			for j := range msg {
				msg[j] = byte(j % 251)
			}
			d.Write(msg)
			if got := hex.EncodeToString(d.Sum(nil)); got != v.Want {
				t.Errorf("case %d (%+v, %d bytes): %s, want %s", i, v.P, v.N, got, v.Want)
			}
		}
	})
}

// HexOrNil decodes the hex s, nil where s is empty (an absent key, salt or
// personalization in a TreeCase).
func HexOrNil(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	if len(b) == 0 {
		return nil
	}
	return b
}
