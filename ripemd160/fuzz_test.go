package ripemd160

import (
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

// FuzzSplit compares a split write with the one-shot result computed by
// blockGeneric alone. (The differential fuzz target against
// x/crypto/ripemd160 is in the bench module.)
func FuzzSplit(f *testing.F) {
	f.Add([]byte("abc"), uint(1))
	f.Add(make([]byte, 200), uint(64))
	f.Fuzz(func(t *testing.T, msg []byte, split uint) {
		defer cpu.Restore("ripemd160")
		cpu.Select("ripemd160", "")
		want := Sum(msg)
		cpu.Restore("ripemd160")
		digesttest.CheckSplit(t, msg, split, want[:], sum, New)
	})
}

// FuzzKernels compares every available kernel with blockGeneric.
func FuzzKernels(f *testing.F) {
	f.Add(make([]byte, 128), uint32(0))
	f.Fuzz(func(t *testing.T, msg []byte, seed uint32) {
		msg = msg[:len(msg)&^(BlockSize-1)]
		var want digest
		want.Reset()
		want.s[0] ^= seed
		start := want
		blockGeneric(&want, msg)
		defer cpu.Restore("ripemd160")
		for _, name := range cpu.Impls("ripemd160") {
			cpu.Select("ripemd160", name)
			got := start
			block(&got, msg)
			if got.s != want.s {
				t.Fatalf("%s: %x, generic %x", name, got.s, want.s)
			}
		}
	})
}

// FuzzUnmarshal feeds arbitrary states: no panics, and an accepted state
// marshals back to the same bytes.
func FuzzUnmarshal(f *testing.F) {
	hashtest.AddStateSeeds(f, New, []byte("some bytes"), "rmd\x01")
	f.Fuzz(func(t *testing.T, b []byte) {
		hashtest.CheckUnmarshal(t, b, New, "", nil)
	})
}
