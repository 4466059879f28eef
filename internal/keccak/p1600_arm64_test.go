//go:build arm64 && !purego

package keccak

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/preempt"
)

// arm64Kernel is an arm64 single-state kernel: its function and its name
// in the registry.
type arm64Kernel struct {
	name, impl string
	f          func(a *[25]uint64, p []byte, lanes, rounds int, plane0 bool)
}

// arm64Kernels are the arm64 single-state kernels, called directly
// whichever is selected.
var arm64Kernels = []arm64Kernel{{"keccakARM64", "arm64", keccakARM64}, {"keccakARM64Vec", "arm64vec", keccakARM64Vec}, {"keccakSHA3", "sha3", keccakSHA3}}

// arm64KernelsHere are the arm64Kernels this CPU can run (keccakSHA3 needs
// the SHA3 instructions).
func arm64KernelsHere(tb testing.TB) []arm64Kernel {
	var ks []arm64Kernel
	for _, k := range arm64Kernels {
		if slices.Contains(cpu.Impls("keccak"), k.impl) {
			ks = append(ks, k)
		} else {
			tb.Logf("%s: not available here", k.name)
		}
	}
	return ks
}

// TestKeccakARM64 compares each arm64 kernel, as a permutation and with
// plane0, with p1600Generic on the zero state and random states for every
// round count it takes (each entry into its unrolled rounds).
func TestKeccakARM64(t *testing.T) {
	for _, k := range arm64KernelsHere(t) {
		t.Run(k.name, func(t *testing.T) { testKeccakARM64(t, k.f) })
	}
}

func testKeccakARM64(t *testing.T, kernel func(a *[25]uint64, p []byte, lanes, rounds int, plane0 bool)) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 20 {
		for rounds := 4; rounds <= MaxRounds; rounds += 4 {
			var a [25]uint64
			if i > 0 {
				for l := range a {
					a[l] = r.Uint64()
				}
			}
			want, got, plane := a, a, a
			p1600Generic(&want, rounds)
			kernel(&got, nil, 0, rounds, false)
			if got != want {
				t.Fatalf("%d rounds: differs from p1600Generic", rounds)
			}
			kernel(&plane, nil, 0, rounds, true)
			if [5]uint64(plane[:5]) != [5]uint64(want[:5]) {
				t.Fatalf("%d rounds: plane 0 = %x, want %x", rounds, plane[:5], want[:5])
			}
		}
	}
}

// absorbRef is keccakARM64's absorb loop written with xorIn and
// p1600Generic.
func absorbRef(a *[25]uint64, p []byte, lanes, rounds int) {
	for ; len(p) >= 8*lanes; p = p[8*lanes:] {
		xorIn(a, 0, p[:8*lanes])
		p1600Generic(a, rounds)
	}
}

// TestAbsorbARM64 runs each arm64 kernel's absorb loop at every block size
// from one lane to the whole state, with 0 to 3 whole blocks and a partial
// block after them (which it must leave alone), for every round count.
func TestAbsorbARM64(t *testing.T) {
	for _, k := range arm64KernelsHere(t) {
		t.Run(k.name, func(t *testing.T) { testAbsorbARM64(t, k.f) })
	}
}

func testAbsorbARM64(t *testing.T, kernel func(a *[25]uint64, p []byte, lanes, rounds int, plane0 bool)) {
	r := rand.New(rand.NewPCG(9, 10))
	for lanes := 1; lanes <= 25; lanes++ {
		for _, rounds := range []int{24, 12, 4, 8, 16, 20} {
			for blocks := range 4 {
				for _, extra := range []int{0, 1, 8*lanes - 1} {
					a, p := randStateAndInput(r, blocks*8*lanes+extra)
					want, got := a, a
					absorbRef(&want, p, lanes, rounds)
					kernel(&got, p, lanes, rounds, false)
					if got != want {
						t.Fatalf("%d lanes, %d rounds, %d blocks + %d bytes: differs", lanes, rounds, blocks, extra)
					}
				}
			}
		}
	}
}

// TestAbsorbBlocksPieces checks absorbBlocks, with each kernel, on inputs
// around the 64 KiB bound of one assembly call, where it goes on with the
// next piece.
func TestAbsorbBlocksPieces(t *testing.T) {
	rates := []int{Rate256, Rate128, 72}
	if testing.Short() {
		rates = rates[:1]
	}
	hashtest.AllImplementations(t, "keccak", func(t *testing.T) { testAbsorbBlocksPieces(t, rates) })
}

func testAbsorbBlocksPieces(t *testing.T, rates []int) {
	for _, rate := range rates {
		chunk := preempt.Piece - preempt.Piece%rate
		p := hashtest.RandBytes(uint64(rate), 2*chunk+rate)
		for _, n := range []int{chunk - rate, chunk, chunk + rate, 2*chunk + rate} {
			for _, rounds := range []int{24, 12} {
				var want, got [25]uint64
				absorbRef(&want, p[:n], rate/8, rounds)
				absorbBlocks(&got, p[:n], rate, rounds)
				if got != want {
					t.Fatalf("rate %d, %d rounds, %d bytes: absorbBlocks differs", rate, rounds, n)
				}
			}
		}
	}
}

// FuzzAbsorbARM64 compares the arm64 kernels' absorb loop with xorIn and
// p1600Generic on arbitrary input, block sizes and round counts.
func FuzzAbsorbARM64(f *testing.F) {
	f.Add(make([]byte, 300), uint8(16), uint8(5))
	f.Add([]byte("abc"), uint8(0), uint8(2))
	kernels := arm64KernelsHere(f)
	f.Fuzz(func(t *testing.T, in []byte, l, r uint8) {
		lanes := int(l)%25 + 1
		rounds := 4 * (int(r)%6 + 1)
		var a [25]uint64
		xorIn(&a, 0, in[:min(len(in), StateSize)])
		want := a
		absorbRef(&want, in, lanes, rounds)
		for _, k := range kernels {
			got := a
			k.f(&got, in, lanes, rounds, false)
			if got != want {
				t.Fatalf("%s: %d lanes, %d rounds, %d bytes: differs", k.name, lanes, rounds, len(in))
			}
		}
	})
}
