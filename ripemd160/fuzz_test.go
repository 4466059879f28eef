package ripemd160

import (
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

// FuzzSplit compares a split write with the one-shot result computed by
// blockGeneric alone. (The differential fuzz target against
// x/crypto/ripemd160 is in the bench module.)
func FuzzSplit(f *testing.F) {
	digesttest.FuzzSplit(f, sum, New, func(b []byte) []byte {
		defer cpu.Restore("ripemd160")
		cpu.Select("ripemd160", "")
		return sum(b)
	})
}

// FuzzKernels compares every available kernel with blockGeneric.
func FuzzKernels(f *testing.F) {
	digesttest.FuzzKernels(f, "ripemd160", BlockSize, seeded, block, blockGeneric)
}

// seeded is the initial state with seed XORed into its second word.
func seeded(seed uint32) (d digest) { d.Reset(); d.s[1] ^= seed; return d }

// FuzzUnmarshal feeds arbitrary states: no panics, and an accepted state
// marshals back to the same bytes.
func FuzzUnmarshal(f *testing.F) { suite.FuzzUnmarshal(f) }
