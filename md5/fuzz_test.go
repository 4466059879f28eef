package md5

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

// FuzzStdlib compares a split write (at the split point the fuzzer picks)
// with crypto/md5's one-shot result.
func FuzzStdlib(f *testing.F) { digesttest.FuzzSplit(f, sum, New, suite.StdSum) }

// FuzzKernels compares every available kernel with blockGeneric.
func FuzzKernels(f *testing.F) {
	digesttest.FuzzKernels(f, "md5", BlockSize, seeded, block, blockGeneric)
}

// seeded is the initial state with seed XORed into its second word.
func seeded(seed uint32) (d digest) { d.Reset(); d.s[1] ^= seed; return d }

// FuzzUnmarshal feeds arbitrary states: no panics, and an accepted state
// marshals back to the same bytes and is accepted by crypto/md5.
func FuzzUnmarshal(f *testing.F) { suite.FuzzUnmarshal(f) }
