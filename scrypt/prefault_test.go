package scrypt

import (
	"bytes"
	"context"
	"testing"
)

// TestPrefault compares keys derived with one mix beside the prefault of
// its table (two threads) and without it (one), for block sizes that do and
// do not divide the prefault's pieces.
func TestPrefault(t *testing.T) {
	pw, salt := []byte("password"), []byte("NaCl")
	for _, r := range []int{1, 3, 8} {
		for _, N := range []int{16, 1 << 10, 1 << 12} {
			p := Params{N: N, R: r, P: 1, KeyLen: 32, Threads: 1}
			want, err := DeriveKey(context.Background(), pw, salt, p)
			if err != nil {
				t.Fatal(err)
			}
			p.Threads = 2
			for range 3 {
				got, err := DeriveKey(context.Background(), pw, salt, p)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("N=%d r=%d: %x with the prefault, %x without", N, r, got, want)
				}
			}
		}
	}
}
