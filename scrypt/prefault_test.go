package scrypt

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/kdftest"
)

// TestPrefault compares keys derived with one mix beside the prefault of
// its table (two threads) and without it (one), for block sizes that do and
// do not divide the prefault's pieces.
func TestPrefault(t *testing.T) {
	pw, salt := []byte("password"), []byte("NaCl")
	for _, r := range []int{1, 3, 8} {
		for _, N := range []int{16, 1 << 10, 1 << 12} {
			p := Params{N: N, R: r, P: 1, KeyLen: 32}
			kdftest.SameWithPrefault(t, fmt.Sprintf("N=%d r=%d", N, r), 1, func(threads int) ([]byte, error) {
				p.Threads = threads
				return DeriveKey(context.Background(), pw, salt, p)
			})
		}
	}
}
