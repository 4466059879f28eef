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
	n := 32 * r
	natural := kernelSet{mix: blockMixGeneric}
	k := kernel(r)
	win, wx, want := make([]uint32, n), make([]uint32, n), make([]uint32, n)
	natural.load(win, in)
	var xw []uint32
	if x != nil {
		natural.load(wx, x)
		xw = wx
	}
	blockMixGeneric(want, win, xw, r)

	kin, kx, got := make([]uint32, n), make([]uint32, n), make([]uint32, n)
	k.load(kin, in)
	var kxw []uint32
	if x != nil {
		k.load(kx, x)
		kxw = kx
	}
	k.mix(got, kin, kxw, r)
	gotBytes, wantBytes := make([]byte, 4*n), make([]byte, 4*n)
	k.store(gotBytes, got)
	natural.store(wantBytes, want)
	if !slices.Equal(gotBytes, wantBytes) {
		t.Fatalf("r=%d, xor=%v: kernel and generic BlockMix differ", r, x != nil)
	}
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
