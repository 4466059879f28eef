//go:build !race

package hkdf

import (
	"testing"

	"github.com/hashkit/hashkit/internal/sha2"
	"github.com/hashkit/hashkit/sha256"
)

// TestAllocations checks the SHA-256 fast path: the constructor's digest
// (needed to recognise the hash) and the result are the only allocations,
// whatever the output length.
func TestAllocations(t *testing.T) {
	if _, ok := sha2.Fresh256(sha256.New()); !ok {
		t.Skip("sha256.New is crypto/sha256's on this GOARCH: HKDF runs its generic code")
	}
	secret, salt := make([]byte, 32), make([]byte, 32)
	for _, kl := range []int{32, 1000} {
		if n := testing.AllocsPerRun(10, func() { Key(sha256.New, secret, salt, "info", kl) }); n > 2 {
			t.Errorf("Key of %d bytes allocates %v times; want at most 2", kl, n)
		}
		if n := testing.AllocsPerRun(10, func() { Expand(sha256.New, secret, "info", kl) }); n > 2 {
			t.Errorf("Expand of %d bytes allocates %v times; want at most 2", kl, n)
		}
	}
	if n := testing.AllocsPerRun(10, func() { Extract(sha256.New, secret, salt) }); n > 2 {
		t.Errorf("Extract allocates %v times; want at most 2", n)
	}
}
