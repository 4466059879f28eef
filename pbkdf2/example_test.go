package pbkdf2_test

import (
	"context"
	"fmt"
	"time"

	"github.com/hashkit/hashkit/pbkdf2"
	"github.com/hashkit/hashkit/sha256"
)

func ExampleKey() {
	// RFC 7914 section 11, PBKDF2-HMAC-SHA256 test vector 1.
	dk, err := pbkdf2.Key(sha256.New, "passwd", []byte("salt"), 1, 16)
	fmt.Printf("%x %v\n", dk, err)
	// Output: 55ac046e56e3089fec1691c22544b605 <nil>
}

// A server bounds the time a derivation may take with a context.
func ExampleDeriveKey() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	salt := []byte("a random salt of at least 16 bytes, stored with the hash")
	calls := 0
	// Real deployments use 600,000 iterations or more; this example keeps
	// fewer so that it runs quickly under emulation.
	dk, err := pbkdf2.DeriveKey(ctx, sha256.New, "correct horse", salt, 20_000, 32, func(fraction float64) { calls++ })
	fmt.Println(len(dk), err, calls > 0 && calls <= 101)
	// Output: 32 <nil> true
}
