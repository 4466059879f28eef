package sha1

import (
	stdsha1 "crypto/sha1"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

// FuzzStdlib compares a split write (at the split point the fuzzer picks)
// with crypto/sha1's one-shot result.
func FuzzStdlib(f *testing.F) {
	digesttest.FuzzSplit(f, sum, New, func(b []byte) []byte { s := stdsha1.Sum(b); return s[:] })
}

// FuzzUnmarshal feeds arbitrary states: no panics, and an accepted state
// marshals back to the same bytes and is accepted by crypto/sha1.
func FuzzUnmarshal(f *testing.F) {
	hashtest.FuzzUnmarshal(f, New, []byte("some bytes"), "sha\x01", "crypto/sha1", stdsha1.New)
}
