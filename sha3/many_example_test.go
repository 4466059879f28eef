package sha3_test

import (
	"fmt"

	"github.com/hashkit/hashkit/sha3"
)

// Two 4-byte records, stored back to back, hashed in one call (the digests
// checked with Python's hashlib).
func ExampleSumMany256() {
	dst := make([][sha3.Size256]byte, 2)
	if err := sha3.SumMany256(dst, []byte("foo!bar!"), 4); err != nil {
		panic(err)
	}
	fmt.Printf("%x %x\n", dst[0][:8], dst[1][:8])
	// Output: 4df110af9ccda2b0 aa8becc230cbd826
}

// Matrix expansion: four SHAKE128 streams of four 5-byte seeds, read 168
// bytes (one block) of each at a time (stream 2 checked with Python's
// hashlib).
func ExampleSHAKEMany() {
	seeds := []byte("seed\x00seed\x01seed\x02seed\x03")
	var x sha3.SHAKEMany
	if err := x.Init128(4, seeds, 5); err != nil {
		panic(err)
	}
	blocks := make([]byte, 4*168)
	if err := x.Read(blocks); err != nil { // stream j at blocks[168*j:]
		panic(err)
	}
	fmt.Printf("%x\n", blocks[2*168:2*168+8])
	// Output: 97dd888e679b0b8f
}
