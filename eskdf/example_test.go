package eskdf_test

import (
	"fmt"

	"github.com/hashkit/hashkit/eskdf"
)

// This example is compiled but not run by go test: deriving the main seed
// takes about a second and 512 MiB. It prints the values of noble's vectors.
func Example() {
	kdf, err := eskdf.New("example@example.org", "beginning-new-example")
	if err != nil {
		panic(err)
	}
	defer kdf.Expire()
	key, err := kdf.DeriveChildKey("aes", 0, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(kdf.Fingerprint())
	fmt.Printf("%x\n", key)
	// Prints:
	// B6:2C:85:DF:E3:A1
	// 78ae9652ecd567d3be03b6dad2713ce94b05e7ec29dc42e99edddd5a09be969e
}
