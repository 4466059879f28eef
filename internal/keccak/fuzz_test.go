package keccak

import (
	"crypto/sha3"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
)

// FuzzP1600 compares the permutation with each single-state kernel selected
// in turn, and the portable p1600Unrolled, with p1600Generic on arbitrary
// states and round counts.
func FuzzP1600(f *testing.F) {
	f.Add(make([]byte, 200), uint8(24))
	f.Add([]byte("abc"), uint8(12))
	f.Fuzz(func(t *testing.T, in []byte, r uint8) {
		rounds := int(r)%MaxRounds + 1
		var a [25]uint64
		xorIn(&a, 0, in[:min(len(in), StateSize)])
		want := a
		p1600Generic(&want, rounds)
		defer cpu.Restore("keccak")
		for _, name := range append(cpu.Impls("keccak"), "") {
			cpu.Select("keccak", name)
			got := a
			P1600(&got, rounds)
			if got != want {
				t.Fatalf("%d rounds: kernel %q differs from generic", rounds, name)
			}
		}
		u := a
		p1600Unrolled(&u, rounds)
		if u != want {
			t.Fatalf("%d rounds: p1600Unrolled differs from generic", rounds)
		}
	})
}

// FuzzSpongeSplits compares the sponge, fed in two pieces, with crypto/sha3's
// SHAKE128.
func FuzzSpongeSplits(f *testing.F) {
	f.Add([]byte("hello"), uint16(2), uint16(100))
	f.Fuzz(func(t *testing.T, msg []byte, cut, outLen uint16) {
		c := int(cut) % (len(msg) + 1)
		var s Sponge
		s.Init(Rate128, 24, DomainSHAKE)
		s.Absorb(msg[:c])
		s.Absorb(msg[c:])
		out := make([]byte, int(outLen)%1000)
		s.Squeeze(out)
		if want := sha3.SumSHAKE128(msg, len(out)); string(want) != string(out) {
			t.Fatal("sponge differs from crypto/sha3 SHAKE128")
		}
	})
}
