package blake1

import (
	"encoding/binary"
	"errors"
	"hash"
	"math/bits"

	"github.com/hashkit/hashkit/internal/blakesigma"
	"github.com/hashkit/hashkit/internal/preempt"
)

// The initial values of BLAKE-256 and BLAKE-224 (those of SHA-256 and
// SHA-224), specification section 2.1.1 and 2.2.
var (
	iv256 = [8]uint32{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19}
	iv224 = [8]uint32{0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4}
)

// The constants c0..c15 of BLAKE-256 (the first digits of pi), section 2.1.1.
var c256 = [16]uint32{
	0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344, 0xa4093822, 0x299f31d0, 0x082efa98, 0xec4e6c89,
	0x452821e6, 0x38d01377, 0xbe5466cf, 0x34e90c6c, 0xc0ac29b7, 0xc97c50dd, 0x3f84d5b5, 0xb5470917,
}

// rounds256 is the number of rounds of BLAKE-224 and BLAKE-256 in the final
// (v1.3) specification.
const rounds256 = 14

// digest256 is the BLAKE-224 / BLAKE-256 hasher. t counts the message bits
// already compressed (a multiple of 512); the specification's counter is 64
// bits wide, so messages up to 2^64 - 1 bits are counted exactly.
type digest256 struct {
	h    [8]uint32
	s    [4]uint32
	t    uint64
	x    [BlockSize256]byte
	nx   int
	size int
}

func newDigest256(size int, salt []byte) *digest256 {
	d := new(digest256)
	d.init(size, salt)
	return d
}

func (d *digest256) init(size int, salt []byte) {
	d.size = size
	if salt != nil {
		for i := range d.s {
			d.s[i] = binary.BigEndian.Uint32(salt[4*i:])
		}
	}
	d.Reset()
}

// Reset returns to the initial state, keeping the salt.
func (d *digest256) Reset() {
	if d.size == Size224 {
		d.h = iv224
	} else {
		d.h = iv256
	}
	d.t = 0
	d.nx = 0
}

func (d *digest256) Size() int      { return d.size }
func (d *digest256) BlockSize() int { return BlockSize256 }

// Clone returns an independent copy of the hasher; the error is always nil.
func (d *digest256) Clone() (hash.Cloner, error) {
	c := *d
	return &c, nil
}

// Write adds p to the running hash. It never returns an error. It is
// written out, not through internal/mdhash.Write (as digest512's is), since
// that costs BLAKE-256's short messages measurably more time.
func (d *digest256) Write(p []byte) (int, error) {
	n := len(p)
	if d.nx > 0 {
		c := copy(d.x[d.nx:], p)
		d.nx += c
		p = p[c:]
		if d.nx < BlockSize256 {
			return n, nil
		}
		blocks256(d, d.x[:])
		d.nx = 0
	}
	p = p[preempt.Blocks(len(p), BlockSize256, func(i, j int) { blocks256(d, p[i:j]) }):]
	d.nx = copy(d.x[:], p)
	return n, nil
}

// Sum appends the checksum of the data written so far to b. It does not
// change the state.
func (d *digest256) Sum(b []byte) []byte {
	c := *d
	s := c.checkSum()
	return append(b, s[:d.size]...)
}

// checkSum pads and compresses the final block or blocks (section 2.1.3):
// a 1 bit, zeros up to 447 bits modulo 512, a 1 bit for BLAKE-256 (a 0 bit
// for BLAKE-224), and the message length in bits as a 64-bit big-endian
// number. Each block's counter is the number of message bits up to its end;
// a block holding no message bits has counter 0. It returns the chaining
// value, of which BLAKE-224 keeps the first 28 bytes.
func (d *digest256) checkSum() [Size256]byte {
	length := d.t + uint64(d.nx)*8
	var last [2 * BlockSize256]byte
	copy(last[:], d.x[:d.nx])
	last[d.nx] = 0x80
	n := BlockSize256
	if d.nx > 55 {
		n = 2 * BlockSize256
	}
	if d.size == Size256 {
		last[n-9] |= 0x01
	}
	binary.BigEndian.PutUint64(last[n-8:], length)
	counter := length
	if d.nx == 0 {
		counter = 0
	}
	// blocks256 adds 512 to the counter before each block (modulo 2^64),
	// so start 512 below the counter wanted; this keeps the final blocks
	// on the same kernel as the rest.
	d.t = counter - 512
	blocks256(d, last[:BlockSize256])
	if n > BlockSize256 {
		d.t = ^uint64(512 - 1) // -512: the padding-only block has counter 0
		blocks256(d, last[BlockSize256:n])
	}
	var out [Size256]byte
	for i, h := range d.h {
		binary.BigEndian.PutUint32(out[4*i:], h)
	}
	return out
}

// blocks256Generic compresses the whole blocks of p, counting 512 bits for
// each.
func blocks256Generic(d *digest256, p []byte) {
	for ; len(p) >= BlockSize256; p = p[BlockSize256:] {
		d.t += 512
		compress256(&d.h, &d.s, (*[BlockSize256]byte)(p), d.t)
	}
}

