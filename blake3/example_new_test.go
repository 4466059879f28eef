package blake3_test

import (
	"fmt"
	"io"

	"github.com/hashkit/hashkit/blake3"
)

// New hashes a stream; Sum gives the 32-byte hash, and XOF any length.
func ExampleNew() {
	h := blake3.New()
	io.WriteString(h, "hello ")
	io.WriteString(h, "world\n")
	fmt.Printf("%x\n", h.Sum(nil))
	// Output: dc5a4edb8240b018124052c330270696f96771a63b45250a5c17d3000e823355
}
