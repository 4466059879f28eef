// Package ripemd160 implements the RIPEMD-160 hash algorithm of Dobbertin,
// Bosselaers and Preneel ([RIPEMD-160], also ISO/IEC 10118-3).
//
// # Security
//
// RIPEMD-160 gives at most 80 bits of collision resistance, too little for
// new designs, and it has seen far less analysis than the SHA-2 and SHA-3
// families. Do not use it where collision resistance matters. This package
// exists for compatibility with formats that require it, chiefly Bitcoin
// addresses (RIPEMD-160 of SHA-256) and OpenPGP. For new designs use SHA-256
// (hashkit/sha256), SHA-3 (hashkit/sha3) or BLAKE3 (hashkit/blake3).
//
// [Sum] hashes a message in memory, [New] a stream. The API mirrors
// golang.org/x/crypto/ripemd160 (New, Size, BlockSize; importing the package
// registers crypto.RIPEMD160) and adds the one-shot Sum.
//
// [RIPEMD-160]: https://homes.esat.kuleuven.be/~bosselae/ripemd160.html
package ripemd160

import (
	"crypto"
	"encoding/binary"
	"hash"

	"github.com/hashkit/hashkit/internal/mdhash"
	"github.com/hashkit/hashkit/internal/mdstate"
)

// Size is the size of a RIPEMD-160 checksum in bytes.
const Size = 20

// BlockSize is the block size of RIPEMD-160 in bytes.
const BlockSize = 64

// The initial chaining values h0..h4 (the RIPEMD-160 paper, appendix A).
const (
	init0 = 0x67452301
	init1 = 0xefcdab89
	init2 = 0x98badcfe
	init3 = 0x10325476
	init4 = 0xc3d2e1f0
)

// digest is the RIPEMD-160 hasher. len counts bytes; the padding is MD4's
// and MD5's (RFC 1320, RFC 1321 section 3.2): the bit length modulo 2^64,
// so a uint64 byte counter covers every length up to 2^61 bytes exactly and
// wraps as the standard asks beyond that.
type digest struct {
	s   [5]uint32
	x   [BlockSize]byte
	nx  int
	len uint64
}

// New returns a new RIPEMD-160 hasher. It also implements hash.Cloner,
// encoding.BinaryMarshaler, encoding.BinaryAppender and
// encoding.BinaryUnmarshaler (x/crypto/ripemd160 has no marshalling; the
// format here follows crypto/sha1's with its own magic).
func New() hash.Hash {
	d := new(digest)
	d.Reset()
	return d
}

// init registers RIPEMD-160 with crypto.RegisterHash, as
// golang.org/x/crypto/ripemd160 does.
func init() { crypto.RegisterHash(crypto.RIPEMD160, New) }

// Sum returns the RIPEMD-160 checksum of data.
func Sum(data []byte) [Size]byte {
	var d digest
	d.Reset()
	d.Write(data)
	return d.checkSum()
}

func (d *digest) Reset() {
	d.s = [5]uint32{init0, init1, init2, init3, init4}
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
	d.len += uint64(len(p))
	d.nx = mdhash.Write(d.x[:], d.nx, p, func() { block(d, d.x[:]) }, func(i, j int) { block(d, p[i:j]) })
	return len(p), nil
}

// Sum appends the checksum of the data written so far to b. It does not
// change the state.
func (d *digest) Sum(b []byte) []byte {
	c := *d
	s := c.checkSum()
	return append(b, s[:]...)
}

// checkSum pads the message (as MD4 and MD5 do: a 1 bit, zeros up to 56
// bytes modulo 64, then the bit length as a little-endian 64-bit word) and
// returns the digest, h0..h4 little-endian.
func (d *digest) checkSum() [Size]byte {
	// Pad in place in the buffer (checkSum runs on a copy of the hasher).
	mdstate.Pad(&d.x, d.nx)
	if d.nx >= BlockSize-8 {
		block(d, d.x[:])
		clear(d.x[:BlockSize-8])
	}
	binary.LittleEndian.PutUint64(d.x[BlockSize-8:], d.len<<3)
	block(d, d.x[:])
	var out [Size]byte
	for i, s := range d.s {
		binary.LittleEndian.PutUint32(out[4*i:], s)
	}
	return out
}

// The marshalled state follows crypto/sha1's layout (internal/mdstate):
// the magic, the five chaining words big-endian, the 64-byte buffer (zero
// past the buffered bytes) and the byte count big-endian. The format is a
// compatibility promise.
var state = mdstate.New("ripemd160", "rmd\x01", 5)

// MarshalBinary returns the state of the hasher.
func (d *digest) MarshalBinary() ([]byte, error) {
	return d.AppendBinary(make([]byte, 0, state.Size()))
}

// AppendBinary appends the state of the hasher to b.
func (d *digest) AppendBinary(b []byte) ([]byte, error) {
	return state.Append(b, d.s[:], d.x[:d.nx], d.len), nil
}

// UnmarshalBinary restores a state written by MarshalBinary. It returns an error, and leaves the hasher unchanged, if b is
// not such a state.
func (d *digest) UnmarshalBinary(b []byte) error {
	return state.Unmarshal(b, d.s[:], &d.x, &d.nx, &d.len)
}
