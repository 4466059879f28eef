// Package sha1 implements the SHA-1 hash algorithm of [FIPS 180-4] (also
// [RFC 3174]).
//
// # Security
//
// SHA-1 is broken for collision resistance: the SHAttered attack (2017)
// produced two different PDF files with the same SHA-1, and chosen-prefix
// collisions (2020, "SHA-1 is a Shambles") cost well under US$100,000. Do not
// use it for signatures, certificates or anything else that needs collision
// resistance. This package exists for compatibility with protocols and formats
// that still require SHA-1 (Git object names, HMAC-SHA1 and TOTP, older TLS
// and SSH). For new designs use SHA-256 (hashkit/sha256), SHA-3
// (hashkit/sha3) or BLAKE3 (hashkit/blake3).
//
// [Sum] hashes a message in memory, [New] a stream. The API mirrors
// crypto/sha1, so switching is an import-path change, and the
// hasher's marshalled state has the same format as crypto/sha1's, so a state
// saved by one can be resumed by the other. On amd64 the SHA extensions
// (SHA-NI) are used where present, otherwise SSSE3 or plain x86-64 kernels;
// on arm64 the SHA1 instructions; on 386, arm, loong64 and s390x,
// crypto/sha1 (which has assembly there).
//
// [FIPS 180-4]: https://nvlpubs.nist.gov/nistpubs/FIPS/NIST.FIPS.180-4.pdf
// [RFC 3174]: https://www.rfc-editor.org/rfc/rfc3174
package sha1

import (
	"crypto/subtle"
	"encoding/binary"
	"hash"

	"github.com/hashkit/hashkit/internal/mdstate"
	"github.com/hashkit/hashkit/internal/preempt"
)

// Size is the size of a SHA-1 checksum in bytes.
const Size = 20

// BlockSize is the block size of SHA-1 in bytes.
const BlockSize = 64

// The initial hash value, FIPS 180-4 section 5.3.1.
const (
	init0 = 0x67452301
	init1 = 0xefcdab89
	init2 = 0x98badcfe
	init3 = 0x10325476
	init4 = 0xc3d2e1f0
)

// digest is the SHA-1 hasher. len counts bytes; FIPS 180-4 limits messages
// to 2^64 bits, so a uint64 byte counter covers every valid length, and the
// 64-bit bit length of section 5.1.1 is len<<3.
type digest struct {
	h   [5]uint32
	x   [BlockSize]byte
	nx  int
	len uint64
}

// New returns a new SHA-1 hasher. It also implements hash.Cloner,
// encoding.BinaryMarshaler, encoding.BinaryAppender and
// encoding.BinaryUnmarshaler; the marshalled state is interchangeable with
// crypto/sha1's.
func New() hash.Hash {
	if useStdlib {
		return stdlibNew()
	}
	d := new(digest)
	d.Reset()
	return d
}

// Sum returns the SHA-1 checksum of data.
func Sum(data []byte) [Size]byte {
	if useStdlib {
		return stdlibSum(data)
	}
	var out [Size]byte
	if finishOneCall(&out, &iv, data, uint64(len(data))) {
		return out
	}
	var d digest
	d.Reset()
	d.Write(data)
	return d.checkSum()
}

// iv is the initial chaining value (FIPS 180-4 section 5.3.1).
var iv = [5]uint32{init0, init1, init2, init3, init4}

func (d *digest) Reset() {
	d.h = iv
	d.nx = 0
	d.len = 0
}

func (d *digest) Size() int      { return Size }
func (d *digest) BlockSize() int { return BlockSize }

// Clone returns an independent copy of the hasher; the error is always nil.
func (d *digest) Clone() (hash.Cloner, error) {
	c := *d
	return &c, nil
}

// Write adds p to the running hash. It never returns an error.
func (d *digest) Write(p []byte) (int, error) {
	n := len(p)
	d.len += uint64(n)
	if d.nx > 0 {
		c := copy(d.x[d.nx:], p)
		d.nx += c
		p = p[c:]
		if d.nx < BlockSize {
			return n, nil
		}
		block(d, d.x[:])
		d.nx = 0
	}
	for len(p) >= BlockSize {
		m := min(len(p)&^(BlockSize-1), preempt.Piece)
		block(d, p[:m])
		p = p[m:]
		if len(p) >= BlockSize {
			preempt.Point()
		}
	}
	d.nx = copy(d.x[:], p)
	return n, nil
}

// Sum appends the checksum of the data written so far to b. It does not
// change the state.
func (d *digest) Sum(b []byte) []byte {
	c := *d
	s := c.checkSum()
	return append(b, s[:]...)
}

// checkSum pads the message (FIPS 180-4 section 5.1.1: a 1 bit, zeros up to
// 56 bytes modulo 64, then the bit length as a big-endian 64-bit word) and
// returns the digest.
func (d *digest) checkSum() [Size]byte {
	var out [Size]byte
	if finishOneCall(&out, &d.h, d.x[:d.nx], d.len) {
		return out
	}
	// Pad in place in the buffer (checkSum runs on a copy of the hasher).
	mdstate.Pad(&d.x, d.nx)
	if d.nx >= BlockSize-8 {
		block(d, d.x[:])
		clear(d.x[:BlockSize-8])
	}
	binary.BigEndian.PutUint64(d.x[BlockSize-8:], d.len<<3)
	block(d, d.x[:])
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
func (d *digest) ConstantTimeSum(b []byte) []byte {
	c := *d
	s := c.constantTimeSum()
	return append(b, s[:]...)
}

func (d *digest) constantTimeSum() [Size]byte {
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
	block(d, d.x[:])
	first := d.h
	// The other final block: the separator (0x80) always fell in the first
	// one, so this is zeros and the length.
	clear(d.x[:BlockSize-8])
	copy(d.x[BlockSize-8:], length[:])
	block(d, d.x[:])
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
func (d *digest) MarshalBinary() ([]byte, error) {
	return d.AppendBinary(make([]byte, 0, state.Size()))
}

// AppendBinary appends the state of the hasher to b, in crypto/sha1's format.
func (d *digest) AppendBinary(b []byte) ([]byte, error) {
	return state.Append(b, d.h[:], d.x[:d.nx], d.len), nil
}

// UnmarshalBinary restores a state written by MarshalBinary or by
// crypto/sha1. It returns an error, and leaves the hasher unchanged, if b is
// not such a state.
func (d *digest) UnmarshalBinary(b []byte) error {
	var h [5]uint32
	buf, n, err := state.Parse(b, h[:])
	if err != nil {
		return err
	}
	d.h = h
	copy(d.x[:], buf)
	d.nx = int(n % BlockSize)
	d.len = n
	return nil
}
