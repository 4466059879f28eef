package sha1

import (
	stdsha1 "crypto/sha1"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
)

// FuzzStdlib compares a split write (at the split point the fuzzer picks)
// with crypto/sha1's one-shot result.
func FuzzStdlib(f *testing.F) {
	f.Add([]byte("abc"), uint(1))
	f.Add(make([]byte, 200), uint(64))
	f.Fuzz(func(t *testing.T, msg []byte, split uint) {
		want := stdsha1.Sum(msg)
		hashtest.CheckSplit(t, msg, split, want[:], sum, New)
	})
}

// FuzzKernels compares every available kernel with blockGeneric.
func FuzzKernels(f *testing.F) {
	f.Add(make([]byte, 128), uint32(0))
	f.Fuzz(func(t *testing.T, msg []byte, seed uint32) {
		msg = msg[:len(msg)&^(BlockSize-1)]
		var want digest
		want.Reset()
		want.h[0] ^= seed
		start := want
		blockGeneric(&want, msg)
		defer cpu.Restore("sha1")
		for _, name := range cpu.Impls("sha1") {
			cpu.Select("sha1", name)
			got := start
			block(&got, msg)
			if got.h != want.h {
				t.Fatalf("%s: %x, generic %x", name, got.h, want.h)
			}
		}
	})
}

// FuzzUnmarshal feeds arbitrary states: no panics, and an accepted state
// marshals back to the same bytes and is accepted by crypto/sha1.
func FuzzUnmarshal(f *testing.F) {
	hashtest.AddStateSeeds(f, New, []byte("some bytes"), "sha\x01")
	f.Fuzz(func(t *testing.T, b []byte) {
		hashtest.CheckUnmarshal(t, b, New, "crypto/sha1", stdsha1.New)
	})
}
