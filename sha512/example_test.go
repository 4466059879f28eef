package sha512_test

import (
	"fmt"
	"hash"
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

// SHA-512/256 is not SHA-512 cut to 32 bytes: its own initial values make
// it another function: neither digest can be computed from the other. It
// runs at SHA-512's speed, faster than SHA-256 on most 64-bit CPUs without
// SHA instructions.
func Example_truncated() {
	full := sha512.Sum512([]byte("abc"))
	fmt.Printf("%x\n%x\n", sha512.Sum512_256([]byte("abc")), full[:32])
	// Output:
	// 53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23
	// ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a
}

// The state after a shared prefix can be cloned (hash.Cloner) and each clone
// finished with its own ending, without hashing the prefix again.
func ExampleNew() {
	prefix := sha512.New()
	io.WriteString(prefix, "ab")
	for _, ending := range []string{"c", "d"} {
		clone, err := prefix.(hash.Cloner).Clone()
		if err != nil {
			panic(err)
		}
		h := clone.(hash.Hash)
		io.WriteString(h, ending)
		fmt.Printf("ab%s: %x\n", ending, h.Sum(nil)[:16])
	}
	// Output:
	// abc: ddaf35a193617abacc417349ae204131
	// abd: 1a9840c27a5cf22dab060cdd8a83da2b
}
