package pbkdf2

import (
	"bytes"
	stdpbkdf2 "crypto/pbkdf2"
	"fmt"
	"testing"
)

// FuzzKey compares Key with crypto/pbkdf2 on the fast paths (SHA-256,
// SHA-224, SHA-512, SHA-512/224, SHA-1) and the generic one (MD5).
func FuzzKey(f *testing.F) {
	f.Add("password", []byte("salt"), uint8(2), uint8(20), uint8(0))
	f.Add("", []byte{}, uint8(1), uint8(1), uint8(1))
	f.Add(string(make([]byte, 130)), make([]byte, 125), uint8(7), uint8(200), uint8(3))
	names := []string{"SHA2-256", "SHA2-224", "SHA2-512", "SHA2-512/224", "SHA-1", "MD5"}
	f.Fuzz(func(t *testing.T, password string, salt []byte, iter, length, which uint8) {
		name := names[int(which)%len(names)]
		it, kl := 1+int(iter)%32, 1+int(length)
		want, err := stdpbkdf2.Key(stdHashes[name], password, salt, it, kl)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := Key(hashes[name], password, salt, it, kl); err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%s: %x, %v; want %x", name, got, err, want)
		}
	})
}

// FuzzIterKernels compares the loop kernel in use with the generic loop on
// arbitrary chaining values and starting points.
func FuzzIterKernels(f *testing.F) {
	f.Add(make([]byte, 128), uint8(1))
	f.Add(bytes.Repeat([]byte{0xff}, 128), uint8(9))
	f.Fuzz(func(t *testing.T, seed []byte, n uint8) {
		if len(seed) < 128 {
			return
		}
		checkIterKernels(t, fmt.Sprintf("%d iterations", 1+int(n)), seed, 1+int(n))
	})
}
