package sha1

import (
	"encoding/binary"
	"math/bits"
)

// The round constants K_t, FIPS 180-4 section 4.2.1.
const (
	k0 = 0x5a827999 // 0 <= t <= 19
	k1 = 0x6ed9eba1 // 20 <= t <= 39
	k2 = 0x8f1bbcdc // 40 <= t <= 59
	k3 = 0xca62c1d6 // 60 <= t <= 79
)

// blockGeneric hashes the whole 64-byte blocks of p into h, following FIPS
// 180-4 section 6.1.2, with the message schedule kept in a 16-word circular
// buffer (section 6.1.3).
func blockGeneric(h *[5]uint32, p []byte) {
	h0, h1, h2, h3, h4 := h[0], h[1], h[2], h[3], h[4]
	for ; len(p) >= BlockSize; p = p[BlockSize:] {
		var w [16]uint32
		for i := range w {
			w[i] = binary.BigEndian.Uint32(p[4*i:])
		}
		a, b, c, dd, e := h0, h1, h2, h3, h4
		for t := range 80 {
			if t >= 16 {
				// W_t = ROTL1(W_t-3 ^ W_t-8 ^ W_t-14 ^ W_t-16)
				w[t&15] = bits.RotateLeft32(w[(t-3)&15]^w[(t-8)&15]^w[(t-14)&15]^w[t&15], 1)
			}
			var f, k uint32
			switch {
			case t < 20: // Ch
				f, k = (b&c)|(^b&dd), k0
			case t < 40: // Parity
				f, k = b^c^dd, k1
			case t < 60: // Maj
				f, k = (b&c)|(b&dd)|(c&dd), k2
			default: // Parity
				f, k = b^c^dd, k3
			}
			tmp := bits.RotateLeft32(a, 5) + f + e + k + w[t&15]
			a, b, c, dd, e = tmp, a, bits.RotateLeft32(b, 30), c, dd
		}
		h0 += a
		h1 += b
		h2 += c
		h3 += dd
		h4 += e
	}
	*h = [5]uint32{h0, h1, h2, h3, h4}
}
