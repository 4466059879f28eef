package blake2b

import (
	"bytes"
	"crypto"
	"hash"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/blake2test"
)

// b2 describes this package to the tests it shares with blake2s.
var b2 = blake2test.Describe(&blake2test.BLAKE2{
	Pkg: "blake2b", Alg: "BLAKE2b", XAlg: "BLAKE2Xb",
	Size: Size, BlockSize: BlockSize, SaltSize: SaltSize, PersonalSize: PersonalSize,
	NodeOffsetBits: 64,
	Fixed: []blake2test.Fixed{
		{Size: Size, New: New512, Sum: func(m []byte) []byte { s := Sum512(m); return s[:] }, Hash: crypto.BLAKE2b_512},
		{Size: Size384, New: New384, Sum: func(m []byte) []byte { s := Sum384(m); return s[:] }, Hash: crypto.BLAKE2b_384},
		{Size: Size256, New: New256, Sum: func(m []byte) []byte { s := Sum256(m); return s[:] }, Hash: crypto.BLAKE2b_256},
	},
	KeyedDigest: blake2test.Keyed((*digest).initSimple),
}, New, NewWithParams, NewXOFWithParams)

// TestRFC7693 checks the examples of RFC 7693: Appendix A (BLAKE2b-512 of
// "abc") and the self-test of Appendix E, whose grand hash covers digest
// sizes 20, 32, 48, 64, keyed and unkeyed, over inputs of 0 to 1024 bytes.
func TestRFC7693(t *testing.T) {
	b2.TestRFC7693(t, "BA80A53F981C4D0D6A2797B69F12F6E94C212F14685AC4B74B12BB6FDBFFA2D1"+
		"7D87C5392AAB792DC252D5DE4533CC9518D38AA8DBF1925AB92386EDD4009923", []int{20, 32, 48, 64}, []int{0, 3, 128, 129, 255, 1024}, "c23a7800d98123bd10f506c61e29da5603d763b8bbad2e737f5e765a7bccd475")
}

// TestVectors runs every BLAKE2b and BLAKE2Xb vector of
// ../shared/vectors/blake2.json.gz: the BLAKE2 team's KATs (unkeyed and
// keyed, all 256 input lengths; BLAKE2X for every output length 1..256), the
// pyca/cryptography files and CPython-generated vectors with salts and
// personalization strings, as collected in that file.
func TestVectors(t *testing.T) { b2.TestVectors(t, 2247, 512) }

func TestConformance(t *testing.T) {
	key := []byte("a key of some length, 37 bytes long.")
	b2.TestConformance(t, []blake2test.NamedHash{
		{Name: "New512", New: func() (hash.Hash, error) { return New512(nil) }},
		{Name: "New384", New: func() (hash.Hash, error) { return New384(nil) }},
		{Name: "New256", New: func() (hash.Hash, error) { return New256(nil) }},
		{Name: "New/1", New: func() (hash.Hash, error) { return New(1, nil) }},
		{Name: "New512/keyed", New: func() (hash.Hash, error) { return New512(key) }},
		{Name: "New/20/keyed64", New: func() (hash.Hash, error) { return New(20, bytes.Repeat([]byte{7}, 64)) }},
		{Name: "Params/salt+personal", New: func() (hash.Hash, error) {
			return NewWithParams(&Params{Size: 40, Salt: make([]byte, 16), Personal: []byte("0123456789abcdef")})
		}},
		{Name: "Params/tree", New: func() (hash.Hash, error) {
			return NewWithParams(&Params{Size: 64, FanOut: 2, MaxDepth: 3, LeafLength: 4096, NodeOffset: 1<<40 + 3, NodeDepth: 1, InnerLength: 64, IsLastNode: true})
		}},
	}, "New512 New256 New512/keyed New256/keyed Params/tree", key)
}

// TestMarshalGolden pins the marshaled format, a compatibility promise:
// magic, size 64, not the last node; 215 bytes in all.
func TestMarshalGolden(t *testing.T) {
	b2.TestMarshalGolden(t, "623262014000", state.Size(), 215, "492a1513cb4297fafe9f68d41c6cbe0b3eadb6937d5e6f5ec233c987cc6ebecf")
}

// TestShared runs the checks blake2test holds for both packages: errors
// and limits, parameters, method sets, one-shot sums, registered hashes,
// marshaling refused by MACs, BLAKE2X reading and cloning.
func TestShared(t *testing.T) { b2.TestShared(t) }
