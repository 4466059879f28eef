package hkdf_test

import (
	"bytes"
	"crypto/rand"
	"fmt"

	"github.com/hashkit/hashkit/hkdf"
	"github.com/hashkit/hashkit/sha256"
)

// Derive two independent keys from one shared secret: extract once, then
// expand with a different info string for each key.
func Example() {
	secret := []byte("a Diffie-Hellman shared secret, for example")
	salt := make([]byte, sha256.Size)
	rand.Read(salt) // sent along with the derived key's use, not secret

	prk, err := hkdf.Extract(sha256.New, secret, salt)
	if err != nil {
		panic(err)
	}
	encKey, _ := hkdf.Expand(sha256.New, prk, "example encryption key", 32)
	macKey, _ := hkdf.Expand(sha256.New, prk, "example MAC key", 32)
	fmt.Println(len(encKey), len(macKey), bytes.Equal(encKey, macKey))

	// Key is Extract followed by Expand.
	again, _ := hkdf.Key(sha256.New, secret, salt, "example encryption key", 32)
	fmt.Println(bytes.Equal(again, encKey))
	// Output:
	// 32 32 false
	// true
}

func ExampleKey() {
	// RFC 5869 appendix A test case 3: no salt, no info.
	ikm := bytes.Repeat([]byte{0x0b}, 22)
	okm, err := hkdf.Key(sha256.New, ikm, nil, "", 42)
	fmt.Printf("%x %v\n", okm, err)
	// Output: 8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8 <nil>
}
