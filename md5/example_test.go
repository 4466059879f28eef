package md5_test

import (
	"fmt"
	"io"

	"github.com/hashkit/hashkit/md5"
)

func ExampleSum() {
	fmt.Printf("%x\n", md5.Sum([]byte("The quick brown fox jumps over the lazy dog")))
	// Output: 9e107d9d372bb6826bd81d3542a419d6
}

func ExampleNew() {
	h := md5.New()
	io.WriteString(h, "The quick brown fox ")
	io.WriteString(h, "jumps over the lazy dog")
	fmt.Printf("%x\n", h.Sum(nil))
	// Output: 9e107d9d372bb6826bd81d3542a419d6
}
