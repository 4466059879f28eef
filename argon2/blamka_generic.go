package argon2

import "math/bits"

// compressGeneric is the compression function G of RFC 9106 section 3.5:
// R = X xor Y; Q = P applied to the rows, then to the columns, of R; the
// result R xor Q is stored in out, or xored into it when xor is set (passes
// after the first of version 0x13). out may alias x or y.
func compressGeneric(out, x, y *block, xor bool) {
	var r, q block
	for i := range r {
		r[i] = x[i] ^ y[i]
	}
	q = r
	// Rows: eight 16-word (128-byte) rows of the 8x8 matrix of 16-byte registers.
	for i := 0; i < blockWords; i += 16 {
		permute(&q[i], &q[i+1], &q[i+2], &q[i+3], &q[i+4], &q[i+5], &q[i+6], &q[i+7],
			&q[i+8], &q[i+9], &q[i+10], &q[i+11], &q[i+12], &q[i+13], &q[i+14], &q[i+15])
	}
	// Columns: register j of every row, i.e. words 2j, 2j+1, 2j+16, 2j+17, ...
	for i := 0; i < 16; i += 2 {
		permute(&q[i], &q[i+1], &q[i+16], &q[i+17], &q[i+32], &q[i+33], &q[i+48], &q[i+49],
			&q[i+64], &q[i+65], &q[i+80], &q[i+81], &q[i+96], &q[i+97], &q[i+112], &q[i+113])
	}
	if xor {
		for i := range out {
			out[i] ^= r[i] ^ q[i]
		}
	} else {
		for i := range out {
			out[i] = r[i] ^ q[i]
		}
	}
}

// fBlaMka is the multiply-hardened addition of BlaMka: a + b + 2*lo(a)*lo(b).
func fBlaMka(a, b uint64) uint64 {
	return a + b + 2*(a&0xffffffff)*(b&0xffffffff)
}

// gb is the BLAKE2b G function with fBlaMka additions (RFC 9106 section 3.6).
func gb(a, b, c, d uint64) (uint64, uint64, uint64, uint64) {
	a = fBlaMka(a, b)
	d = bits.RotateLeft64(d^a, -32)
	c = fBlaMka(c, d)
	b = bits.RotateLeft64(b^c, -24)
	a = fBlaMka(a, b)
	d = bits.RotateLeft64(d^a, -16)
	c = fBlaMka(c, d)
	b = bits.RotateLeft64(b^c, -63)
	return a, b, c, d
}

// permute is the permutation P on sixteen words v0..v15: one BLAKE2b round
// without message, columns then diagonals.
func permute(v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15 *uint64) {
	*v0, *v4, *v8, *v12 = gb(*v0, *v4, *v8, *v12)
	*v1, *v5, *v9, *v13 = gb(*v1, *v5, *v9, *v13)
	*v2, *v6, *v10, *v14 = gb(*v2, *v6, *v10, *v14)
	*v3, *v7, *v11, *v15 = gb(*v3, *v7, *v11, *v15)
	*v0, *v5, *v10, *v15 = gb(*v0, *v5, *v10, *v15)
	*v1, *v6, *v11, *v12 = gb(*v1, *v6, *v11, *v12)
	*v2, *v7, *v8, *v13 = gb(*v2, *v7, *v8, *v13)
	*v3, *v4, *v9, *v14 = gb(*v3, *v4, *v9, *v14)
}
