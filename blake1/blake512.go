package blake1

import (
	"encoding/binary"
	"hash"
	"math/bits"

	"github.com/hashkit/hashkit/internal/blakesigma"
	"github.com/hashkit/hashkit/internal/mdhash"
)

// The initial values of BLAKE-512 and BLAKE-384 (those of SHA-512 and
// SHA-384), specification sections 2.3 and 2.4.
var (
	iv512 = [8]uint64{
		0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
		0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
	}
	iv384 = [8]uint64{
		0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17, 0x152fecd8f70e5939,
		0x67332667ffc00b31, 0x8eb44a8768581511, 0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4,
	}
)

// The constants c0..c15 of BLAKE-512 (the first digits of pi), section 2.3.
var c512 = [16]uint64{
	0x243f6a8885a308d3, 0x13198a2e03707344, 0xa4093822299f31d0, 0x082efa98ec4e6c89,
	0x452821e638d01377, 0xbe5466cf34e90c6c, 0xc0ac29b7c97c50dd, 0x3f84d5b5b5470917,
	0x9216d5d98979fb1b, 0xd1310ba698dfb5ac, 0x2ffd72dbd01adfb7, 0xb8e1afed6a267e96,
	0xba7c9045f12c7f99, 0x24a19947b3916cf7, 0x0801f2e2858efc16, 0x636920d871574e69,
}

// rounds512 is the number of rounds of BLAKE-384 and BLAKE-512 in the final
// (v1.3) specification.
const rounds512 = 16

// digest512 is the BLAKE-384 / BLAKE-512 hasher. The specification's counter
// is 128 bits wide; (thi, tlo) counts the message bits already compressed (a
// multiple of 1024), so every length is counted exactly.
type digest512 struct {
	h        [8]uint64
	s        [4]uint64
	tlo, thi uint64
	x        [BlockSize512]byte
	nx       int
	size     int
}

func newDigest512(size int, salt []byte) *digest512 {
	d := new(digest512)
	d.init(size, salt)
	return d
}

func (d *digest512) init(size int, salt []byte) {
	d.size = size
	if salt != nil {
		for i := range d.s {
			d.s[i] = binary.BigEndian.Uint64(salt[8*i:])
		}
	}
	d.Reset()
}

// Reset returns to the initial state, keeping the salt.
func (d *digest512) Reset() {
	if d.size == Size384 {
		d.h = iv384
	} else {
		d.h = iv512
	}
	d.tlo, d.thi = 0, 0
	d.nx = 0
}

func (d *digest512) Size() int      { return d.size }
func (d *digest512) BlockSize() int { return BlockSize512 }

// Clone returns an independent copy of the hasher; the error is always nil.
func (d *digest512) Clone() (hash.Cloner, error) {
	c := *d
	return &c, nil
}

// Write adds p to the running hash. It never returns an error.
func (d *digest512) Write(p []byte) (int, error) {
	d.nx = mdhash.Write(d.x[:], d.nx, p, func() { blocks512(d, d.x[:]) }, func(i, j int) { blocks512(d, p[i:j]) })
	return len(p), nil
}

// Sum appends the checksum of the data written so far to b. It does not
// change the state.
func (d *digest512) Sum(b []byte) []byte {
	c := *d
	s := c.checkSum()
	return append(b, s[:d.size]...)
}

// checkSum pads and compresses the final block or blocks (section 2.3): a 1
// bit, zeros up to 895 bits modulo 1024, a 1 bit for BLAKE-512 (a 0 bit for
// BLAKE-384), and the message length in bits as a 128-bit big-endian number.
// Each block's counter is the number of message bits up to its end; a block
// holding no message bits has counter 0.
func (d *digest512) checkSum() [Size512]byte {
	lo, carry := bits.Add64(d.tlo, uint64(d.nx)*8, 0)
	hi := d.thi + carry
	var last [2 * BlockSize512]byte
	copy(last[:], d.x[:d.nx])
	last[d.nx] = 0x80
	n := BlockSize512
	if d.nx > 111 {
		n = 2 * BlockSize512
	}
	if d.size == Size512 {
		last[n-17] |= 0x01
	}
	binary.BigEndian.PutUint64(last[n-16:], hi)
	binary.BigEndian.PutUint64(last[n-8:], lo)
	clo, chi := lo, hi
	if d.nx == 0 {
		clo, chi = 0, 0
	}
	// blocks512 adds 1024 to the 128-bit counter before each block (modulo
	// 2^128), so start 1024 below the counter wanted.
	var borrow uint64
	d.tlo, borrow = bits.Sub64(clo, 1024, 0)
	d.thi = chi - borrow
	blocks512(d, last[:BlockSize512])
	if n > BlockSize512 {
		d.tlo, d.thi = ^uint64(1024-1), ^uint64(0) // -1024: counter 0
		blocks512(d, last[BlockSize512:n])
	}
	var out [Size512]byte
	for i, h := range d.h {
		binary.BigEndian.PutUint64(out[8*i:], h)
	}
	return out
}

// blocks512Generic compresses the whole blocks of p, counting 1024 bits for
// each.
func blocks512Generic(d *digest512, p []byte) {
	for ; len(p) >= BlockSize512; p = p[BlockSize512:] {
		var carry uint64
		d.tlo, carry = bits.Add64(d.tlo, 1024, 0)
		d.thi += carry
		compress512(&d.h, &d.s, (*[BlockSize512]byte)(p), d.tlo, d.thi)
	}
}

