package sha256_test

import (
	"fmt"

	"github.com/hashkit/hashkit/sha256"
)

// Three 4-byte records, stored back to back, hashed in one call.
func ExampleSumMany() {
	data := []byte("foo!bar!baz!")
	dst := make([][sha256.Size]byte, 3)
	if err := sha256.SumMany(dst, data, 4); err != nil {
		panic(err)
	}
	fmt.Println(dst[1] == sha256.Sum256([]byte("bar!")))
	// A length that does not match is an error, and nothing is written.
	fmt.Println(sha256.SumMany(dst, data, 5))
	// Output:
	// true
	// hashkit/sha256: SumMany needs msgLen >= 0 and len(data) == len(dst)*msgLen
}

// A Merkle tree of eight leaves, one layer at a time, in place (the root
// checked with Python's hashlib).
func ExampleSumPairs() {
	layer := make([][sha256.Size]byte, 8)
	for i := range layer {
		layer[i][0] = byte(i)
	}
	for len(layer) > 1 {
		if err := sha256.SumPairs(layer[:len(layer)/2], layer); err != nil {
			panic(err)
		}
		layer = layer[:len(layer)/2]
	}
	fmt.Printf("%x\n", layer[0][:8])
	// Output: 89a0f1577268cc19
}