// g256 is the G function of section 2.1.2 for BLAKE-256: the message words
// mj, mk are XORed with constants c[sigma(2i+1)], c[sigma(2i)] before use.
func g256(a, b, c, d, mj, mk uint32) (uint32, uint32, uint32, uint32) {
	a += b + mj
	d = bits.RotateLeft32(d^a, -16)
	c += d
	b = bits.RotateLeft32(b^c, -12)
	a += b + mk
	d = bits.RotateLeft32(d^a, -8)
	c += d
	b = bits.RotateLeft32(b^c, -7)
	return a, b, c, d
}

// compress256 is the BLAKE-256 compression function, section 2.1.2:
// initialization of the 16-word state from the chaining value, salt,
// constants and counter t = (t0, t1); 14 rounds of column and diagonal
// steps; finalization h'_i = h_i ^ s_(i mod 4) ^ v_i ^ v_(i+8).
func compress256(h *[8]uint32, s *[4]uint32, block *[BlockSize256]byte, t uint64) {
	var m [16]uint32
	for i := range m {
		m[i] = binary.BigEndian.Uint32(block[4*i:])
	}
	t0, t1 := uint32(t), uint32(t>>32)
	v0, v1, v2, v3, v4, v5, v6, v7 := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
	v8, v9, v10, v11 := s[0]^c256[0], s[1]^c256[1], s[2]^c256[2], s[3]^c256[3]
	v12, v13, v14, v15 := t0^c256[4], t0^c256[5], t1^c256[6], t1^c256[7]
	for r := range rounds256 {
		// The message words of this round, each XORed with the constant
		// of its partner (section 2.1.2: m[σ(2i)] ^ c[σ(2i+1)] and
		// m[σ(2i+1)] ^ c[σ(2i)]). The &15 lets the compiler drop bounds
		// checks.
		σ := &blakesigma.Sigma[r%10]
		var mc [16]uint32
		for i := range mc {
			mc[i] = m[σ[i]&15] ^ c256[σ[i^1]&15]
		}
		// Columns.
		v0, v4, v8, v12 = g256(v0, v4, v8, v12, mc[0], mc[1])
		v1, v5, v9, v13 = g256(v1, v5, v9, v13, mc[2], mc[3])
		v2, v6, v10, v14 = g256(v2, v6, v10, v14, mc[4], mc[5])
		v3, v7, v11, v15 = g256(v3, v7, v11, v15, mc[6], mc[7])
		// Diagonals.
		v0, v5, v10, v15 = g256(v0, v5, v10, v15, mc[8], mc[9])
		v1, v6, v11, v12 = g256(v1, v6, v11, v12, mc[10], mc[11])
		v2, v7, v8, v13 = g256(v2, v7, v8, v13, mc[12], mc[13])
		v3, v4, v9, v14 = g256(v3, v4, v9, v14, mc[14], mc[15])
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

// The marshalled state: magic (naming the variant), h and s as big-endian
// words, the counter t (big-endian, a multiple of 512), the number of
// buffered bytes, and the 64-byte buffer (zero past the buffered bytes).
const (
	magic224         = "blake224\x01"
	magic256         = "blake256\x01"
	marshaledSize256 = len(magic256) + 8*4 + 4*4 + 8 + 1 + BlockSize256
)

var (
	errMagic = errors.New("hashkit/blake1: invalid hash state identifier")
	errSize  = errors.New("hashkit/blake1: invalid hash state size")
	errState = errors.New("hashkit/blake1: invalid hash state")
)

func (d *digest256) magic() string {
	if d.size == Size224 {
		return magic224
	}
	return magic256
}

// MarshalBinary returns the state of the hasher, salt included.
func (d *digest256) MarshalBinary() ([]byte, error) {
	return d.AppendBinary(make([]byte, 0, marshaledSize256))
}

// AppendBinary appends the state of the hasher, salt included, to b.
func (d *digest256) AppendBinary(b []byte) ([]byte, error) {
	b = append(b, d.magic()...)
	for _, h := range d.h {
		b = binary.BigEndian.AppendUint32(b, h)
	}
	for _, s := range d.s {
		b = binary.BigEndian.AppendUint32(b, s)
	}
	b = binary.BigEndian.AppendUint64(b, d.t)
	b = append(b, byte(d.nx))
	b = append(b, d.x[:d.nx]...)
	b = append(b, make([]byte, BlockSize256-d.nx)...)
	return b, nil
}

// UnmarshalBinary restores a state written by MarshalBinary of a hasher of
// the same variant, salt included. It returns an error, and leaves the
// hasher unchanged, if b is not such a state.
func (d *digest256) UnmarshalBinary(b []byte) error {
	magic := d.magic()
	if len(b) < len(magic) || string(b[:len(magic)]) != magic {
		return errMagic
	}
	if len(b) != marshaledSize256 {
		return errSize
	}
	b = b[len(magic):]
	var h [8]uint32
	var s [4]uint32
	for i := range h {
		h[i] = binary.BigEndian.Uint32(b[4*i:])
	}
	b = b[8*4:]
	for i := range s {
		s[i] = binary.BigEndian.Uint32(b[4*i:])
	}
	b = b[4*4:]
	t := binary.BigEndian.Uint64(b)
	nx := int(b[8])
	buf := b[9:]
	if t%512 != 0 || nx >= BlockSize256 {
		return errState
	}
	for _, c := range buf[nx:] {
		if c != 0 {
			return errState
		}
	}
	d.h, d.s, d.t, d.nx = h, s, t, nx
	copy(d.x[:], buf)
	return nil
}
