package sha512_test

import (
	"fmt"
	"io"

	"github.com/hashkit/hashkit/sha512"
)

func ExampleSum512() {
	fmt.Printf("%x\n", sha512.Sum512([]byte("abc")))
	// Output: ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f
}

func ExampleSum384() {
	fmt.Printf("%x\n", sha512.Sum384([]byte("abc")))
	// Output: cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7
}

// SHA-512/256 is SHA-512 with its own initial values, cut to 32 bytes.
func Example_truncated() {
	fmt.Printf("%x\n", sha512.Sum512_256([]byte("abc")))
	// Output: 53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23
}

func ExampleNew() {
	h := sha512.New()
	io.WriteString(h, "ab")
	io.WriteString(h, "c")
	fmt.Printf("%x\n", h.Sum(nil))
	// Output: ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f
}
