package blake3_test

import (
	"fmt"
	"io"

	"github.com/hashkit/hashkit/blake3"
)

// New hashes a stream. Sum gives the 32-byte hash that b3sum prints; Read
// gives as many bytes as asked (b3sum --length), and Sum's are the first of
// them.
func ExampleNew() {
	h := blake3.New()
	io.WriteString(h, "hello ")
	io.WriteString(h, "world\n")
	fmt.Printf("%x\n", h.Sum(nil))
	long := make([]byte, 40)
	h.Read(long)
	fmt.Printf("%x\n", long)
	// Output:
	// dc5a4edb8240b018124052c330270696f96771a63b45250a5c17d3000e823355
	// dc5a4edb8240b018124052c330270696f96771a63b45250a5c17d3000e823355675dacfc3ed1a069
}
