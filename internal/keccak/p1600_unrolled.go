package keccak

import "math/bits"

// p1600Unrolled is p1600Generic written out lane by lane, the permutation
// of every platform without an assembly kernel. It updates the state in
// place, as in the Keccak team's Keccak-inplace.c: each output plane is
// stored into the five array slots its input lanes came from (output x of
// plane y into the slot of input (x+y) mod 5), so lanes wander between
// slots and return to their own after four rounds; the loop body is those
// four rounds, with the slot of every lane worked out in advance. Only
// θ's parities cX and offsets dX and one plane bX are live at a time,
// which keeps the compiler from spilling. Round counts that are not a
// multiple of four (MarsupilamiFourteen's 14) run their first rounds%4
// rounds one at a time.
func p1600Unrolled(a *[25]uint64, rounds int) {
	rounds = leadingRounds(a, rounds)
	for ir := MaxRounds - rounds; ir < MaxRounds; ir += 4 {
		// Round ir+0: θ
		c0 := a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20]
		c1 := a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21]
		c2 := a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22]
		c3 := a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23]
		c4 := a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24]
		d0 := c4 ^ bits.RotateLeft64(c1, 1)
		d1 := c0 ^ bits.RotateLeft64(c2, 1)
		d2 := c1 ^ bits.RotateLeft64(c3, 1)
		d3 := c2 ^ bits.RotateLeft64(c4, 1)
		d4 := c3 ^ bits.RotateLeft64(c0, 1)
		// ρ, π, χ and ι, plane by plane
		b0 := a[0] ^ d0
		b1 := bits.RotateLeft64(a[6]^d1, 44)
		b2 := bits.RotateLeft64(a[12]^d2, 43)
		b3 := bits.RotateLeft64(a[18]^d3, 21)
		b4 := bits.RotateLeft64(a[24]^d4, 14)
		a[0] = b0 ^ (^b1 & b2) ^ rc[ir+0]
		a[6] = b1 ^ (^b2 & b3)
		a[12] = b2 ^ (^b3 & b4)
		a[18] = b3 ^ (^b4 & b0)
		a[24] = b4 ^ (^b0 & b1)
		b0 = bits.RotateLeft64(a[3]^d3, 28)
		b1 = bits.RotateLeft64(a[9]^d4, 20)
		b2 = bits.RotateLeft64(a[10]^d0, 3)
		b3 = bits.RotateLeft64(a[16]^d1, 45)
		b4 = bits.RotateLeft64(a[22]^d2, 61)
		a[9] = b0 ^ (^b1 & b2)
		a[10] = b1 ^ (^b2 & b3)
		a[16] = b2 ^ (^b3 & b4)
		a[22] = b3 ^ (^b4 & b0)
		a[3] = b4 ^ (^b0 & b1)
		b0 = bits.RotateLeft64(a[1]^d1, 1)
		b1 = bits.RotateLeft64(a[7]^d2, 6)
		b2 = bits.RotateLeft64(a[13]^d3, 25)
		b3 = bits.RotateLeft64(a[19]^d4, 8)
		b4 = bits.RotateLeft64(a[20]^d0, 18)
		a[13] = b0 ^ (^b1 & b2)
		a[19] = b1 ^ (^b2 & b3)
		a[20] = b2 ^ (^b3 & b4)
		a[1] = b3 ^ (^b4 & b0)
		a[7] = b4 ^ (^b0 & b1)
		b0 = bits.RotateLeft64(a[4]^d4, 27)
		b1 = bits.RotateLeft64(a[5]^d0, 36)
		b2 = bits.RotateLeft64(a[11]^d1, 10)
		b3 = bits.RotateLeft64(a[17]^d2, 15)
		b4 = bits.RotateLeft64(a[23]^d3, 56)
		a[17] = b0 ^ (^b1 & b2)
		a[23] = b1 ^ (^b2 & b3)
		a[4] = b2 ^ (^b3 & b4)
		a[5] = b3 ^ (^b4 & b0)
		a[11] = b4 ^ (^b0 & b1)
		b0 = bits.RotateLeft64(a[2]^d2, 62)
		b1 = bits.RotateLeft64(a[8]^d3, 55)
		b2 = bits.RotateLeft64(a[14]^d4, 39)
		b3 = bits.RotateLeft64(a[15]^d0, 41)
		b4 = bits.RotateLeft64(a[21]^d1, 2)
		a[21] = b0 ^ (^b1 & b2)
		a[2] = b1 ^ (^b2 & b3)
		a[8] = b2 ^ (^b3 & b4)
		a[14] = b3 ^ (^b4 & b0)
		a[15] = b4 ^ (^b0 & b1)
		// Round ir+1: θ
		c0 = a[0] ^ a[9] ^ a[13] ^ a[17] ^ a[21]
		c1 = a[6] ^ a[10] ^ a[19] ^ a[23] ^ a[2]
		c2 = a[12] ^ a[16] ^ a[20] ^ a[4] ^ a[8]
		c3 = a[18] ^ a[22] ^ a[1] ^ a[5] ^ a[14]
		c4 = a[24] ^ a[3] ^ a[7] ^ a[11] ^ a[15]
		d0 = c4 ^ bits.RotateLeft64(c1, 1)
		d1 = c0 ^ bits.RotateLeft64(c2, 1)
		d2 = c1 ^ bits.RotateLeft64(c3, 1)
		d3 = c2 ^ bits.RotateLeft64(c4, 1)
		d4 = c3 ^ bits.RotateLeft64(c0, 1)
		// ρ, π, χ and ι, plane by plane
		b0 = a[0] ^ d0
		b1 = bits.RotateLeft64(a[10]^d1, 44)
		b2 = bits.RotateLeft64(a[20]^d2, 43)
		b3 = bits.RotateLeft64(a[5]^d3, 21)
		b4 = bits.RotateLeft64(a[15]^d4, 14)
		a[0] = b0 ^ (^b1 & b2) ^ rc[ir+1]
		a[10] = b1 ^ (^b2 & b3)
		a[20] = b2 ^ (^b3 & b4)
		a[5] = b3 ^ (^b4 & b0)
		a[15] = b4 ^ (^b0 & b1)
		b0 = bits.RotateLeft64(a[18]^d3, 28)
		b1 = bits.RotateLeft64(a[3]^d4, 20)
		b2 = bits.RotateLeft64(a[13]^d0, 3)
		b3 = bits.RotateLeft64(a[23]^d1, 45)
		b4 = bits.RotateLeft64(a[8]^d2, 61)
		a[3] = b0 ^ (^b1 & b2)
		a[13] = b1 ^ (^b2 & b3)
		a[23] = b2 ^ (^b3 & b4)
		a[8] = b3 ^ (^b4 & b0)
		a[18] = b4 ^ (^b0 & b1)
		b0 = bits.RotateLeft64(a[6]^d1, 1)
		b1 = bits.RotateLeft64(a[16]^d2, 6)
		b2 = bits.RotateLeft64(a[1]^d3, 25)
		b3 = bits.RotateLeft64(a[11]^d4, 8)
		b4 = bits.RotateLeft64(a[21]^d0, 18)
		a[1] = b0 ^ (^b1 & b2)
		a[11] = b1 ^ (^b2 & b3)
		a[21] = b2 ^ (^b3 & b4)
		a[6] = b3 ^ (^b4 & b0)
		a[16] = b4 ^ (^b0 & b1)
		b0 = bits.RotateLeft64(a[24]^d4, 27)
		b1 = bits.RotateLeft64(a[9]^d0, 36)
		b2 = bits.RotateLeft64(a[19]^d1, 10)
		b3 = bits.RotateLeft64(a[4]^d2, 15)
		b4 = bits.RotateLeft64(a[14]^d3, 56)
		a[4] = b0 ^ (^b1 & b2)
		a[14] = b1 ^ (^b2 & b3)
		a[24] = b2 ^ (^b3 & b4)
		a[9] = b3 ^ (^b4 & b0)
		a[19] = b4 ^ (^b0 & b1)
		b0 = bits.RotateLeft64(a[12]^d2, 62)
		b1 = bits.RotateLeft64(a[22]^d3, 55)
		b2 = bits.RotateLeft64(a[7]^d4, 39)
		b3 = bits.RotateLeft64(a[17]^d0, 41)
		b4 = bits.RotateLeft64(a[2]^d1, 2)
		a[2] = b0 ^ (^b1 & b2)
		a[12] = b1 ^ (^b2 & b3)
		a[22] = b2 ^ (^b3 & b4)
		a[7] = b3 ^ (^b4 & b0)
		a[17] = b4 ^ (^b0 & b1)
		// Round ir+2: θ
		c0 = a[0] ^ a[3] ^ a[1] ^ a[4] ^ a[2]
		c1 = a[10] ^ a[13] ^ a[11] ^ a[14] ^ a[12]
		c2 = a[20] ^ a[23] ^ a[21] ^ a[24] ^ a[22]
		c3 = a[5] ^ a[8] ^ a[6] ^ a[9] ^ a[7]
		c4 = a[15] ^ a[18] ^ a[16] ^ a[19] ^ a[17]
		d0 = c4 ^ bits.RotateLeft64(c1, 1)
		d1 = c0 ^ bits.RotateLeft64(c2, 1)
		d2 = c1 ^ bits.RotateLeft64(c3, 1)
		d3 = c2 ^ bits.RotateLeft64(c4, 1)
		d4 = c3 ^ bits.RotateLeft64(c0, 1)
		// ρ, π, χ and ι, plane by plane
		b0 = a[0] ^ d0
		b1 = bits.RotateLeft64(a[13]^d1, 44)
		b2 = bits.RotateLeft64(a[21]^d2, 43)
		b3 = bits.RotateLeft64(a[9]^d3, 21)
		b4 = bits.RotateLeft64(a[17]^d4, 14)
		a[0] = b0 ^ (^b1 & b2) ^ rc[ir+2]
		a[13] = b1 ^ (^b2 & b3)
		a[21] = b2 ^ (^b3 & b4)
		a[9] = b3 ^ (^b4 & b0)
		a[17] = b4 ^ (^b0 & b1)
		b0 = bits.RotateLeft64(a[5]^d3, 28)
		b1 = bits.RotateLeft64(a[18]^d4, 20)
		b2 = bits.RotateLeft64(a[1]^d0, 3)
		b3 = bits.RotateLeft64(a[14]^d1, 45)
		b4 = bits.RotateLeft64(a[22]^d2, 61)
		a[18] = b0 ^ (^b1 & b2)
		a[1] = b1 ^ (^b2 & b3)
		a[14] = b2 ^ (^b3 & b4)
		a[22] = b3 ^ (^b4 & b0)
		a[5] = b4 ^ (^b0 & b1)
		b0 = bits.RotateLeft64(a[10]^d1, 1)
		b1 = bits.RotateLeft64(a[23]^d2, 6)
		b2 = bits.RotateLeft64(a[6]^d3, 25)
		b3 = bits.RotateLeft64(a[19]^d4, 8)
		b4 = bits.RotateLeft64(a[2]^d0, 18)
		a[6] = b0 ^ (^b1 & b2)
		a[19] = b1 ^ (^b2 & b3)
		a[2] = b2 ^ (^b3 & b4)
		a[10] = b3 ^ (^b4 & b0)
		a[23] = b4 ^ (^b0 & b1)
		b0 = bits.RotateLeft64(a[15]^d4, 27)
		b1 = bits.RotateLeft64(a[3]^d0, 36)
		b2 = bits.RotateLeft64(a[11]^d1, 10)
		b3 = bits.RotateLeft64(a[24]^d2, 15)
		b4 = bits.RotateLeft64(a[7]^d3, 56)
		a[24] = b0 ^ (^b1 & b2)
		a[7] = b1 ^ (^b2 & b3)
		a[15] = b2 ^ (^b3 & b4)
		a[3] = b3 ^ (^b4 & b0)
		a[11] = b4 ^ (^b0 & b1)
		b0 = bits.RotateLeft64(a[20]^d2, 62)
		b1 = bits.RotateLeft64(a[8]^d3, 55)
		b2 = bits.RotateLeft64(a[16]^d4, 39)
		b3 = bits.RotateLeft64(a[4]^d0, 41)
		b4 = bits.RotateLeft64(a[12]^d1, 2)
		a[12] = b0 ^ (^b1 & b2)
		a[20] = b1 ^ (^b2 & b3)
		a[8] = b2 ^ (^b3 & b4)
		a[16] = b3 ^ (^b4 & b0)
		a[4] = b4 ^ (^b0 & b1)
		// Round ir+3: θ
		c0 = a[0] ^ a[18] ^ a[6] ^ a[24] ^ a[12]
		c1 = a[13] ^ a[1] ^ a[19] ^ a[7] ^ a[20]
		c2 = a[21] ^ a[14] ^ a[2] ^ a[15] ^ a[8]
		c3 = a[9] ^ a[22] ^ a[10] ^ a[3] ^ a[16]
		c4 = a[17] ^ a[5] ^ a[23] ^ a[11] ^ a[4]
		d0 = c4 ^ bits.RotateLeft64(c1, 1)
		d1 = c0 ^ bits.RotateLeft64(c2, 1)
		d2 = c1 ^ bits.RotateLeft64(c3, 1)
		d3 = c2 ^ bits.RotateLeft64(c4, 1)
		d4 = c3 ^ bits.RotateLeft64(c0, 1)
		// ρ, π, χ and ι, plane by plane
		b0 = a[0] ^ d0
		b1 = bits.RotateLeft64(a[1]^d1, 44)
		b2 = bits.RotateLeft64(a[2]^d2, 43)
		b3 = bits.RotateLeft64(a[3]^d3, 21)
		b4 = bits.RotateLeft64(a[4]^d4, 14)
		a[0] = b0 ^ (^b1 & b2) ^ rc[ir+3]
		a[1] = b1 ^ (^b2 & b3)
		a[2] = b2 ^ (^b3 & b4)
		a[3] = b3 ^ (^b4 & b0)
		a[4] = b4 ^ (^b0 & b1)
		b0 = bits.RotateLeft64(a[9]^d3, 28)
		b1 = bits.RotateLeft64(a[5]^d4, 20)
		b2 = bits.RotateLeft64(a[6]^d0, 3)
		b3 = bits.RotateLeft64(a[7]^d1, 45)
		b4 = bits.RotateLeft64(a[8]^d2, 61)
		a[5] = b0 ^ (^b1 & b2)
		a[6] = b1 ^ (^b2 & b3)
		a[7] = b2 ^ (^b3 & b4)
		a[8] = b3 ^ (^b4 & b0)
		a[9] = b4 ^ (^b0 & b1)
		b0 = bits.RotateLeft64(a[13]^d1, 1)
		b1 = bits.RotateLeft64(a[14]^d2, 6)
		b2 = bits.RotateLeft64(a[10]^d3, 25)
		b3 = bits.RotateLeft64(a[11]^d4, 8)
		b4 = bits.RotateLeft64(a[12]^d0, 18)
		a[10] = b0 ^ (^b1 & b2)
		a[11] = b1 ^ (^b2 & b3)
		a[12] = b2 ^ (^b3 & b4)
		a[13] = b3 ^ (^b4 & b0)
		a[14] = b4 ^ (^b0 & b1)
		b0 = bits.RotateLeft64(a[17]^d4, 27)
		b1 = bits.RotateLeft64(a[18]^d0, 36)
		b2 = bits.RotateLeft64(a[19]^d1, 10)
		b3 = bits.RotateLeft64(a[15]^d2, 15)
		b4 = bits.RotateLeft64(a[16]^d3, 56)
		a[15] = b0 ^ (^b1 & b2)
		a[16] = b1 ^ (^b2 & b3)
		a[17] = b2 ^ (^b3 & b4)
		a[18] = b3 ^ (^b4 & b0)
		a[19] = b4 ^ (^b0 & b1)
		b0 = bits.RotateLeft64(a[21]^d2, 62)
		b1 = bits.RotateLeft64(a[22]^d3, 55)
		b2 = bits.RotateLeft64(a[23]^d4, 39)
		b3 = bits.RotateLeft64(a[24]^d0, 41)
		b4 = bits.RotateLeft64(a[20]^d1, 2)
		a[20] = b0 ^ (^b1 & b2)
		a[21] = b1 ^ (^b2 & b3)
		a[22] = b2 ^ (^b3 & b4)
		a[23] = b3 ^ (^b4 & b0)
		a[24] = b4 ^ (^b0 & b1)
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

