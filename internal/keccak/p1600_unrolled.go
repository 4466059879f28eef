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
// multiple of four (never used by hashkit) take p1600Generic.
func p1600Unrolled(a *[25]uint64, rounds int) {
	if rounds%4 != 0 {
		p1600Generic(a, rounds)
		return
	}
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
