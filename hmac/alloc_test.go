//go:build !race

package hmac

import (
	"hash"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/sha1"
	"github.com/hashkit/hashkit/sha256"
	"github.com/hashkit/hashkit/sha512"
)

func TestAllocations(t *testing.T) {
	for _, h := range []func() hash.Hash{sha256.New, sha256.New224, sha512.New, sha512.New384, sha512.New512_224, hashes["SHA-1"]} {
		hashtest.TestAllocs(t, func() hash.Hash { return New(h, []byte("key")) })
	}
	// The fast paths' Sum with a 64-byte message, as in the benchmark.
	for name, h := range map[string]func() hash.Hash{"HMAC-SHA-256": sha256.New, "HMAC-SHA-1": sha1.New} {
		m := New(h, make([]byte, 32))
		msg := make([]byte, 64)
		out := make([]byte, 0, 32)
		hashtest.NoAllocs(t, name+" Reset, Write, Sum", func() {
			m.Reset()
			m.Write(msg)
			out = m.Sum(out[:0])
		})
	}
}
