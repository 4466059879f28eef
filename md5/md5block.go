package md5

import (
	"encoding/binary"
	"math/bits"
)

// The per-step constants T[i] = floor(2^32 * abs(sin(i+1))), RFC 1321
// section 3.4, in step order.
var table = [64]uint32{
	0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
	0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
	0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
	0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
	0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
	0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
	0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
	0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
}

// The rotation amounts of each round, four per round, repeated.
var shifts = [4][4]int{
	{7, 12, 17, 22},
	{5, 9, 14, 20},
	{4, 11, 16, 23},
	{6, 10, 15, 21},
}

// block hashes the whole blocks of p into d.s, on the kernel if one is on.
func block(d *digest, p []byte) {
	if !blockAsm(d, p) {
		blockGeneric(d, p)
	}
}

// blockGeneric hashes the whole 64-byte blocks of p into d.s, following RFC
// 1321 section 3.4 step by step.
func blockGeneric(d *digest, p []byte) {
	a0, b0, c0, d0 := d.s[0], d.s[1], d.s[2], d.s[3]
	for ; len(p) >= BlockSize; p = p[BlockSize:] {
		var x [16]uint32
		for i := range x {
			x[i] = binary.LittleEndian.Uint32(p[4*i:])
		}
		a, b, c, dd := a0, b0, c0, d0
		for i := range 64 {
			var f uint32
			var k int
			switch i / 16 {
			case 0: // F(X,Y,Z) = XY v not(X) Z, words in order
				f = (b & c) | (^b & dd)
				k = i
			case 1: // G(X,Y,Z) = XZ v Y not(Z), words 1, 6, 11, ...
				f = (b & dd) | (c &^ dd)
				k = (5*i + 1) % 16
			case 2: // H(X,Y,Z) = X xor Y xor Z, words 5, 8, 11, ...
				f = b ^ c ^ dd
				k = (3*i + 5) % 16
			default: // I(X,Y,Z) = Y xor (X v not(Z)), words 0, 7, 14, ...
				f = c ^ (b | ^dd)
				k = (7 * i) % 16
			}
			// a = b + ((a + f(b,c,d) + X[k] + T[i]) <<< s), then rotate the
			// roles of the four words.
			t := b + bits.RotateLeft32(a+f+x[k]+table[i], shifts[i/16][i%4])
			a, b, c, dd = dd, t, b, c
		}
		a0 += a
		b0 += b
		c0 += c
		d0 += dd
	}
	d.s = [4]uint32{a0, b0, c0, d0}
}
