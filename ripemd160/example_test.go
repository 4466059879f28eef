package ripemd160_test

import (
	"bytes"
	"encoding/hex"
	"fmt"

	"github.com/hashkit/hashkit/ripemd160"
	"github.com/hashkit/hashkit/sha256"
)

// Bitcoin's HASH160, behind its P2PKH and P2SH addresses, is the RIPEMD-160
// of the SHA-256 of a public key or a script; here the compressed public key
// of the Bitcoin wiki's address example.
func ExampleSum() {
	pub, err := hex.DecodeString("0250863ad64a87ae8a2fe83c1af1a8403cb53f53e486d8511dad8a04887e5b2352")
	if err != nil {
		panic(err)
	}
	sha := sha256.Sum256(pub)
	fmt.Printf("%x\n", ripemd160.Sum(sha[:]))
	// Output: f54a5851e9372b87810a8e60cdd2e7cfd80b6e31
}

// New hashes a stream in pieces: the RIPEMD-160 authors' test of a million
// "a"s, written a thousand at a time.
func ExampleNew() {
	h := ripemd160.New()
	piece := bytes.Repeat([]byte("a"), 1000)
	for range 1000 {
		h.Write(piece)
	}
	fmt.Printf("%x\n", h.Sum(nil))
	// Output: 52783243c1697bdbe16d37f97f68f08325dc1528
}
