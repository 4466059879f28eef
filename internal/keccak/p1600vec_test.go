//go:build amd64 && !purego

package keccak

import (
	"math/rand/v2"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
)

// hasVecAVX512 says whether this CPU can run p1600VecAVX512 and
// absorbVecAVX512, whether or not they are selected.
var hasVecAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL

// TestP1600VecAVX512 compares p1600VecAVX512 with p1600Generic on random
// states, the zero state and the known answer of Keccak-f[1600] on zero,
// for 12 and 24 rounds (and the other multiples of four).
func TestP1600VecAVX512(t *testing.T) {
	if !hasVecAVX512 {
		t.Skip("no AVX-512VL")
	}
	var z [25]uint64
	p1600VecAVX512(&z, 24)
	if z != keccakFZero {
		t.Fatalf("Keccak-f[1600](0) = %x, want %x", z, keccakFZero)
	}
	r := rand.New(rand.NewPCG(1, 2))
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
			p1600VecAVX512(&got, rounds)
			if got != want {
				t.Fatalf("state %d, %d rounds: p1600VecAVX512 differs from p1600Generic", i, rounds)
			}
		}
	}
}

// FuzzP1600VecAVX512 compares p1600VecAVX512 with p1600Generic on arbitrary
// states, for 12 and 24 rounds.
func FuzzP1600VecAVX512(f *testing.F) {
	f.Add(make([]byte, 200), true)
	f.Add([]byte("abc"), false)
	f.Fuzz(func(t *testing.T, in []byte, twelve bool) {
		if !hasVecAVX512 {
			t.Skip("no AVX-512VL")
		}
		rounds := 24
		if twelve {
			rounds = 12
		}
		var a [25]uint64
		xorIn(&a, 0, in[:min(len(in), StateSize)])
		want, got := a, a
		p1600Generic(&want, rounds)
		p1600VecAVX512(&got, rounds)
		if got != want {
			t.Fatalf("%d rounds: p1600VecAVX512 differs from p1600Generic", rounds)
		}
	})
}

// absorbRef is what absorbVecAVX512 must do: for each whole block of lanes
// lanes, XOR it into a (little-endian lanes) and apply Keccak-f[1600].
func absorbRef(a *[25]uint64, p []byte, lanes int) {
	for bs := 8 * lanes; len(p) >= bs; p = p[bs:] {
		xorIn(a, 0, p[:bs])
		p1600Generic(a, 24)
	}
}

// TestAbsorbVecAVX512 compares absorbVecAVX512 with absorbRef for every lane
// count the kernel takes (1..24; the rates in use are 9, 13, 17, 18 and 21)
// on zero to three whole blocks plus a partial block it must leave alone.
func TestAbsorbVecAVX512(t *testing.T) {
	if !hasVecAVX512 {
		t.Skip("no AVX-512VL")
	}
	r := rand.New(rand.NewPCG(3, 4))
	for lanes := 1; lanes <= 24; lanes++ {
		for _, n := range []int{0, 1, 8*lanes - 1, 8 * lanes, 8*lanes + 5, 24*lanes + 7} {
			p := make([]byte, n)
			for i := range p {
				p[i] = byte(r.Uint32())
			}
			var a [25]uint64
			for l := range a {
				a[l] = r.Uint64()
			}
			want, got := a, a
			absorbRef(&want, p, lanes)
			absorbVecAVX512(&got, p, lanes)
			if got != want {
				t.Fatalf("lanes %d, %d bytes: absorbVecAVX512 differs from XOR and p1600Generic", lanes, n)
			}
		}
	}
}

// FuzzAbsorbVecAVX512 compares absorbVecAVX512 with absorbRef on arbitrary
// input and lane counts.
func FuzzAbsorbVecAVX512(f *testing.F) {
	f.Add(make([]byte, 300), uint8(17))
	f.Add([]byte("abc"), uint8(0))
	f.Fuzz(func(t *testing.T, p []byte, l uint8) {
		if !hasVecAVX512 {
			t.Skip("no AVX-512VL")
		}
		lanes := int(l)%24 + 1
		var a [25]uint64
		xorIn(&a, 0, p[:min(len(p), StateSize)])
		want, got := a, a
		absorbRef(&want, p, lanes)
		absorbVecAVX512(&got, p, lanes)
		if got != want {
			t.Fatalf("lanes %d, %d bytes: absorbVecAVX512 differs", lanes, len(p))
		}
	})
}
