package blake2b_test

import (
	"fmt"
	"io"

	"github.com/hashkit/hashkit/blake2b"
)

func ExampleSum256() {
	fmt.Printf("%x\n", blake2b.Sum256([]byte("hello")))
	// Output: 324dcf027dd4a30a932c441f365a25e86b173defa4b8e58948253471b81b72cf
}

func ExampleNew() {
	// A keyed hash is a MAC; BLAKE2 needs no HMAC construction.
	mac, err := blake2b.New(32, []byte("a secret key of 16+ bytes"))
	if err != nil {
		panic(err)
	}
	mac.Write([]byte("message"))
	fmt.Println(len(mac.Sum(nil)))
	// Output: 32
}

func ExampleNewWithParams() {
	h, err := blake2b.NewWithParams(&blake2b.Params{
		Size:     32,
		Personal: []byte("MyApp v1 records"), // 16 bytes
	})
	if err != nil {
		panic(err)
	}
	h.Write([]byte("record"))
	fmt.Println(h.Size())

	_, err = blake2b.NewWithParams(&blake2b.Params{Size: 32, Salt: []byte("short")})
	fmt.Println(err)
	// Output:
	// 32
	// hashkit/blake2b: invalid salt size: must be 0 or 16 bytes
}

func ExampleNewXOF() {
	x, err := blake2b.NewXOF(100, nil)
	if err != nil {
		panic(err)
	}
	x.Write([]byte("seed"))
	out, _ := io.ReadAll(x) // Read returns io.EOF after 100 bytes
	fmt.Println(len(out))
	// Output: 100
}
