// Package md5 implements the MD5 hash algorithm of [RFC 1321].
//
// # Security
//
// MD5 is broken: collisions can be computed in seconds on a laptop, and
// chosen-prefix collisions have been used to forge certificates. Do not use it
// for signatures, certificates, integrity against an adversary, or anything
// else that needs collision resistance. This package exists for compatibility
// with formats and protocols that still require MD5 (checksums of legacy
// archives, content identifiers, older protocols). For new designs use SHA-256
// (hashkit/sha256), SHA-3 (hashkit/sha3) or BLAKE3 (hashkit/blake3).
//
// [Sum] hashes a message in memory, [New] a stream. The API mirrors
// crypto/md5, so switching is an import-path change, and the
// hasher's marshalled state has the same format as crypto/md5's, so a state
// saved by one can be resumed by the other.
//
// [RFC 1321]: https://www.rfc-editor.org/rfc/rfc1321
package md5

import (
	"encoding/binary"
	"hash"

	"github.com/hashkit/hashkit/internal/mdstate"
	"github.com/hashkit/hashkit/internal/preempt"
)

// Size is the size of an MD5 checksum in bytes.
const Size = 16

// BlockSize is the block size of MD5 in bytes.
const BlockSize = 64

// The initial chaining values, RFC 1321 section 3.3.
const (
	init0 = 0x67452301
	init1 = 0xefcdab89
	init2 = 0x98badcfe
	init3 = 0x10325476
)

// digest is the MD5 hasher. len counts bytes; RFC 1321 section 3.2 appends
// the bit length modulo 2^64, so a uint64 byte counter covers every length
// up to 2^61 bytes exactly and wraps as the standard asks beyond that.
type digest struct {
	s   [4]uint32
	x   [BlockSize]byte
	nx  int
	len uint64
}

// New returns a new MD5 hasher. It also implements hash.Cloner,
// encoding.BinaryMarshaler, encoding.BinaryAppender and
// encoding.BinaryUnmarshaler; the marshalled state is interchangeable with
// crypto/md5's.
func New() hash.Hash {
	if stdlibKernel != 0 {
		return stdlibNew()
	}
	d := new(digest)
	d.Reset()
	return d
}

// Sum returns the MD5 checksum of data.
func Sum(data []byte) [Size]byte {
	if stdlibKernel != 0 {
		return stdlibSum(data)
	}
	var d digest
	d.Reset()
	d.Write(data)
	return d.checkSum()
}

func (d *digest) Reset() {
	d.s = [4]uint32{init0, init1, init2, init3}
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
		if d.nx == BlockSize {
			if !blockAsm(d, d.x[:]) {
				blockGeneric(d, d.x[:])
			}
			d.nx = 0
		}
		p = p[c:]
	}
	// Written out, not internal/mdhash.Write or preempt.Blocks: on short
	// inputs their calls of function values are measurable against MD5's
	// fast blocks.
	for len(p) >= BlockSize {
		m := min(len(p)&^(BlockSize-1), preempt.Piece)
		if !blockAsm(d, p[:m]) {
			blockGeneric(d, p[:m])
		}
		p = p[m:]
		if len(p) >= BlockSize {
			preempt.Point()
		}
	}
	if len(p) > 0 {
		d.nx = copy(d.x[:], p)
	}
	return n, nil
}

// Sum appends the checksum of the data written so far to b. It does not
// change the state.
func (d *digest) Sum(b []byte) []byte {
	c := *d
	s := c.checkSum()
	return append(b, s[:]...)
}

// checkSum pads the message (RFC 1321 sections 3.1 and 3.2: a 1 bit, zeros
// up to 56 bytes modulo 64, then the bit length as a little-endian 64-bit
// word) and returns the digest (section 3.5). It changes d (Sum calls it on
// a copy). The padding is written as crypto/md5 writes it, from a
// fixed-size array that the compiler zeroes with a few stores, where
// clearing the buffer's tail, of variable length, in place takes a loop.
func (d *digest) checkSum() [Size]byte {
	tmp := [1 + 63 + 8]byte{0x80}
	pad := (55 - d.len) % 64
	binary.LittleEndian.PutUint64(tmp[1+pad:], d.len<<3)
	d.Write(tmp[:1+pad+8])
	var out [Size]byte
	binary.LittleEndian.PutUint32(out[0:], d.s[0])
	binary.LittleEndian.PutUint32(out[4:], d.s[1])
	binary.LittleEndian.PutUint32(out[8:], d.s[2])
	binary.LittleEndian.PutUint32(out[12:], d.s[3])
	return out
}

// The marshalled state is crypto/md5's (internal/mdstate): the magic, the
// four chaining words big-endian, the 64-byte buffer (zero past the buffered
// bytes) and the byte count big-endian.
var state = mdstate.New("md5", "md5\x01", 4)

// MarshalBinary returns the state of the hasher, in crypto/md5's format.
func (d *digest) MarshalBinary() ([]byte, error) {
	return d.AppendBinary(make([]byte, 0, state.Size()))
}

// AppendBinary appends the state of the hasher to b, in crypto/md5's format.
func (d *digest) AppendBinary(b []byte) ([]byte, error) {
	return state.Append(b, d.s[:], d.x[:d.nx], d.len), nil
}

// UnmarshalBinary restores a state written by MarshalBinary or by
// crypto/md5. It returns an error, and leaves the hasher unchanged, if b is
// not such a state.
func (d *digest) UnmarshalBinary(b []byte) error {
	return state.Unmarshal(b, d.s[:], &d.x, &d.nx, &d.len)
}
