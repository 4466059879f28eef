package sha1

import (
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
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
	f.Add(make([]byte, 128), uint32(0))
	f.Fuzz(func(t *testing.T, msg []byte, seed uint32) {
		msg = msg[:len(msg)&^(BlockSize-1)]
		want := iv
		want[0] ^= seed
		start := want
		blockGeneric(&want, msg)
		defer cpu.Restore("sha1")
		for _, name := range cpu.Impls("sha1") {
			cpu.Select("sha1", name)
			got := start
			block(&got, msg)
			if got != want {
				t.Fatalf("%s: %x, generic %x", name, got, want)
			}
		}
	})
}
