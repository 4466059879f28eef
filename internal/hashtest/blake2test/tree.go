package blake2test

import (
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"hash"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// treeJSON holds, for blake2b and blake2s, digests under parameter blocks
// that use every field, including the tree fields that neither x/crypto
// nor @noble/hashes expose: CPython's hashlib (the BLAKE2 reference code)
// computed them through testdata/tree.py, which also says how.
//
//go:embed testdata/tree.json
var treeJSON []byte

// treeCase is a known answer for a parameter block P (the package's
// Params, which the JSON fills by field name): the digest Want (hex) of
// the N bytes i % 251.
type treeCase[P any] struct {
	P    P
	N    int
	Want string
}

// TestTreeCases runs every case of pkg in testdata/tree.json through
// newParams (NewWithParams) on every implementation of pkg.
func TestTreeCases[P any](t *testing.T, pkg string, newParams func(*P) (hash.Hash, error)) {
	var all map[string][]treeCase[P]
	if err := json.Unmarshal(treeJSON, &all); err != nil {
		t.Fatal(err)
	}
	cases := all[pkg]
	if len(cases) != 40 {
		t.Fatalf("%d cases for %s in testdata/tree.json, want 40", len(cases), pkg)
	}
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
