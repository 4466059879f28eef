package hkdf

import (
	"bytes"
	stdhkdf "crypto/hkdf"
	"testing"
)

// FuzzKey compares Key with crypto/hkdf over SHA-256, SHA-224, SHA-1 (fast
// paths), SHA-512 and MD5.
func FuzzKey(f *testing.F) {
	f.Add([]byte("secret"), []byte("salt"), "info", uint16(42), uint8(0))
	f.Add([]byte{}, []byte{}, "", uint16(1), uint8(1))
	f.Add(make([]byte, 100), make([]byte, 100), "a longer info string that spans a block of sha-256 input", uint16(8160), uint8(2))
	names := []string{"SHA2-256", "SHA2-224", "SHA2-512", "SHA-1", "MD5"}
	f.Fuzz(func(t *testing.T, secret, salt []byte, info string, length uint16, which uint8) {
		name := names[int(which)%len(names)]
		kl := int(length)
		got, err := Key(hashes[name], secret, salt, info, kl)
		want, werr := stdhkdf.Key(stdHashes[name], secret, salt, info, kl)
		if kl == 0 {
			if err == nil {
				t.Fatal("no error for length 0")
			}
			return
		}
		if (err != nil) != (werr != nil) || !bytes.Equal(got, want) {
			t.Fatalf("%s, %d bytes: %x, %v; want %x, %v", name, kl, got, err, want, werr)
		}
	})
}
