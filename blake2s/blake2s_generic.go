package blake2s

import (
	"encoding/binary"
	"math/bits"

	"github.com/hashkit/hashkit/internal/blakesigma"
)

// iv is the BLAKE2s initialization vector, the same as SHA-256's (RFC 7693
// section 2.6).
var iv = [8]uint32{
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
}

// g is the mixing function G of RFC 7693 section 3.1, with the BLAKE2s
// rotation constants (R1, R2, R3, R4) = (16, 12, 8, 7).
func g(a, b, c, d, x, y uint32) (uint32, uint32, uint32, uint32) {
	a = a + b + x
	d = bits.RotateLeft32(d^a, -16)
	c = c + d
	b = bits.RotateLeft32(b^c, -12)
	a = a + b + y
	d = bits.RotateLeft32(d^a, -8)
	c = c + d
	b = bits.RotateLeft32(b^c, -7)
	return a, b, c, d
}

// blocksGeneric compresses each 64-byte block of p into h (the function F of
// RFC 7693 section 3.2), first adding 64 to the byte counter t = c. f0 and
// f1 are the finalization flag words: all ones for the final block and the
// last node respectively, else zero. len(p) must be a multiple of 64.
// It stays apart from blake2b's twin: generic over the word, with the rotation
// counts as parameters, it runs several times slower.
func blocksGeneric(h *[8]uint32, c *[2]uint32, f0, f1 uint32, p []byte) {
	var m [16]uint32
	t0, t1 := c[0], c[1]
	for ; len(p) >= BlockSize; p = p[BlockSize:] {
		t0 += BlockSize
		if t0 < BlockSize {
			t1++
		}
		for i := range m {
			m[i] = binary.LittleEndian.Uint32(p[4*i:])
		}

		// Initialize the local work vector v[0..15].
		v0, v1, v2, v3, v4, v5, v6, v7 := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
		v8, v9, v10, v11 := iv[0], iv[1], iv[2], iv[3]
		v12, v13 := iv[4]^t0, iv[5]^t1
		v14, v15 := iv[6]^f0, iv[7]^f1

		// Ten rounds of cryptographic message mixing: columns, then
		// diagonals.
		for r := range 10 {
			s := &blakesigma.Sigma[r]
			v0, v4, v8, v12 = g(v0, v4, v8, v12, m[s[0]], m[s[1]])
			v1, v5, v9, v13 = g(v1, v5, v9, v13, m[s[2]], m[s[3]])
			v2, v6, v10, v14 = g(v2, v6, v10, v14, m[s[4]], m[s[5]])
			v3, v7, v11, v15 = g(v3, v7, v11, v15, m[s[6]], m[s[7]])

			v0, v5, v10, v15 = g(v0, v5, v10, v15, m[s[8]], m[s[9]])
			v1, v6, v11, v12 = g(v1, v6, v11, v12, m[s[10]], m[s[11]])
			v2, v7, v8, v13 = g(v2, v7, v8, v13, m[s[12]], m[s[13]])
			v3, v4, v9, v14 = g(v3, v4, v9, v14, m[s[14]], m[s[15]])
		}

		// XOR the two halves into the chain value.
		h[0] ^= v0 ^ v8
		h[1] ^= v1 ^ v9
		h[2] ^= v2 ^ v10
		h[3] ^= v3 ^ v11
		h[4] ^= v4 ^ v12
		h[5] ^= v5 ^ v13
		h[6] ^= v6 ^ v14
		h[7] ^= v7 ^ v15
	}
	c[0], c[1] = t0, t1
}
