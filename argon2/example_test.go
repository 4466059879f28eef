package argon2_test

import (
	"context"
	"fmt"

	"github.com/hashkit/hashkit/argon2"
)

func ExampleIDKey() {
	// Small parameters for the example (the phc-winner-argon2 test.c case
	// t=2, m=256, p=2); use t=3, 64 MiB, 4 lanes or more.
	key := argon2.IDKey([]byte("password"), []byte("somesalt"), 2, 256, 2, 32)
	fmt.Printf("%x\n", key)
	// Output: 6d093c501fd5999645e0ea3bf620d7b8be7fd2db59c20d9fff9539da2bf57037
}

func ExampleDeriveKey() {
	// RFC 9106 section 5.3 (Argon2id with a secret and associated data).
	pw := make([]byte, 32)
	for i := range pw {
		pw[i] = 1
	}
	params := argon2.Params{
		Variant: argon2.Argon2id, Time: 3, Memory: 32, Lanes: 4, KeyLen: 32,
		Secret:         []byte{3, 3, 3, 3, 3, 3, 3, 3},
		AssociatedData: []byte{4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4},
	}
	salt := []byte{2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2}
	tag, err := argon2.DeriveKey(context.Background(), pw, salt, params)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", tag)
	// Output: 0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659
}
