package blake3_test

import (
	"fmt"
	"io"

	"github.com/hashkit/hashkit/blake3"
)

func ExampleSum256() {
	fmt.Printf("%x\n", blake3.Sum256([]byte("abc")))
	// Output: 6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85
}

func ExampleNewKeyed() {
	key := []byte("whats the Elvish word for friend") // 32 bytes; use a random key
	mac, err := blake3.NewKeyed(key)
	if err != nil {
		panic(err)
	}
	mac.Write([]byte("message"))
	fmt.Printf("%d-byte tag\n", len(mac.Sum(nil)))
	// Output: 32-byte tag
}

func ExampleDeriveKey() {
	out := make([]byte, 16)
	blake3.DeriveKey("example.com 2026-11-29 session keys", []byte("input key material"), out)
	fmt.Println(len(out))
	// Output: 16
}

func ExampleHasher_XOF() {
	h := blake3.New()
	h.Write([]byte("abc"))
	r := h.XOF()
	r.Seek(32, io.SeekStart) // skip the 32 bytes Sum returns
	next := make([]byte, 8)
	r.Read(next)
	fmt.Printf("%x\n", next)
	// Output: 1fb250ae7393f5d0
}
