package blake2b

import (
	"encoding/binary"
	"math/bits"

	"github.com/hashkit/hashkit/internal/blakesigma"
)

// iv is the BLAKE2b initialization vector, the same as SHA-512's (RFC 7693
// section 2.6).
var iv = [8]uint64{
	0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
	0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
}

// sigma is the message schedule SIGMA of RFC 7693 section 2.7 with rows 0
// and 1 repeated, so that BLAKE2b's rounds 10 and 11 (rows r mod 10) index it
// directly.
var sigma = [12][16]uint8(append(blakesigma.Sigma[:], blakesigma.Sigma[:2]...))

// g is the mixing function G of RFC 7693 section 3.1, with the BLAKE2b
// rotation constants (R1, R2, R3, R4) = (32, 24, 16, 63).
func g(a, b, c, d, x, y uint64) (uint64, uint64, uint64, uint64) {
	a = a + b + x
	d = bits.RotateLeft64(d^a, -32)
	c = c + d
	b = bits.RotateLeft64(b^c, -24)
	a = a + b + y
	d = bits.RotateLeft64(d^a, -16)
	c = c + d
	b = bits.RotateLeft64(b^c, -63)
	return a, b, c, d
}

// blocksGeneric compresses each 128-byte block of p into h (the function F
// of RFC 7693 section 3.2), first adding 128 to the byte counter t = c. f0
// and f1 are the finalization flag words: all ones for the final block and
// the last node respectively, else zero. len(p) must be a multiple of 128.
// It stays apart from blake2s's twin: generic over the word, with the rotation
// counts as parameters, it runs several times slower.
func blocksGeneric(h *[8]uint64, c *[2]uint64, f0, f1 uint64, p []byte) {
	var m [16]uint64
	t0, t1 := c[0], c[1]
	for ; len(p) >= BlockSize; p = p[BlockSize:] {
		t0 += BlockSize
		if t0 < BlockSize {
			t1++
		}
		for i := range m {
			m[i] = binary.LittleEndian.Uint64(p[8*i:])
		}

		// Initialize the local work vector v[0..15].
		v0, v1, v2, v3, v4, v5, v6, v7 := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
		v8, v9, v10, v11 := iv[0], iv[1], iv[2], iv[3]
		v12, v13 := iv[4]^t0, iv[5]^t1
		v14, v15 := iv[6]^f0, iv[7]^f1

		// Twelve rounds of cryptographic message mixing: columns, then
		// diagonals.
		for r := range 12 {
			s := &sigma[r]
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
