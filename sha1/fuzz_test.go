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
	f.Add([]byte("abc"), uint(1))
	f.Add(make([]byte, 200), uint(64))
	f.Fuzz(func(t *testing.T, msg []byte, split uint) {
		want := stdsha1.Sum(msg)
		digesttest.CheckSplit(t, msg, split, want[:], sum, New)
	})
}

// FuzzUnmarshal feeds arbitrary states: no panics, and an accepted state
// marshals back to the same bytes and is accepted by crypto/sha1.
func FuzzUnmarshal(f *testing.F) {
	hashtest.AddStateSeeds(f, New, []byte("some bytes"), "sha\x01")
	f.Fuzz(func(t *testing.T, b []byte) {
		hashtest.CheckUnmarshal(t, b, New, "crypto/sha1", stdsha1.New)
	})
}
