//go:build !race

package pbkdf2

import (
	"hash"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/kdftest"
	"github.com/hashkit/hashkit/sha1"
	"github.com/hashkit/hashkit/sha256"
	"github.com/hashkit/hashkit/sha512"
)

// TestAllocations checks that the allocations do not grow with the
// iteration count, and that the SHA-1 and SHA-2 fast paths allocate only the
// constructor's digest, the monitor and the result.
func TestAllocations(t *testing.T) {
	for _, h := range []func() hash.Hash{sha256.New, sha512.New, sha1.New} {
		few := testing.AllocsPerRun(5, func() { Key(h, "password", []byte("salt"), 1, 32) })
		many := testing.AllocsPerRun(5, func() { Key(h, "password", []byte("salt"), 5000, 32) })
		if many != few {
			t.Errorf("%T: %v allocations with 1 iteration, %v with 5000", h(), few, many)
		}
	}
	for _, h := range []func() hash.Hash{sha256.New, sha512.New, sha1.New} {
		if !kdftest.FastPath(h) {
			continue // the standard library's hash on this GOARCH: the generic path
		}
		if n := testing.AllocsPerRun(5, func() { Key(h, "password", []byte("salt"), 100, 32) }); n > 3 {
			t.Errorf("%T: %v allocations; want at most 3", h(), n)
		}
	}
}
