package keccak

import (
	"math/bits"
	"slices"
)

// rhoOffsets[x+5*y] is the rotation of lane (x, y) in the ρ step, the
// table of FIPS 202 section 3.2.2 (computed by its Algorithm 2; see
// TestRhoOffsets).
var rhoOffsets = [25]int{
	0, 1, 62, 28, 27,
	36, 44, 6, 55, 20,
	3, 10, 43, 25, 39,
	41, 45, 15, 21, 8,
	18, 2, 61, 56, 14,
}

// RhoOffset returns the ρ rotation of lane l = x+5*y. The kernel generators
// in _asm use it to build their code.
func RhoOffset(l int) int { return rhoOffsets[l] }

// pairLanes are the block sizes in lanes that absorbPairAVX512 handles: the
// rates of SHA3-512 (9), SHA3-384 (13), SHA3-256, SHAKE256 and Keccak-256
// (17), SHA3-224 (18), SHAKE128 and cSHAKE128 (21). _asm/keccak/pair writes
// the kernel's cases from this list (PairLanes).
var pairLanes = [...]int{9, 13, 17, 18, 21}

// PairLanes returns the block sizes in lanes that the amd64 absorb kernel
// handles, for its generator.
func PairLanes() []int { return slices.Clone(pairLanes[:]) }

// p1600Generic is Keccak-p[1600, rounds], written step by step as in
// FIPS 202 section 3.2 so it can serve as the reference every kernel is
// compared with. It is the portable implementation on every platform.
func p1600Generic(a *[25]uint64, rounds int) {
	var c, d [5]uint64
	var b [25]uint64
	for ir := MaxRounds - rounds; ir < MaxRounds; ir++ {
		// θ (3.2.1): XOR each lane with the parities of two nearby columns.
		for x := range 5 {
			c[x] = a[x] ^ a[x+5] ^ a[x+10] ^ a[x+15] ^ a[x+20]
		}
		for x := range 5 {
			d[x] = c[(x+4)%5] ^ bits.RotateLeft64(c[(x+1)%5], 1)
		}
		for i := range 25 {
			a[i] ^= d[i%5]
		}
		// ρ (3.2.2) and π (3.2.3) together: lane (x, y) is rotated by its
		// offset and moved to position (y, 2x+3y).
		for x := range 5 {
			for y := range 5 {
				b[y+5*((2*x+3*y)%5)] = bits.RotateLeft64(a[x+5*y], rhoOffsets[x+5*y])
			}
		}
		// χ (3.2.4): the only non-linear step, along each row.
		for y := 0; y < 25; y += 5 {
			for x := range 5 {
				a[y+x] = b[y+x] ^ (^b[y+(x+1)%5] & b[y+(x+2)%5])
			}
		}
		// ι (3.2.5): break the symmetry with the round constant.
		a[0] ^= rc[ir]
	}
}

// leadingRounds applies the first rounds%4 rounds of Keccak-p[1600, rounds]
// and returns how many remain: a multiple of four, the unit of the unrolled
// code and of the amd64 kernels.
func leadingRounds(a *[25]uint64, rounds int) int {
	for rounds%4 != 0 {
		round(a, rc[MaxRounds-rounds])
		rounds--
	}
	return rounds
}
