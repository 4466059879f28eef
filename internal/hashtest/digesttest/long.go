package digesttest

import (
	"bytes"
	"hash"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// CheckLongInput compares the one-shot sum and New's Write-then-Sum of an
// input past 64 KiB (which the standard-library paths write in pieces)
// with want, the standard library's one-shot, on every implementation of
// pkg.
func CheckLongInput(t *testing.T, pkg string, sum, want func([]byte) []byte, newHash func() hash.Hash) {
	t.Helper()
	msg := hashtest.RandBytes(2, 3<<16+5)
	hashtest.AllImplementations(t, pkg, func(t *testing.T) {
		w := want(msg)
		if got := sum(msg); !bytes.Equal(got, w) {
			t.Fatalf("one-shot of %d bytes: %x, want %x", len(msg), got, w)
		}
		h := newHash()
		h.Write(msg)
		if got := h.Sum(nil); !bytes.Equal(got, w) {
			t.Fatalf("New, Write of %d bytes: %x, want %x", len(msg), got, w)
		}
	})
}
