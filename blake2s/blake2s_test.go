package blake2s

import (
	"bytes"
	"crypto"
	"hash"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/blake2test"
)

// b2 describes this package to the tests it shares with blake2b.
var b2 = blake2test.Describe(&blake2test.BLAKE2{
	Pkg: "blake2s", Alg: "BLAKE2s", XAlg: "BLAKE2Xs",
	Size: Size, BlockSize: BlockSize, SaltSize: SaltSize, PersonalSize: PersonalSize,
	NodeOffsetBits: 48,
	Fixed: []blake2test.Fixed{
		{Size: Size, New: New256, Sum: func(m []byte) []byte { s := Sum256(m); return s[:] }, Hash: crypto.BLAKE2s_256},
		{Size: Size128, New: New128}, // a MAC only: no Sum128, and a key is required
	},
	KeyedDigest: blake2test.Keyed((*digest).initSimple),
}, New, NewWithParams, NewXOFWithParams)

// TestRFC7693 checks the examples of RFC 7693: Appendix B (BLAKE2s-256 of
// "abc") and the self-test of Appendix E, whose grand hash covers digest
// sizes 16, 20, 28, 32, keyed and unkeyed, over inputs of 0 to 1024 bytes.
func TestRFC7693(t *testing.T) {
	b2.TestRFC7693(t, "508C5E8C327C14E2E1A72BA34EEB452F37458B209ED63A294D999B4C86675982", []int{16, 20, 28, 32}, []int{0, 3, 64, 65, 255, 1024}, "6a411f08ce25adcdfb02aba641451cec53c598b24f4fc787fbdc88797f4c1dfe")
}

// TestVectors runs every BLAKE2s and BLAKE2Xs vector of
// ../shared/vectors/blake2.json.gz: the BLAKE2 team's KATs (unkeyed and
// keyed, all 256 input lengths; BLAKE2X for every output length 1..256), the
// pyca/cryptography files and CPython-generated vectors with salts and
// personalization strings, as collected in that file.
func TestVectors(t *testing.T) { b2.TestVectors(t, 1383, 512) }

func TestConformance(t *testing.T) {
	key := []byte("a key of some length, 37 bytes long.")
	b2.TestConformance(t, []blake2test.NamedHash{
		{Name: "New256", New: func() (hash.Hash, error) { return New256(nil) }},
		{Name: "New/16", New: func() (hash.Hash, error) { return New(16, nil) }},
		{Name: "New/1", New: func() (hash.Hash, error) { return New(1, nil) }},
		{Name: "New256/keyed", New: func() (hash.Hash, error) { return New256(key[:20]) }},
		{Name: "New128/keyed", New: func() (hash.Hash, error) { return New128(key[:16]) }},
		{Name: "New/20/keyed32", New: func() (hash.Hash, error) { return New(20, bytes.Repeat([]byte{7}, 32)) }},
		{Name: "Params/salt+personal", New: func() (hash.Hash, error) {
			return NewWithParams(&Params{Size: 24, Salt: make([]byte, 8), Personal: []byte("01234567")})
		}},
		{Name: "Params/tree", New: func() (hash.Hash, error) {
			return NewWithParams(&Params{Size: 32, FanOut: 2, MaxDepth: 3, LeafLength: 4096, NodeOffset: 1<<40 + 3, NodeDepth: 1, InnerLength: 32, IsLastNode: true})
		}},
	}, "New512 New256 New512/keyed New256/keyed Params/tree", key[:32])
}

// TestMarshalGolden pins the marshaled format, a compatibility promise:
// magic, size 32, not the last node; 111 bytes in all.
func TestMarshalGolden(t *testing.T) {
	b2.TestMarshalGolden(t, "623273012000", state.Size(), 111, "a38c90454346338b4764d9c3ca09ff85e2e5481261b6f79b3e12c3829b38b90a")
}

// TestShared runs the checks blake2test holds for both packages: errors
// and limits, parameters, method sets, one-shot sums, registered hashes,
// marshaling refused by MACs, BLAKE2X reading and cloning.
func TestShared(t *testing.T) { b2.TestShared(t) }
