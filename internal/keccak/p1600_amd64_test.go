//go:build amd64 && !purego

package keccak

import (
	"math/rand/v2"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
)

// hasBMI2 and hasAVX512 say whether this CPU can run the bmi2 kernel and
// p1600PairAVX512, whether or not they are selected (the dispatch tests of
// keccak_test.go cover them through P1600).
var (
	hasBMI2   = cpu.X86.HasBMI1 && cpu.X86.HasBMI2
	hasAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL
)

// TestP1600PairAVX512 compares p1600PairAVX512 and p1600Plane0PairAVX512
// with p1600Generic on random states and the zero state for every multiple
// of four rounds, and checks
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
	eachState(5, 6, func(_ int, a [25]uint64, rounds int) { checkPair(t, a, rounds) })
}

// checkPair compares p1600PairAVX512 on a with p1600Generic, and checks
// p1600Plane0PairAVX512 on it.
func checkPair(t *testing.T, a [25]uint64, rounds int) {
	t.Helper()
	want, got := a, a
	p1600Generic(&want, rounds)
	p1600PairAVX512(&got, rounds)
	if got != want {
		t.Fatalf("%d rounds of %x: p1600PairAVX512 differs from p1600Generic", rounds, a)
	}
	checkPlane0(t, a, rounds)
}

// eachState calls f with the zero state (i = 0) and 199 random states from
// the seeds, each with every multiple of four rounds.
func eachState(seed1, seed2 uint64, f func(i int, a [25]uint64, rounds int)) {
	r := rand.New(rand.NewPCG(seed1, seed2))
	for i := range 200 {
		for _, rounds := range []int{4, 8, 12, 16, 20, 24} {
			var a [25]uint64
			if i > 0 {
				for l := range a {
					a[l] = r.Uint64()
				}
			}
			f(i, a, rounds)
		}
	}
}

// checkPlane0 checks that p1600Plane0PairAVX512 writes the first plane of
// Keccak-p[1600, rounds](a) and leaves the other lanes alone.
func checkPlane0(t *testing.T, a [25]uint64, rounds int) {
	t.Helper()
	want, got := a, a
	p1600Generic(&want, rounds)
	copy(want[5:], a[5:])
	p1600Plane0PairAVX512(&got, rounds)
	if got != want {
		t.Fatalf("%d rounds: p1600Plane0PairAVX512 = %x, want %x", rounds, got, want)
	}
}

// FuzzP1600Pair compares p1600PairAVX512 and p1600Plane0PairAVX512 with
// p1600Generic on arbitrary states and round counts (multiples of four).
func FuzzP1600Pair(f *testing.F) { fuzzKernel(f, hasAVX512, "no AVX-512VL", checkPair) }

// fuzzKernel runs check, where the CPU has the kernel's features, on
// arbitrary states and round counts (multiples of four).
func fuzzKernel(f *testing.F, has bool, why string, check func(t *testing.T, a [25]uint64, rounds int)) {
	f.Add(make([]byte, 200), uint8(5))
	f.Add([]byte("abc"), uint8(2))
	f.Fuzz(func(t *testing.T, in []byte, r uint8) {
		if !has {
			t.Skip(why)
		}
		a, rounds := fuzzState(in, r)
		check(t, a, rounds)
	})
}

// fuzzState makes a state and a multiple of four rounds from fuzz input.
func fuzzState(in []byte, r uint8) ([25]uint64, int) {
	var a [25]uint64
	xorIn(&a, 0, in[:min(len(in), StateSize)])
	return a, 4 * (int(r)%6 + 1)
}

// TestAbsorbPairAVX512 compares absorbPairAVX512 with XOR plus p1600Generic
// for every block size it handles, with 0 to 3 whole blocks and a partial
// block after them (which it must leave alone).
func TestAbsorbPairAVX512(t *testing.T) {
	if !hasAVX512 {
		t.Skip("no AVX-512VL")
	}
	r := rand.New(rand.NewPCG(7, 8))
	for _, lanes := range pairLanes {
		if !pairRate(8 * lanes) {
			t.Fatalf("pairRate(%d) = false", 8*lanes)
		}
		for blocks := range 4 {
			for _, extra := range []int{0, 5, 8*lanes - 1} {
				a, p := randStateAndInput(r, blocks*8*lanes+extra)
				want, got := a, a
				for b := range blocks {
					xorIn(&want, 0, p[b*8*lanes:(b+1)*8*lanes])
					p1600Generic(&want, 24)
				}
				absorbPairAVX512(&got, p, lanes)
				if got != want {
					t.Fatalf("lanes %d, %d blocks + %d bytes: absorbPairAVX512 differs", lanes, blocks, extra)
				}
			}
		}
	}
}

// FuzzAbsorbPair compares absorbPairAVX512 with XOR plus p1600Generic on
// arbitrary input for each block size it handles.
func FuzzAbsorbPair(f *testing.F) {
	f.Add(make([]byte, 300), uint8(2))
	f.Add([]byte("abc"), uint8(0))
	f.Fuzz(func(t *testing.T, in []byte, sel uint8) {
		if !hasAVX512 {
			t.Skip("no AVX-512VL")
		}
		lanes := pairLanes[int(sel)%len(pairLanes)]
		var a [25]uint64
		xorIn(&a, 0, in[:min(len(in), StateSize)])
		want, got := a, a
		for p := in; len(p) >= 8*lanes; p = p[8*lanes:] {
			xorIn(&want, 0, p[:8*lanes])
			p1600Generic(&want, 24)
		}
		absorbPairAVX512(&got, in, lanes)
		if got != want {
			t.Fatalf("lanes %d, %d bytes: absorbPairAVX512 differs", lanes, len(in))
		}
	})
}

// TestP1600Plane0BMI2 compares p1600BMI2 and the first plane of
// p1600Plane0BMI2 with p1600Generic on the zero state and random states for
// every multiple of four rounds.
func TestP1600Plane0BMI2(t *testing.T) {
	if !hasBMI2 {
		t.Skip("no BMI2")
	}
	eachState(7, 8, func(_ int, a [25]uint64, rounds int) { checkBMI2(t, a, rounds) })
}

// checkBMI2 compares p1600BMI2 and p1600Plane0BMI2 (lanes 0..4) on a with
// p1600Generic.
func checkBMI2(t *testing.T, a [25]uint64, rounds int) {
	t.Helper()
	want, got, plane := a, a, a
	p1600Generic(&want, rounds)
	p1600BMI2(&got, rounds)
	if got != want {
		t.Fatalf("%d rounds: p1600BMI2 differs from p1600Generic", rounds)
	}
	p1600Plane0BMI2(&plane, rounds)
	if [5]uint64(plane[:5]) != [5]uint64(want[:5]) {
		t.Fatalf("%d rounds: p1600Plane0BMI2 plane 0 = %x, want %x", rounds, plane[:5], want[:5])
	}
}

// FuzzP1600BMI2 is TestP1600Plane0BMI2 on arbitrary states and round
// counts (multiples of four).
func FuzzP1600BMI2(f *testing.F) { fuzzKernel(f, hasBMI2, "no BMI2", checkBMI2) }
