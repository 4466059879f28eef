//go:build amd64 && !purego

package keccak

import (
	"math/rand/v2"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
)

// hasAVX512 says whether this CPU can run p1600PairAVX512, whether or not
// it is selected (the dispatch tests of keccak_test.go cover it through P1600).
var hasAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL

// TestP1600PairAVX512 compares p1600PairAVX512 with p1600Generic on random
// states and the zero state for every multiple of four rounds, and checks
// the known answer of Keccak-f[1600] on the zero state.
func TestP1600PairAVX512(t *testing.T) {
	if !hasAVX512 {
		t.Skip("no AVX-512VL")
	}
	var z [25]uint64
	p1600PairAVX512(&z, 24)
	if z != keccakFZero {
		t.Fatalf("Keccak-f[1600](0) = %x, want %x", z, keccakFZero)
	}
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 200 {
		for _, rounds := range []int{4, 8, 12, 16, 20, 24} {
			var a [25]uint64
			if i > 0 {
				for l := range a {
					a[l] = r.Uint64()
				}
			}
			want, got := a, a
			p1600Generic(&want, rounds)
			p1600PairAVX512(&got, rounds)
			if got != want {
				t.Fatalf("state %d, %d rounds: p1600PairAVX512 differs from p1600Generic", i, rounds)
			}
		}
	}
}

// FuzzP1600Pair compares p1600PairAVX512 with p1600Generic on arbitrary
// states and round counts (multiples of four).
func FuzzP1600Pair(f *testing.F) {
	f.Add(make([]byte, 200), uint8(5))
	f.Add([]byte("abc"), uint8(2))
	f.Fuzz(func(t *testing.T, in []byte, r uint8) {
		if !hasAVX512 {
			t.Skip("no AVX-512VL")
		}
		rounds := 4 * (int(r)%6 + 1)
		var a [25]uint64
		xorIn(&a, 0, in[:min(len(in), StateSize)])
		want, got := a, a
		p1600Generic(&want, rounds)
		p1600PairAVX512(&got, rounds)
		if got != want {
			t.Fatalf("%d rounds: p1600PairAVX512 differs from p1600Generic", rounds)
		}
	})
}
