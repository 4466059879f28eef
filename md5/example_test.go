package md5_test

import (
	"encoding/base64"
	"fmt"
	"io"
	"strings"

	"github.com/hashkit/hashkit/md5"
	"github.com/hashkit/hashkit/sha256"
)

// MD5 is broken: anyone can make two inputs with the same digest. Use it
// only where an existing protocol asks for it, never to authenticate data or
// to tell apart files an attacker may have made. Here: the Content-MD5
// header (RFC 1864), which some storage APIs still require, the base64 of
// the body's MD5, a check against corruption in transit, not tampering.
func ExampleSum() {
	body := []byte("The quick brown fox jumps over the lazy dog")
	sum := md5.Sum(body)
	fmt.Println("Content-MD5:", base64.StdEncoding.EncodeToString(sum[:]))
	// Output: Content-MD5: nhB9nTcrtoJr2B01QqQZ1g==
}

// While a legacy system still wants MD5 checksums, one pass over the data
// can give it those and the SHA-256 that new code should rely on.
func ExampleNew() {
	legacy, current := md5.New(), sha256.New()
	r := strings.NewReader("The quick brown fox jumps over the lazy dog") // a file, in practice
	if _, err := io.Copy(io.MultiWriter(legacy, current), r); err != nil {
		panic(err)
	}
	fmt.Printf("md5    %x\nsha256 %x\n", legacy.Sum(nil), current.Sum(nil))
	// Output:
	// md5    9e107d9d372bb6826bd81d3542a419d6
	// sha256 d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592
}
