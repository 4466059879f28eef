package hmac_test

import (
	"encoding/hex"
	"fmt"

	"github.com/hashkit/hashkit/hmac"
	"github.com/hashkit/hashkit/sha256"
)

func Example() {
	// RFC 4231 test case 2.
	mac := hmac.New(sha256.New, []byte("Jefe"))
	mac.Write([]byte("what do ya want for nothing?"))
	fmt.Println(hex.EncodeToString(mac.Sum(nil)))
	// Output: 5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843
}

func ExampleEqual() {
	key := []byte("a secret key")
	message := []byte("a message")

	// The sender computes the tag.
	m := hmac.New(sha256.New, key)
	m.Write(message)
	tag := m.Sum(nil)

	// The receiver recomputes it and compares in constant time. A keyed
	// MAC can be reused for many messages with Reset.
	m.Reset()
	m.Write(message)
	fmt.Println(hmac.Equal(tag, m.Sum(nil)))

	m.Reset()
	m.Write([]byte("a forged message"))
	fmt.Println(hmac.Equal(tag, m.Sum(nil)))
	// Output:
	// true
	// false
}
