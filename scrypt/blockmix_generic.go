package scrypt

import "math/bits"

// blockMixGeneric is scryptBlockMix of RFC 7914 section 4 on in xor x (x
// may be nil), in the natural word order: out = Y_0, Y_2, ..., Y_{2r-2},
// Y_1, Y_3, ..., Y_{2r-1}, where Y_i = Salsa20/8(Y_{i-1} xor B_i) and
// Y_{-1} = B_{2r-1}.
func blockMixGeneric(out, in, x []uint32, r int) {
	var t [16]uint32 // Y_{i-1}
	last := in[(2*r-1)*16 : 2*r*16]
	copy(t[:], last)
	if x != nil {
		xl := x[(2*r-1)*16 : 2*r*16]
		for i := range t {
			t[i] ^= xl[i]
		}
	}
	for i := 0; i < 2*r; i++ {
		b := (*[16]uint32)(in[i*16 : i*16+16])
		if x != nil {
			xb := (*[16]uint32)(x[i*16 : i*16+16])
			for k := range t {
				t[k] ^= b[k] ^ xb[k]
			}
		} else {
			for k := range t {
				t[k] ^= b[k]
			}
		}
		salsa208(&t)
		// Even Y go to the first half of out, odd Y to the second.
		o := (i/2 + (i%2)*r) * 16
		copy(out[o:o+16], t[:])
	}
}

// salsa208 replaces b by Salsa20/8(b) (RFC 7914 section 3): four double
// rounds of the Salsa20 core, then the feed-forward addition.
func salsa208(b *[16]uint32) {
	x0, x1, x2, x3, x4, x5, x6, x7 := b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]
	x8, x9, x10, x11, x12, x13, x14, x15 := b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]
	for range 4 {
		// Column round.
		x4 ^= bits.RotateLeft32(x0+x12, 7)
		x8 ^= bits.RotateLeft32(x4+x0, 9)
		x12 ^= bits.RotateLeft32(x8+x4, 13)
		x0 ^= bits.RotateLeft32(x12+x8, 18)
		x9 ^= bits.RotateLeft32(x5+x1, 7)
		x13 ^= bits.RotateLeft32(x9+x5, 9)
		x1 ^= bits.RotateLeft32(x13+x9, 13)
		x5 ^= bits.RotateLeft32(x1+x13, 18)
		x14 ^= bits.RotateLeft32(x10+x6, 7)
		x2 ^= bits.RotateLeft32(x14+x10, 9)
		x6 ^= bits.RotateLeft32(x2+x14, 13)
		x10 ^= bits.RotateLeft32(x6+x2, 18)
		x3 ^= bits.RotateLeft32(x15+x11, 7)
		x7 ^= bits.RotateLeft32(x3+x15, 9)
		x11 ^= bits.RotateLeft32(x7+x3, 13)
		x15 ^= bits.RotateLeft32(x11+x7, 18)
		// Row round.
		x1 ^= bits.RotateLeft32(x0+x3, 7)
		x2 ^= bits.RotateLeft32(x1+x0, 9)
		x3 ^= bits.RotateLeft32(x2+x1, 13)
		x0 ^= bits.RotateLeft32(x3+x2, 18)
		x6 ^= bits.RotateLeft32(x5+x4, 7)
		x7 ^= bits.RotateLeft32(x6+x5, 9)
		x4 ^= bits.RotateLeft32(x7+x6, 13)
		x5 ^= bits.RotateLeft32(x4+x7, 18)
		x11 ^= bits.RotateLeft32(x10+x9, 7)
		x8 ^= bits.RotateLeft32(x11+x10, 9)
		x9 ^= bits.RotateLeft32(x8+x11, 13)
		x10 ^= bits.RotateLeft32(x9+x8, 18)
		x12 ^= bits.RotateLeft32(x15+x14, 7)
		x13 ^= bits.RotateLeft32(x12+x15, 9)
		x14 ^= bits.RotateLeft32(x13+x12, 13)
		x15 ^= bits.RotateLeft32(x14+x13, 18)
	}
	b[0] += x0
	b[1] += x1
	b[2] += x2
	b[3] += x3
	b[4] += x4
	b[5] += x5
	b[6] += x6
	b[7] += x7
	b[8] += x8
	b[9] += x9
	b[10] += x10
	b[11] += x11
	b[12] += x12
	b[13] += x13
	b[14] += x14
	b[15] += x15
}
