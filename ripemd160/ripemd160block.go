package ripemd160

import (
	"encoding/binary"
	"math/bits"
)

// The tables of the RIPEMD-160 paper (Dobbertin, Bosselaers, Preneel, 1996,
// appendix A): for step j of the left and right lines, the message word
// r[j] / rr[j] and the rotation s[j] / ss[j]. Step i of round q takes
// message word ρ^q(i) in the left line and ρ^q(π(i)) in the right one,
// π(i) = 9i + 5 mod 16; a word's rotation depends only on the round and the
// word, so the right line's rotations are the left line's at π(i).
var (
	rho = [16]uint8{7, 4, 13, 1, 10, 6, 15, 3, 12, 0, 9, 5, 2, 14, 11, 8}
	s   = [80]uint8{
		11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8,
		7, 6, 8, 13, 11, 9, 7, 15, 7, 12, 15, 9, 11, 7, 13, 12,
		11, 13, 6, 7, 14, 9, 13, 15, 14, 8, 13, 6, 5, 12, 7, 5,
		11, 12, 14, 15, 14, 15, 9, 8, 9, 14, 5, 6, 8, 6, 5, 12,
		9, 15, 5, 11, 6, 8, 13, 12, 5, 12, 13, 14, 11, 8, 5, 6,
	}
	r, rr, ss [80]uint8
	// The constants K(j) of the left line and K'(j) of the right line, one
	// per round of 16 steps.
	k  = [5]uint32{0x00000000, 0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xa953fd4e}
	kk = [5]uint32{0x50a28be6, 0x5c4dd124, 0x6d703ef3, 0x7a6d76e9, 0x00000000}
)

// init computes r, rr and ss as the comment above the tables says.
func init() {
	for i := range uint8(16) {
		pi := (9*i + 5) % 16
		w, wr := i, pi // ρ^q(i), ρ^q(π(i))
		for q := range uint8(5) {
			r[16*q+i], rr[16*q+i] = w, wr
			ss[16*q+i] = s[16*q+pi]
			w, wr = rho[w], rho[wr]
		}
	}
}

// f is the paper's f(j, x, y, z) for round j/16 of the left line; the right
// line uses the functions in the opposite order, f(79-j, x, y, z).
func f(round int, x, y, z uint32) uint32 {
	switch round {
	case 0:
		return x ^ y ^ z
	case 1:
		return (x & y) | (^x & z)
	case 2:
		return (x | ^y) ^ z
	case 3:
		return (x & z) | (y & ^z)
	default:
		return x ^ (y | ^z)
	}
}

// blockGeneric hashes the whole 64-byte blocks of p into d.s: two parallel
// lines of 80 steps each over the little-endian message words, combined as
// the paper's pseudo-code does.
func blockGeneric(d *digest, p []byte) {
	for ; len(p) >= BlockSize; p = p[BlockSize:] {
		var x [16]uint32
		for i := range x {
			x[i] = binary.LittleEndian.Uint32(p[4*i:])
		}
		a, b, c, dd, e := d.s[0], d.s[1], d.s[2], d.s[3], d.s[4]
		a2, b2, c2, d2, e2 := a, b, c, dd, e
		for j := range 80 {
			// Left line: T = rol_s(j)(A + f(j, B, C, D) + X[r(j)] + K(j)) + E;
			// A = E; E = D; D = rol_10(C); C = B; B = T.
			t := bits.RotateLeft32(a+f(j/16, b, c, dd)+x[r[j]]+k[j/16], int(s[j])) + e
			a, e, dd, c, b = e, dd, bits.RotateLeft32(c, 10), b, t
			// Right line, the same with f(79-j), r'(j), s'(j), K'(j).
			t = bits.RotateLeft32(a2+f(4-j/16, b2, c2, d2)+x[rr[j]]+kk[j/16], int(ss[j])) + e2
			a2, e2, d2, c2, b2 = e2, d2, bits.RotateLeft32(c2, 10), b2, t
		}
		t := d.s[1] + c + d2
		d.s[1] = d.s[2] + dd + e2
		d.s[2] = d.s[3] + e + a2
		d.s[3] = d.s[4] + a + b2
		d.s[4] = d.s[0] + b + c2
		d.s[0] = t
	}
}