// round is one round of Keccak-f[1600] with round constant c, the lanes in
// locals so that the compiler keeps them in registers (p1600Generic's
// arrays cost several times as much).
func round(a *[25]uint64, c uint64) {
	c0 := a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20]
	c1 := a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21]
	c2 := a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22]
	c3 := a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23]
	c4 := a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24]
	d0 := c4 ^ bits.RotateLeft64(c1, 1)
	d1 := c0 ^ bits.RotateLeft64(c2, 1)
	d2 := c1 ^ bits.RotateLeft64(c3, 1)
	d3 := c2 ^ bits.RotateLeft64(c4, 1)
	d4 := c3 ^ bits.RotateLeft64(c0, 1)
	// ρ and π: b[y][2x+3y] = rot(a[x][y]), the lanes named b<x><y> after
	// their place in the output; then χ along each output row.
	b00 := a[0] ^ d0
	b10 := bits.RotateLeft64(a[6]^d1, 44)
	b20 := bits.RotateLeft64(a[12]^d2, 43)
	b30 := bits.RotateLeft64(a[18]^d3, 21)
	b40 := bits.RotateLeft64(a[24]^d4, 14)
	b01 := bits.RotateLeft64(a[3]^d3, 28)
	b11 := bits.RotateLeft64(a[9]^d4, 20)
	b21 := bits.RotateLeft64(a[10]^d0, 3)
	b31 := bits.RotateLeft64(a[16]^d1, 45)
	b41 := bits.RotateLeft64(a[22]^d2, 61)
	b02 := bits.RotateLeft64(a[1]^d1, 1)
	b12 := bits.RotateLeft64(a[7]^d2, 6)
	b22 := bits.RotateLeft64(a[13]^d3, 25)
	b32 := bits.RotateLeft64(a[19]^d4, 8)
	b42 := bits.RotateLeft64(a[20]^d0, 18)
	b03 := bits.RotateLeft64(a[4]^d4, 27)
	b13 := bits.RotateLeft64(a[5]^d0, 36)
	b23 := bits.RotateLeft64(a[11]^d1, 10)
	b33 := bits.RotateLeft64(a[17]^d2, 15)
	b43 := bits.RotateLeft64(a[23]^d3, 56)
	b04 := bits.RotateLeft64(a[2]^d2, 62)
	b14 := bits.RotateLeft64(a[8]^d3, 55)
	b24 := bits.RotateLeft64(a[14]^d4, 39)
	b34 := bits.RotateLeft64(a[15]^d0, 41)
	b44 := bits.RotateLeft64(a[21]^d1, 2)
	a[0] = b00 ^ (^b10 & b20) ^ c
	a[1] = b10 ^ (^b20 & b30)
	a[2] = b20 ^ (^b30 & b40)
	a[3] = b30 ^ (^b40 & b00)
	a[4] = b40 ^ (^b00 & b10)
	a[5] = b01 ^ (^b11 & b21)
	a[6] = b11 ^ (^b21 & b31)
	a[7] = b21 ^ (^b31 & b41)
	a[8] = b31 ^ (^b41 & b01)
	a[9] = b41 ^ (^b01 & b11)
	a[10] = b02 ^ (^b12 & b22)
	a[11] = b12 ^ (^b22 & b32)
	a[12] = b22 ^ (^b32 & b42)
	a[13] = b32 ^ (^b42 & b02)
	a[14] = b42 ^ (^b02 & b12)
	a[15] = b03 ^ (^b13 & b23)
	a[16] = b13 ^ (^b23 & b33)
	a[17] = b23 ^ (^b33 & b43)
	a[18] = b33 ^ (^b43 & b03)
	a[19] = b43 ^ (^b03 & b13)
	a[20] = b04 ^ (^b14 & b24)
	a[21] = b14 ^ (^b24 & b34)
	a[22] = b24 ^ (^b34 & b44)
	a[23] = b34 ^ (^b44 & b04)
	a[24] = b44 ^ (^b04 & b14)
}
