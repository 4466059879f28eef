package sha3_test

import (
	"fmt"
	"io"

	"github.com/hashkit/hashkit/sha3"
)

// New256 hashes a stream; its state can be saved with MarshalBinary.
func ExampleNew256() {
	h := sha3.New256()
	io.WriteString(h, "hello ")
	io.WriteString(h, "world\n")
	fmt.Printf("%x\n", h.Sum(nil))
	// Output: a8009a7a528d87778c356da3a55d964719e818666a04e4f960c9e2439e35f138
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

// NewLegacyKeccak256 is Ethereum's keccak256 for a stream (SumKeccak256 for a
// message in memory).
func ExampleNewLegacyKeccak256() {
	h := sha3.NewLegacyKeccak256()
	io.WriteString(h, "abc")
	fmt.Printf("%x\n", h.Sum(nil))
	// Output: 4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45
}
