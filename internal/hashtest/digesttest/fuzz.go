package digesttest

import (
	"hash"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
)

// FuzzSplit fuzzes CheckSplit: a message written in two pieces, split where
// the fuzzer picks, and the one-shot sum must both equal want(msg).
func FuzzSplit(f *testing.F, sum func([]byte) []byte, mk func() hash.Hash, want func([]byte) []byte) {
	f.Add([]byte("abc"), uint(1))
	f.Add(make([]byte, 200), uint(64))
	f.Fuzz(func(t *testing.T, msg []byte, split uint) {
		CheckSplit(t, msg, split, want(msg), sum, mk)
	})
}

// FuzzKernels fuzzes every kernel of pkg against the portable code: from the
// state start(seed), block (under each kernel in turn) and generic compress
// the whole blocks of the message; the states must end equal. It seeds the
// corpus with two zero blocks and seed 0; callers may add more first.
func FuzzKernels[D comparable, S uint32 | uint64](f *testing.F, pkg string, blockSize int, start func(seed S) D, block, generic func(*D, []byte)) {
	f.Add(make([]byte, 2*blockSize), S(0))
	f.Fuzz(func(t *testing.T, msg []byte, seed S) {
		msg = msg[:len(msg)&^(blockSize-1)]
		want := start(seed)
		generic(&want, msg)
		defer cpu.Restore(pkg)
		for _, name := range cpu.Impls(pkg) {
			cpu.Select(pkg, name)
			got := start(seed)
			block(&got, msg)
			if got != want {
				t.Fatalf("%s: state %v, generic %v", name, got, want)
			}
		}
	})
}

// Portable makes t run hashkit's own code of pkg even where its New is the
// standard library's, for tests of what only hashkit's code promises.
func Portable(t *testing.T, pkg string) {
	cpu.Select(pkg, "")
	t.Cleanup(func() { cpu.Restore(pkg) })
}

// TestKernels compares, on every implementation of pkg, block with generic
// on 0 to 40 random blocks from the state start(seed) of a different seed
// each time.
func TestKernels[D comparable](t *testing.T, pkg string, blockSize int, start func(seed uint32) D, block, generic func(*D, []byte)) {
	hashtest.AllImplementations(t, pkg, func(t *testing.T) {
		msg := hashtest.RandBytes(10, 40*blockSize)
		for nb := 0; nb <= 40; nb++ {
			a := start(uint32(nb) * 0x9e3779b9)
			b := a
			block(&a, msg[:nb*blockSize])
			generic(&b, msg[:nb*blockSize])
			if a != b {
				t.Fatalf("%d blocks: state %v, generic %v", nb, a, b)
			}
		}
	})
}
