//go:build !race

package hkdf

import (
	"hash"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/kdftest"
	"github.com/hashkit/hashkit/sha1"
	"github.com/hashkit/hashkit/sha256"
)

// TestAllocations checks the SHA-256 and SHA-1 fast paths: the
// constructor's digest (needed to recognise the hash) and the result are
// the only allocations, whatever the output length.
func TestAllocations(t *testing.T) {
	for name, h := range map[string]func() hash.Hash{"SHA-256": sha256.New, "SHA-1": sha1.New} {
		if !kdftest.FastPath(h) {
			t.Logf("%s is the standard library's on this GOARCH: HKDF runs its generic code", name)
			continue
		}
		secret, salt := make([]byte, 32), make([]byte, 32)
		for _, kl := range []int{32, 1000} {
			if n := testing.AllocsPerRun(10, func() { Key(h, secret, salt, "info", kl) }); n > 2 {
				t.Errorf("%s: Key of %d bytes allocates %v times; want at most 2", name, kl, n)
			}
			if n := testing.AllocsPerRun(10, func() { Expand(h, secret, "info", kl) }); n > 2 {
				t.Errorf("%s: Expand of %d bytes allocates %v times; want at most 2", name, kl, n)
			}
		}
		if n := testing.AllocsPerRun(10, func() { Extract(h, secret, salt) }); n > 2 {
			t.Errorf("%s: Extract allocates %v times; want at most 2", name, n)
		}
	}
}
