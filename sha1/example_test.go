package sha1_test

import (
	"encoding/binary"
	"fmt"

	"github.com/hashkit/hashkit/hmac"
	"github.com/hashkit/hashkit/sha1"
)

// SHA-1 is broken for collisions (two inputs with one digest can be made):
// use it where a format fixes it, as git's object ids, and SHA-256 or SHA-3
// elsewhere. Git names a file's content (a blob) by the SHA-1 of a short
// header and the content: the id that `git hash-object` prints.
func ExampleSum() {
	content := "hello world\n"
	id := sha1.Sum(fmt.Appendf(nil, "blob %d\x00%s", len(content), content))
	fmt.Printf("%x\n", id)
	// Output: 3b18e512dba79e4c8300dd08aeb37f8e728b8dad
}

// HOTP (RFC 4226), the one-time passwords of authenticator apps (TOTP
// counts time steps instead), is HMAC-SHA-1 cut to six digits. HMAC does not
// rest on collision resistance, so SHA-1's collisions do not weaken it.
func ExampleNew() {
	secret := []byte("12345678901234567890") // the key of RFC 4226, appendix D
	for counter := range uint64(3) {
		mac := hmac.New(sha1.New, secret)
		mac.Write(binary.BigEndian.AppendUint64(nil, counter))
		sum := mac.Sum(nil)
		offset := sum[len(sum)-1] & 0xf // "dynamic truncation"
		code := binary.BigEndian.Uint32(sum[offset:]) & 0x7fffffff
		fmt.Printf("%06d\n", code%1_000_000)
	}
	// Output:
	// 755224
	// 287082
	// 359152
}
