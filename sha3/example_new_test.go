package sha3_test

import (
	"fmt"
	"hash"
	"io"

	"github.com/hashkit/hashkit/sha3"
)

// New256 is FIPS 202's SHA3-256. Ethereum's "SHA3" is the legacy Keccak-256
// (NewLegacyKeccak256), which pads the input differently: for the same input
// the two give unrelated digests, so check which one a format means.
func ExampleNew256() {
	for _, h := range []hash.Hash{sha3.New256(), sha3.NewLegacyKeccak256()} {
		io.WriteString(h, "abc")
		fmt.Printf("%x\n", h.Sum(nil))
	}
	// Output:
	// 3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532
	// 4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45
}

// cSHAKE keeps the outputs of different applications apart through the
// customization string S.
func ExampleNewCSHAKE128() {
	// SP 800-185's cSHAKE sample #1.
	x := sha3.NewCSHAKE128(nil, []byte("Email Signature"))
	x.Write([]byte{0, 1, 2, 3})
	out := make([]byte, 32)
	x.Read(out)
	fmt.Printf("%x\n", out)
	// Output: c1c36925b6409a04f1b504fcbca9d82b4017277cb5ed2b2065fc1d3814d5aaf5
}

// NewLegacyKeccak256 is Ethereum's keccak256 for a stream (SumKeccak256 for
// a message in memory). A contract function's selector, the first four bytes
// of a call's data, is the keccak256 of its signature, cut to four bytes.
func ExampleNewLegacyKeccak256() {
	h := sha3.NewLegacyKeccak256()
	io.WriteString(h, "transfer(address,uint256)")
	fmt.Printf("%x\n", h.Sum(nil)[:4])
	// Output: a9059cbb
}
