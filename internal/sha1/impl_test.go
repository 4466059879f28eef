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
	hashtest.AllImplementations(t, "sha1", func(t *testing.T) {
		msg := hashtest.RandBytes(10, 40*BlockSize)
		for nb := 0; nb <= 40; nb++ {
			a := iv
			a[1] ^= uint32(nb) * 0x9e3779b9
			b := a
			block(&a, msg[:nb*BlockSize])
			blockGeneric(&b, msg[:nb*BlockSize])
			if a != b {
				t.Fatalf("%d blocks: %x, generic %x", nb, a, b)
			}
		}
	})
}

// FuzzKernels compares every available kernel with blockGeneric.
func FuzzKernels(f *testing.F) {
	start := func(seed uint32) [5]uint32 { s := iv; s[0] ^= seed; return s }
	digesttest.FuzzKernels(f, "sha1", BlockSize, start, block, blockGeneric)
}
