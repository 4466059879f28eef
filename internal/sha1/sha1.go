// Package sha1 holds the SHA-1 engine (FIPS 180-4) shared by package sha1
// and the constructions built on it (hmac, hkdf, pbkdf2), which use its
// keyed HMAC-SHA-1 state (hmac.go). The block kernels are here, not in
// package sha1, so that the keyed state and PBKDF2's loop can call them.
//
// Digest contains no pointers or slices: assigning one copies the whole
// state.
package sha1

import (
	"crypto/subtle"
	"encoding/binary"
	"hash"

	"github.com/hashkit/hashkit/internal/mdstate"
	"github.com/hashkit/hashkit/internal/preempt"
)

const (
	Size      = 20
	BlockSize = 64
)

// The initial hash value, FIPS 180-4 section 5.3.1.
const (
	init0 = 0x67452301
	init1 = 0xefcdab89
	init2 = 0x98badcfe
	init3 = 0x10325476
	init4 = 0xc3d2e1f0
)

// Digest is the SHA-1 hasher. len counts bytes; FIPS 180-4 limits messages
// to 2^64 bits, so a uint64 byte counter covers every valid length, and the
// 64-bit bit length of section 5.1.1 is len<<3.
type Digest struct {
	h   [5]uint32
	x   [BlockSize]byte
	nx  int
	len uint64
}

// New returns a new SHA-1 digest, with crypto/sha1's marshalled state.
func New() *Digest {
	d := new(Digest)
	d.Reset()
	return d
}

// Sum returns the SHA-1 checksum of data.
func Sum(data []byte) [Size]byte {
	var out [Size]byte
	if finishOneCall(&out, &iv, data, uint64(len(data))) {
		return out
	}
	var d Digest
	d.Reset()
	d.Write(data)
	return d.checkSum()
}

// Block runs the SHA-1 compression function over p, whose length must be a
// multiple of 64 and at most preempt.Piece, updating h, on the fastest
// kernel this CPU has.
func Block(h *[5]uint32, p []byte) { block(h, p) }

// iv is the initial chaining value (FIPS 180-4 section 5.3.1).
var iv = [5]uint32{init0, init1, init2, init3, init4}

func (d *Digest) Reset() {
	d.h = iv
	d.nx = 0
	d.len = 0
}

func (d *Digest) Size() int      { return Size }
func (d *Digest) BlockSize() int { return BlockSize }

// Clone returns an independent copy of the hasher; the error is always nil.
func (d *Digest) Clone() (hash.Cloner, error) {
	c := *d
	return &c, nil
}

// Write adds p to the running hash. It never returns an error. It is
// written out, not through internal/mdhash.Write, whose extra calls of
// function values cost measurably on the short messages of HMAC-SHA-1.
func (d *Digest) Write(p []byte) (int, error) {
	n := len(p)
	d.len += uint64(n)
	if d.nx > 0 {
		c := copy(d.x[d.nx:], p)
		d.nx += c
		p = p[c:]
		if d.nx < BlockSize {
			return n, nil
		}
		block(&d.h, d.x[:])
		d.nx = 0
	}
	p = p[preempt.Blocks(len(p), BlockSize, func(i, j int) { block(&d.h, p[i:j]) }):]
	d.nx = copy(d.x[:], p)
	return n, nil
}

// Sum appends the checksum of the data written so far to b. It does not
// change the state.
func (d *Digest) Sum(b []byte) []byte {
	c := *d
	s := c.checkSum()
	return append(b, s[:]...)
}

// checkSum pads the message (FIPS 180-4 section 5.1.1: a 1 bit, zeros up to
// 56 bytes modulo 64, then the bit length as a big-endian 64-bit word) and
// returns the digest.
func (d *Digest) checkSum() [Size]byte {
	var out [Size]byte
	if finishOneCall(&out, &d.h, d.x[:d.nx], d.len) {
		return out
	}
	// Pad in place in the buffer (checkSum runs on a copy of the hasher).
	mdstate.Pad(&d.x, d.nx)
	if d.nx >= BlockSize-8 {
		block(&d.h, d.x[:])
		clear(d.x[:BlockSize-8])
	}
	binary.BigEndian.PutUint64(d.x[BlockSize-8:], d.len<<3)
	block(&d.h, d.x[:])
	for i, h := range d.h {
		binary.BigEndian.PutUint32(out[4*i:], h)
	}
	return out
}

// ConstantTimeSum appends the same checksum as Sum to b, computed with no
// branch or memory access that depends on how many bytes are buffered, as
// crypto/sha1's ConstantTimeSum is: both possible final blocks are always
// compressed and the unneeded result is masked away. It does not change the
// state.
func (d *Digest) ConstantTimeSum(b []byte) []byte {
	c := *d
	s := c.constantTimeSum()
	return append(b, s[:]...)
}

func (d *Digest) constantTimeSum() [Size]byte {
	var length [8]byte
	binary.BigEndian.PutUint64(length[:], d.len<<3)
	nx := int32(d.nx)
	// fits is all ones if the padding and length fit after the buffered
	// bytes in this block (nx < 56), else zero.
	fits := uint32((nx - (BlockSize - 8)) >> 31)
	for i := range int32(BlockSize) {
		keep := byte((i - nx) >> 31) // all ones for buffered bytes
		mark := byte(subtle.ConstantTimeEq(i, nx)) << 7
		d.x[i] = d.x[i]&keep | mark
		if i >= BlockSize-8 {
			d.x[i] |= byte(fits) & length[i-(BlockSize-8)]
		}
	}
	block(&d.h, d.x[:])
	first := d.h
	// The other final block: the separator (0x80) always fell in the first
	// one, so this is zeros and the length.
	clear(d.x[:BlockSize-8])
	copy(d.x[BlockSize-8:], length[:])
	block(&d.h, d.x[:])
	var out [Size]byte
	for i := range d.h {
		binary.BigEndian.PutUint32(out[4*i:], first[i]&fits|d.h[i]&^fits)
	}
	return out
}

// The marshalled state is crypto/sha1's (internal/mdstate): the magic, the
// five chaining words big-endian, the 64-byte buffer (zero past the
// buffered bytes) and the byte count big-endian.
var state = mdstate.New("sha1", "sha\x01", 5)

// MarshalBinary returns the state of the hasher, in crypto/sha1's format.
func (d *Digest) MarshalBinary() ([]byte, error) {
	return d.AppendBinary(make([]byte, 0, state.Size()))
}

// AppendBinary appends the state of the hasher to b, in crypto/sha1's format.
func (d *Digest) AppendBinary(b []byte) ([]byte, error) {
	return state.Append(b, d.h[:], d.x[:d.nx], d.len), nil
}

// UnmarshalBinary restores a state written by MarshalBinary or by
// crypto/sha1. It returns an error, and leaves the hasher unchanged, if b is
// not such a state.
func (d *Digest) UnmarshalBinary(b []byte) error {
	return state.Unmarshal(b, d.h[:], &d.x, &d.nx, &d.len)
}
