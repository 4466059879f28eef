package argon2_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hashkit/hashkit/argon2"
)

// Hash and Verify store and check passwords as PHC strings, which hold the
// variant, the parameters and a random salt beside the tag.
func ExampleHash() {
	// Small memory so that the example runs fast; RFC 9106 recommends
	// Time: 3, Memory: 64 * 1024 (64 MiB), Lanes: 4, or more.
	params := argon2.Params{Variant: argon2.Argon2id, Time: 3, Memory: 64, Lanes: 4}
	stored, err := argon2.Hash([]byte("correct horse"), params)
	if err != nil {
		panic(err)
	}
	fmt.Println(strings.HasPrefix(stored, "$argon2id$v=19$m=64,t=3,p=4$"))

	fmt.Println(argon2.Verify(stored, []byte("correct horse")))
	fmt.Println(errors.Is(argon2.Verify(stored, []byte("battery staple")), argon2.ErrMismatch))
	// Output:
	// true
	// <nil>
	// true
}
