package blake2s_test

import (
	"fmt"
	"io"

	"github.com/hashkit/hashkit/blake2s"
)

func ExampleSum256() {
	fmt.Printf("%x\n", blake2s.Sum256([]byte("abc")))
	// Output: 508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982
}

func ExampleNew128() {
	// BLAKE2s-128 is offered only as a MAC, as in x/crypto.
	_, err := blake2s.New128(nil)
	fmt.Println(err)
	mac, _ := blake2s.New128([]byte("a 16-byte secret"))
	mac.Write([]byte("message"))
	fmt.Println(len(mac.Sum(nil)))
	// Output:
	// hashkit/blake2s: a key is required for a 128-bit hash
	// 16
}

func ExampleNewWithParams() {
	h, err := blake2s.NewWithParams(&blake2s.Params{
		Size:     32,
		Salt:     []byte("8 bytes!"),
		Personal: []byte("MyApp v1"),
	})
	if err != nil {
		panic(err)
	}
	h.Write([]byte("record"))
	fmt.Println(h.Size())
	// Output: 32
}

func ExampleNewXOF() {
	x, err := blake2s.NewXOF(blake2s.OutputLengthUnknown, []byte("key"))
	if err != nil {
		panic(err)
	}
	x.Write([]byte("seed"))
	out := make([]byte, 100)
	io.ReadFull(x, out)
	fmt.Println(len(out))
	// Output: 100
}
