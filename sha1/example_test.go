package sha1_test

import (
	"fmt"
	"io"

	"github.com/hashkit/hashkit/sha1"
)

func ExampleSum() {
	fmt.Printf("%x\n", sha1.Sum([]byte("The quick brown fox jumps over the lazy dog")))
	// Output: 2fd4e1c67a2d28fced849ee1bb76e7391b93eb12
}

func ExampleNew() {
	h := sha1.New()
	io.WriteString(h, "The quick brown fox ")
	io.WriteString(h, "jumps over the lazy dog")
	fmt.Printf("%x\n", h.Sum(nil))
	// Output: 2fd4e1c67a2d28fced849ee1bb76e7391b93eb12
}
