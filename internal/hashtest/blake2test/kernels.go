package blake2test

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestKernels compares every kernel of b's package with the portable code:
// sum (the one-shot function of the largest size) of every length up to
// maxLen, and a keyed hasher of each length written in random pieces. It
// does nothing where the package has no kernel.
func (b *BLAKE2) TestKernels(t *testing.T, maxLen int, sum func([]byte) []byte) {
	t.Helper()
	impls := cpu.Impls(b.Pkg)
	if len(impls) == 0 {
		t.Skip("no kernels here")
	}
	msg := hashtest.RandBytes(11, maxLen)
	key := hashtest.RandBytes(12, b.Size)
	defer cpu.Restore(b.Pkg)
	cpu.Select(b.Pkg, "")
	var wantSum, wantKeyed [][]byte
	for n := 0; n <= maxLen; n++ {
		wantSum = append(wantSum, sum(msg[:n]))
		h := b.mustNew(t, b.Size, key)
		h.Write(msg[:n])
		wantKeyed = append(wantKeyed, h.Sum(nil))
	}
	for _, name := range impls {
		cpu.Select(b.Pkg, name)
		rng := rand.New(rand.NewPCG(uint64(len(name)), 3))
		for n := 0; n <= maxLen; n++ {
			if got := sum(msg[:n]); !bytes.Equal(got, wantSum[n]) {
				t.Fatalf("%s: Sum of %d bytes differs from the portable code", name, n)
			}
			h := b.mustNew(t, b.Size, key)
			for rest := msg[:n]; len(rest) > 0; {
				k := min(len(rest), rng.IntN(3*b.Size*2+1))
				h.Write(rest[:k])
				rest = rest[k:]
			}
			if got := h.Sum(nil); !bytes.Equal(got, wantKeyed[n]) {
				t.Fatalf("%s: keyed hash of %d bytes written in random pieces differs from the portable code", name, n)
			}
		}
	}
}

// CheckBlocks compares a BLAKE2 package's dispatched compression blocks
// under every implementation with generic (blocksGeneric) on the fuzzer's
// chaining value seed, counter (t0, t1: carries included), flags and
// input, cut to whole blocks.
func CheckBlocks[W uint32 | uint64](t *testing.T, pkg string, blockSize int, seed, t0, t1, f0, f1 W, p []byte, blocks, generic func(h *[8]W, c *[2]W, f0, f1 W, p []byte)) {
	t.Helper()
	p = p[:len(p)/blockSize*blockSize]
	var h [8]W
	for i := range h {
		h[i] = seed * W(2*i+1)
	}
	wantH, wantC := h, [2]W{t0, t1}
	generic(&wantH, &wantC, f0, f1, p)
	defer cpu.Restore(pkg)
	for _, name := range cpu.Impls(pkg) {
		cpu.Select(pkg, name)
		gotH, gotC := h, [2]W{t0, t1}
		blocks(&gotH, &gotC, f0, f1, p)
		if gotH != wantH || gotC != wantC {
			t.Fatalf("%s: %d bytes of blocks differ from the portable code", name, len(p))
		}
	}
}
