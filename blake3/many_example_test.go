package blake3_test

import (
	"fmt"

	"github.com/hashkit/hashkit/blake3"
)

// Two 4-byte records, stored back to back, hashed in one call (digest 1
// checked with b3sum).
func ExampleSumMany() {
	dst := make([][blake3.Size]byte, 2)
	if err := blake3.SumMany(dst, []byte("foo!bar!"), 4); err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", dst[1][:8])
	// Output: a05e8981ef8b1b03
}