// g512 is the G function for BLAKE-512, with rotations 32, 25, 16, 11.
func g512(a, b, c, d, mj, mk uint64) (uint64, uint64, uint64, uint64) {
	a += b + mj
	d = bits.RotateLeft64(d^a, -32)
	c += d
	b = bits.RotateLeft64(b^c, -25)
	a += b + mk
	d = bits.RotateLeft64(d^a, -16)
	c += d
	b = bits.RotateLeft64(b^c, -11)
	return a, b, c, d
}

// compress512 is the BLAKE-512 compression function, section 2.3: as
// compress256 with 64-bit words, a 128-bit counter (tlo, thi) and 16 rounds.
func compress512(h *[8]uint64, s *[4]uint64, block *[BlockSize512]byte, tlo, thi uint64) {
	var m [16]uint64
	for i := range m {
		m[i] = binary.BigEndian.Uint64(block[8*i:])
	}
	v0, v1, v2, v3, v4, v5, v6, v7 := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
	v8, v9, v10, v11 := s[0]^c512[0], s[1]^c512[1], s[2]^c512[2], s[3]^c512[3]
	v12, v13, v14, v15 := tlo^c512[4], tlo^c512[5], thi^c512[6], thi^c512[7]
	for r := range rounds512 {
		// The message words of this round, each XORed with the constant
		// of its partner (section 2.1.2: m[σ(2i)] ^ c[σ(2i+1)] and
		// m[σ(2i+1)] ^ c[σ(2i)]). The &15 lets the compiler drop bounds
		// checks.
		σ := &blakesigma.Sigma[r%10]
		var mc [16]uint64
		for i := range mc {
			mc[i] = m[σ[i]&15] ^ c512[σ[i^1]&15]
		}
		// Columns.
		v0, v4, v8, v12 = g512(v0, v4, v8, v12, mc[0], mc[1])
		v1, v5, v9, v13 = g512(v1, v5, v9, v13, mc[2], mc[3])
		v2, v6, v10, v14 = g512(v2, v6, v10, v14, mc[4], mc[5])
		v3, v7, v11, v15 = g512(v3, v7, v11, v15, mc[6], mc[7])
		// Diagonals.
		v0, v5, v10, v15 = g512(v0, v5, v10, v15, mc[8], mc[9])
		v1, v6, v11, v12 = g512(v1, v6, v11, v12, mc[10], mc[11])
		v2, v7, v8, v13 = g512(v2, v7, v8, v13, mc[12], mc[13])
		v3, v4, v9, v14 = g512(v3, v4, v9, v14, mc[14], mc[15])
	}
	h[0] ^= s[0] ^ v0 ^ v8
	h[1] ^= s[1] ^ v1 ^ v9
	h[2] ^= s[2] ^ v2 ^ v10
	h[3] ^= s[3] ^ v3 ^ v11
	h[4] ^= s[0] ^ v4 ^ v12
	h[5] ^= s[1] ^ v5 ^ v13
	h[6] ^= s[2] ^ v6 ^ v14
	h[7] ^= s[3] ^ v7 ^ v15
}

// The marshalled state: magic, h and s as big-endian words, the counter
// (thi, tlo) big-endian (a multiple of 1024), the number of buffered bytes,
// and the 128-byte buffer (zero past the buffered bytes).
const (
	magic384         = "blake384\x01"
	magic512         = "blake512\x01"
	marshaledSize512 = len(magic512) + 8*8 + 4*8 + 16 + 1 + BlockSize512
)

func (d *digest512) magic() string {
	if d.size == Size384 {
		return magic384
	}
	return magic512
}

// MarshalBinary returns the state of the hasher, salt included.
func (d *digest512) MarshalBinary() ([]byte, error) {
	return d.AppendBinary(make([]byte, 0, marshaledSize512))
}

// AppendBinary appends the state of the hasher, salt included, to b.
func (d *digest512) AppendBinary(b []byte) ([]byte, error) {
	b = append(b, d.magic()...)
	for _, h := range d.h {
		b = binary.BigEndian.AppendUint64(b, h)
	}
	for _, s := range d.s {
		b = binary.BigEndian.AppendUint64(b, s)
	}
	b = binary.BigEndian.AppendUint64(b, d.thi)
	b = binary.BigEndian.AppendUint64(b, d.tlo)
	b = append(b, byte(d.nx))
	b = append(b, d.x[:d.nx]...)
	b = append(b, make([]byte, BlockSize512-d.nx)...)
	return b, nil
}

// UnmarshalBinary restores a state written by MarshalBinary of a hasher of
// the same variant, salt included. It returns an error, and leaves the
// hasher unchanged, if b is not such a state.
func (d *digest512) UnmarshalBinary(b []byte) error {
	magic := d.magic()
	if len(b) < len(magic) || string(b[:len(magic)]) != magic {
		return errMagic
	}
	if len(b) != marshaledSize512 {
		return errSize
	}
	b = b[len(magic):]
	var h, s [8]uint64
	for i := range 12 {
		if i < 8 {
			h[i] = binary.BigEndian.Uint64(b[8*i:])
		} else {
			s[i-8] = binary.BigEndian.Uint64(b[8*i:])
		}
	}
	b = b[12*8:]
	thi := binary.BigEndian.Uint64(b)
	tlo := binary.BigEndian.Uint64(b[8:])
	nx := int(b[16])
	buf := b[17:]
	if tlo%1024 != 0 || nx >= BlockSize512 {
		return errState
	}
	for _, c := range buf[nx:] {
		if c != 0 {
			return errState
		}
	}
	d.h, d.tlo, d.thi, d.nx = h, tlo, thi, nx
	d.s = [4]uint64(s[:4])
	copy(d.x[:], buf)
	return nil
}
