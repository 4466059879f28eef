//go:build amd64 && !purego

package keccak

import (
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
)

// hasBMI2 says whether this CPU can run the bmi2 kernel, whether or not it
// is selected.
var hasBMI2 = cpu.X86.HasBMI1 && cpu.X86.HasBMI2

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
func FuzzP1600BMI2(f *testing.F) {
	f.Add(make([]byte, 200), uint8(5))
	f.Add([]byte("abc"), uint8(2))
	f.Fuzz(func(t *testing.T, in []byte, r uint8) {
		if !hasBMI2 {
			t.Skip("no BMI2")
		}
		a, rounds := fuzzState(in, r)
		checkBMI2(t, a, rounds)
	})
}
