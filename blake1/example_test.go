package blake1_test

import (
	"fmt"

	"github.com/hashkit/hashkit/blake1"
)

func ExampleSum256() {
	fmt.Printf("%x\n", blake1.Sum256([]byte{0}))
	// Output: 0ce8d4ef4dd7cd8d62dfded9d4edb0a774ae6a41929a74da23109e8f11139c87
}

func ExampleNew512Salt() {
	h, err := blake1.New512Salt(make([]byte, blake1.SaltSize512))
	if err != nil {
		panic(err)
	}
	h.Write([]byte{0})
	// An all-zero salt gives the unsalted BLAKE-512.
	fmt.Printf("%x\n", h.Sum(nil)[:16])
	_, err = blake1.New256Salt([]byte("short"))
	fmt.Println(err)
	// Output:
	// 97961587f6d970faba6d2478045de6d1
	// hashkit/blake1: invalid salt size: BLAKE-224 and BLAKE-256 take 16 bytes
}
