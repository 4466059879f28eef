package scrypt_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hashkit/hashkit/scrypt"
)

// Hash and Verify store and check passwords as passlib's PHC strings, which
// hold the parameters and a random salt beside the key.
func ExampleHash() {
	// N = 2^10 so that the example runs fast; interactive logins use
	// N = 2^15 (32 MiB) or more, r = 8, p = 1.
	params := scrypt.Params{N: 1 << 10, R: 8, P: 1}
	stored, err := scrypt.Hash([]byte("correct horse"), params)
	if err != nil {
		panic(err)
	}
	fmt.Println(strings.HasPrefix(stored, "$scrypt$ln=10,r=8,p=1$"))

	fmt.Println(scrypt.Verify(stored, []byte("correct horse")))
	fmt.Println(errors.Is(scrypt.Verify(stored, []byte("battery staple")), scrypt.ErrMismatch))
	// Output:
	// true
	// <nil>
	// true
}
