package sha256_test

import (
	"encoding"
	"fmt"
	"io"

	"github.com/hashkit/hashkit/sha256"
)

func ExampleSum256() {
	fmt.Printf("%x\n", sha256.Sum256([]byte("abc")))
	// Output: ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
}

func ExampleSum224() {
	fmt.Printf("%x\n", sha256.Sum224([]byte("abc")))
	// Output: 23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7
}

func ExampleNew() {
	h := sha256.New()
	io.WriteString(h, "hello ")
	io.WriteString(h, "world\n")
	fmt.Printf("%x\n", h.Sum(nil))
	// Output: a948904f2f0f479b8f8197694b30184b0d2ed1c1cd2a1ec0fb85d299a192a447
}

// A long computation can be saved with MarshalBinary and resumed later, also
// by crypto/sha256, which uses the same format.
func ExampleNew_marshal() {
	h := sha256.New()
	io.WriteString(h, "hello ")
	state, err := h.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		panic(err)
	}

	resumed := sha256.New()
	if err := resumed.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
		panic(err)
	}
	io.WriteString(resumed, "world\n")
	fmt.Printf("%x\n", resumed.Sum(nil))
	// Output: a948904f2f0f479b8f8197694b30184b0d2ed1c1cd2a1ec0fb85d299a192a447
}
