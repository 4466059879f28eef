package scrypt_test

import (
	"context"
	"fmt"

	"github.com/hashkit/hashkit/scrypt"
)

func ExampleKey() {
	// RFC 7914 section 12, second test vector.
	dk, err := scrypt.Key([]byte("password"), []byte("NaCl"), 1024, 8, 16, 64)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", dk[:16])
	// Output: fdbabe1c9d3472007856e7190d01e9fe
}

func ExampleDeriveKey() {
	params := scrypt.Params{N: 1 << 10, R: 8, P: 1, KeyLen: 32, MaxMemory: 64 << 20}
	dk, err := scrypt.DeriveKey(context.Background(), []byte("password"), []byte("NaCl"), params)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(dk), params.MinMemory())
	// Output: 32 1050656
}
