package sha1

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

var (
	_ hashtest.StateHash = (*Digest)(nil)
)

// TestKernels compares the active kernel with blockGeneric on random blocks.
func TestKernels(t *testing.T) {
	digesttest.TestKernels(t, "sha1", BlockSize, seeded, block, blockGeneric)
}

// FuzzKernels compares every available kernel with blockGeneric.
func FuzzKernels(f *testing.F) {
	digesttest.FuzzKernels(f, "sha1", BlockSize, seeded, block, blockGeneric)
}

// seeded is the initial state with seed XORed into its second word.
func seeded(seed uint32) [5]uint32 { s := iv; s[1] ^= seed; return s }
