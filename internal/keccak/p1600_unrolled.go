package keccak

import "math/bits"

// p1600Unrolled is p1600Generic with every step written out per lane and
// the state in 25 local variables, which the compiler keeps in registers as
// far as it can: about three times faster than the loops of p1600Generic,
// and the permutation of every platform without an assembly kernel. The
// names follow FIPS 202 section 3.2: aN is lane N = x+5y of A, cX and dX
// the column parities and θ's offsets, bN lane N after ρ and π.
func p1600Unrolled(a *[25]uint64, rounds int) {
	a00, a01, a02, a03, a04, a05, a06, a07, a08, a09, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24 := a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15], a[16], a[17], a[18], a[19], a[20], a[21], a[22], a[23], a[24]
	for ir := MaxRounds - rounds; ir < MaxRounds; ir++ {
		// θ
		c0 := a00 ^ a05 ^ a10 ^ a15 ^ a20
		c1 := a01 ^ a06 ^ a11 ^ a16 ^ a21
		c2 := a02 ^ a07 ^ a12 ^ a17 ^ a22
		c3 := a03 ^ a08 ^ a13 ^ a18 ^ a23
		c4 := a04 ^ a09 ^ a14 ^ a19 ^ a24
		d0 := c4 ^ bits.RotateLeft64(c1, 1)
		d1 := c0 ^ bits.RotateLeft64(c2, 1)
		d2 := c1 ^ bits.RotateLeft64(c3, 1)
		d3 := c2 ^ bits.RotateLeft64(c4, 1)
		d4 := c3 ^ bits.RotateLeft64(c0, 1)
		// ρ and π
		b00 := a00 ^ d0
		b10 := bits.RotateLeft64(a01^d1, 1)
		b20 := bits.RotateLeft64(a02^d2, 62)
		b05 := bits.RotateLeft64(a03^d3, 28)
		b15 := bits.RotateLeft64(a04^d4, 27)
		b16 := bits.RotateLeft64(a05^d0, 36)
		b01 := bits.RotateLeft64(a06^d1, 44)
		b11 := bits.RotateLeft64(a07^d2, 6)
		b21 := bits.RotateLeft64(a08^d3, 55)
		b06 := bits.RotateLeft64(a09^d4, 20)
		b07 := bits.RotateLeft64(a10^d0, 3)
		b17 := bits.RotateLeft64(a11^d1, 10)
		b02 := bits.RotateLeft64(a12^d2, 43)
		b12 := bits.RotateLeft64(a13^d3, 25)
		b22 := bits.RotateLeft64(a14^d4, 39)
		b23 := bits.RotateLeft64(a15^d0, 41)
		b08 := bits.RotateLeft64(a16^d1, 45)
		b18 := bits.RotateLeft64(a17^d2, 15)
		b03 := bits.RotateLeft64(a18^d3, 21)
		b13 := bits.RotateLeft64(a19^d4, 8)
		b14 := bits.RotateLeft64(a20^d0, 18)
		b24 := bits.RotateLeft64(a21^d1, 2)
		b09 := bits.RotateLeft64(a22^d2, 61)
		b19 := bits.RotateLeft64(a23^d3, 56)
		b04 := bits.RotateLeft64(a24^d4, 14)
		// χ
		a00 = b00 ^ (^b01 & b02)
		a01 = b01 ^ (^b02 & b03)
		a02 = b02 ^ (^b03 & b04)
		a03 = b03 ^ (^b04 & b00)
		a04 = b04 ^ (^b00 & b01)
		a05 = b05 ^ (^b06 & b07)
		a06 = b06 ^ (^b07 & b08)
		a07 = b07 ^ (^b08 & b09)
		a08 = b08 ^ (^b09 & b05)
		a09 = b09 ^ (^b05 & b06)
		a10 = b10 ^ (^b11 & b12)
		a11 = b11 ^ (^b12 & b13)
		a12 = b12 ^ (^b13 & b14)
		a13 = b13 ^ (^b14 & b10)
		a14 = b14 ^ (^b10 & b11)
		a15 = b15 ^ (^b16 & b17)
		a16 = b16 ^ (^b17 & b18)
		a17 = b17 ^ (^b18 & b19)
		a18 = b18 ^ (^b19 & b15)
		a19 = b19 ^ (^b15 & b16)
		a20 = b20 ^ (^b21 & b22)
		a21 = b21 ^ (^b22 & b23)
		a22 = b22 ^ (^b23 & b24)
		a23 = b23 ^ (^b24 & b20)
		a24 = b24 ^ (^b20 & b21)
		// ι
		a00 ^= rc[ir]
	}
	a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15], a[16], a[17], a[18], a[19], a[20], a[21], a[22], a[23], a[24] = a00, a01, a02, a03, a04, a05, a06, a07, a08, a09, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24
}
