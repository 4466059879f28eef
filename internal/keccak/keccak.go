// Package keccak holds the Keccak-p[1600] permutation with any number of
// rounds and the sponge every hashkit Keccak-based function is built on:
// SHA-3, SHAKE, cSHAKE, KMAC, TupleHash, ParallelHash and legacy Keccak
// (package sha3, 24 rounds) and TurboSHAKE and KangarooTwelve (package k12,
// 12 rounds).
//
// The state is 25 lanes of 64 bits, lane (x, y) at index x+5*y, as in
// [FIPS 202] section 3.1.2 with w = 64. Bytes enter and leave the lanes
// little-endian (FIPS 202 section 3.1.2 and Appendix B.1), always through
// encoding/binary, so there is no separate big-endian code path.
//
// [FIPS 202]: https://doi.org/10.6028/NIST.FIPS.202
package keccak

// MaxRounds is the number of rounds of Keccak-f[1600], the full permutation
// (FIPS 202 section 3.4: 12 + 2*l rounds with l = 6).
const MaxRounds = 24

// rc holds the round constants RC[ir] of the ι step for ir = 0..23, as
// computed by the rc(t) LFSR of FIPS 202 Algorithm 5 (TestRoundConstants
// recomputes them).
var rc = [MaxRounds]uint64{
	0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
	0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
	0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
	0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
	0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
	0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
}

// RoundConstant returns RC[ir], the ι constant of round ir of Keccak-f[1600]
// (0 <= ir < 24). Multi-state kernels elsewhere use it to build their tables.
func RoundConstant(ir int) uint64 { return rc[ir] }

// P1600 applies Keccak-p[1600, rounds] to a: the last rounds rounds of
// Keccak-f[1600], that is rounds ir = 24-rounds .. 23 with their round
// constants (FIPS 202 section 3.3 and Algorithm 7). rounds = 24 is
// Keccak-f[1600] (SHA-3, SHAKE, SP 800-185); rounds = 12 is the permutation
// of TurboSHAKE and KangarooTwelve (RFC 9861 section 2.2).
//
// P1600 panics if rounds is not in 1..24; that is a programming error.
func P1600(a *[25]uint64, rounds int) {
	if rounds < 1 || rounds > MaxRounds {
		panic("hashkit/internal/keccak: invalid number of rounds")
	}
	p1600(a, rounds)
}
