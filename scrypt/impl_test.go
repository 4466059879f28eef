package scrypt

import (
	"slices"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// checkKernel compares BlockMix of the selected kernel, in its layout, with
// blockMixGeneric in the natural layout, on in (and x, if not nil).
func checkKernel(t *testing.T, r int, in, x []byte) {
	t.Helper()
	got, want := mixBytes(kernel(r), r, in, x), mixBytes(kernelSet{mix: blockMixGeneric}, r, in, x)
	if !slices.Equal(got, want) {
		t.Fatalf("r=%d, xor=%v: kernel and generic BlockMix differ", r, x != nil)
	}
}

// mixBytes returns BlockMix of in (xor x, if not nil) by k, loading and
// storing in k's layout.
func mixBytes(k kernelSet, r int, in, x []byte) []byte {
	n := 32 * r
	win, out := make([]uint32, n), make([]uint32, n)
	k.load(win, in)
	var wx []uint32
	if x != nil {
		wx = make([]uint32, n)
		k.load(wx, x)
	}
	k.mix(out, win, wx, r)
	b := make([]byte, 4*n)
	k.store(b, out)
	return b
}

func TestKernels(t *testing.T) {
	hashtest.AllImplementations(t, "scrypt", func(t *testing.T) {
		for r := 1; r <= 17; r++ {
			in := hashtest.RandBytes(uint64(r), 128*r)
			x := hashtest.RandBytes(uint64(r+100), 128*r)
			checkKernel(t, r, in, nil)
			checkKernel(t, r, in, x)
		}
	})
}

func FuzzKernels(f *testing.F) {
	f.Add(uint8(1), []byte("seed"))
	f.Fuzz(func(t *testing.T, r8 uint8, seed []byte) {
		r := 1 + int(r8)%12
		in := hashtest.RandBytes(uint64(len(seed))*31+uint64(r), 128*r)
		x := hashtest.RandBytes(uint64(len(seed))*17+uint64(r), 128*r)
		copy(in, seed)
		hashtest.AllImplementations(t, "scrypt", func(t *testing.T) {
			checkKernel(t, r, in, nil)
			checkKernel(t, r, in, x)
		})
	})
}
