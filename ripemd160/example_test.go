package ripemd160_test

import (
	"fmt"
	"io"

	"github.com/hashkit/hashkit/ripemd160"
)

func ExampleSum() {
	fmt.Printf("%x\n", ripemd160.Sum([]byte("The quick brown fox jumps over the lazy dog")))
	// Output: 37f332f68db77bd9d7edd4969571ad671cf9dd3b
}

func ExampleNew() {
	h := ripemd160.New()
	io.WriteString(h, "The quick brown fox ")
	io.WriteString(h, "jumps over the lazy dog")
	fmt.Printf("%x\n", h.Sum(nil))
	// Output: 37f332f68db77bd9d7edd4969571ad671cf9dd3b
}
