package scrypt_test

import (
	"fmt"
	"strings"

	"github.com/hashkit/hashkit/scrypt"
)

// Hash, Verify and NeedsRehash store and check passwords as passlib's PHC
// strings, which hold the parameters and a random salt beside the key. At
// login, a stored hash whose parameters are out of date is replaced while
// the password is at hand; here one that Python's passlib made with N = 2^4.
func ExampleHash() {
	stored := "$scrypt$ln=4,r=8,p=1$c29tZXNhbHRzb21lc2FsdA$rjCGpPW8r+9XVz9RqXtAszWzNTGPgzIyDDbKAQjn6LU"
	password := []byte("password")
	if err := scrypt.Verify(stored, password); err != nil {
		fmt.Println("login refused:", err)
		return
	}
	// N = 2^10 so that the example runs fast; interactive logins use
	// N = 2^15 (32 MiB) or more, r = 8, p = 1.
	current := scrypt.Params{N: 1 << 10, R: 8, P: 1}
	if scrypt.NeedsRehash(stored, current) {
		var err error
		if stored, err = scrypt.Hash(password, current); err != nil {
			panic(err)
		}
	}
	fmt.Println(strings.HasPrefix(stored, "$scrypt$ln=10,r=8,p=1$"), scrypt.Verify(stored, password))
	// Output: true <nil>
}
