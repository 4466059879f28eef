package md5

import (
	stdmd5 "crypto/md5"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

// FuzzStdlib compares a split write (at the split point the fuzzer picks)
// with crypto/md5's one-shot result.
func FuzzStdlib(f *testing.F) {
	f.Add([]byte("abc"), uint(1))
	f.Add(make([]byte, 200), uint(64))
	f.Fuzz(func(t *testing.T, msg []byte, split uint) {
		want := stdmd5.Sum(msg)
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
		defer cpu.Restore("md5")
		for _, name := range cpu.Impls("md5") {
			cpu.Select("md5", name)
			got := start
			block(&got, msg)
			if got.s != want.s {
				t.Fatalf("%s: %x, generic %x", name, got.s, want.s)
			}
		}
	})
}

// FuzzUnmarshal feeds arbitrary states: no panics, and an accepted state
// marshals back to the same bytes and is accepted by crypto/md5.
func FuzzUnmarshal(f *testing.F) {
	hashtest.AddStateSeeds(f, New, []byte("some bytes"), "md5\x01")
	f.Fuzz(func(t *testing.T, b []byte) {
		hashtest.CheckUnmarshal(t, b, New, "crypto/md5", stdmd5.New)
	})
}
