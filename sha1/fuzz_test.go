package sha1

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

// FuzzStdlib compares a split write (at the split point the fuzzer picks)
// with crypto/sha1's one-shot result.
func FuzzStdlib(f *testing.F) { digesttest.FuzzSplit(f, sum, New, suite.StdSum) }

// FuzzUnmarshal feeds arbitrary states: no panics, and an accepted state
// marshals back to the same bytes and is accepted by crypto/sha1.
func FuzzUnmarshal(f *testing.F) { suite.FuzzUnmarshal(f) }
