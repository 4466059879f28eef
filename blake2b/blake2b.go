// Package blake2b implements the BLAKE2b hash function of [RFC 7693], its
// keyed (MAC) mode, salts, personalization and tree parameters, and the
// BLAKE2Xb extendable-output function of the [BLAKE2X] paper.
//
// The API mirrors golang.org/x/crypto/blake2b, so switching is an import-path
// change: New, New256, New384, New512, Sum256, Sum384, Sum512 and NewXOF
// behave as there, and importing the package registers BLAKE2b-256, -384 and
// -512 with crypto.RegisterHash as there. NewWithParams and NewXOFWithParams add the parameter block
// fields of the specification (salt, personalization, tree hashing).
//
// # Which function should I use
//
// For a plain hash of a byte slice, call Sum512 (or Sum256 for a 32-byte
// digest, 128-bit collision resistance). To hash a stream, use New512 or New
// and Write. For a MAC, pass a secret key of 16 to 64 bytes to New; BLAKE2b
// needs no HMAC construction. To derive an output of arbitrary length use
// NewXOF. BLAKE2b is designed for 64-bit platforms; on 8- to 32-bit
// platforms the blake2s package is faster.
//
// # Differences from golang.org/x/crypto/blake2b
//
// Keyed hashes do not implement the encoding.Binary* interfaces at all
// (x/crypto's return an error from MarshalBinary), so a saved state never
// carries a key. Every hash also implements hash.Cloner. The marshaled
// state is hashkit's own format ("b2b\x01"), not x/crypto's. The XOF interface
// adds BlockSize, so an XOF is also a hash.XOF, and keeps x/crypto's
// Clone() XOF (hash.Cloner would require Sum). Errors are prefixed
// "hashkit/blake2b: ".
//
// [RFC 7693]: https://www.rfc-editor.org/rfc/rfc7693
// [BLAKE2X]: https://www.blake2.net/blake2x.pdf
package blake2b

import (
	"crypto"
	"encoding/binary"
	"errors"
	"hash"

	"github.com/hashkit/hashkit/internal/blake2"
)

const (
	// Size is the size of a BLAKE2b-512 digest in bytes, the largest size.
	Size = 64
	// Size384 is the size of a BLAKE2b-384 digest in bytes.
	Size384 = 48
	// Size256 is the size of a BLAKE2b-256 digest in bytes.
	Size256 = 32
	// BlockSize is the block size of BLAKE2b in bytes.
	BlockSize = 128

	// SaltSize is the length of the salt in the parameter block.
	SaltSize = 16
	// PersonalSize is the length of the personalization string in the
	// parameter block.
	PersonalSize = 16
)

// limits are the lengths the parameter block allows (internal/blake2).
var limits = blake2.Limits{Pkg: "hashkit/blake2b", Size: Size, SaltSize: SaltSize, NodeOffsetBits: 64}

// Params holds the fields of the BLAKE2b parameter block (RFC 7693 section
// 2.5, and the BLAKE2 paper section 2.8 for the tree fields).
//
// The zero value of the tree fields selects the sequential mode: when FanOut
// and MaxDepth are both zero they are used as 1 and 1, as the specification
// requires for sequential hashing. Any other combination is used as given
// (FanOut 0 means an unlimited fan-out in tree mode; MaxDepth must then be
// between 1 and 255).
type Params struct {
	// Size is the digest length in bytes, 1 to 64.
	Size int
	// Key turns the hash into a MAC; at most 64 bytes (nil or empty for an
	// unkeyed hash).
	Key []byte
	// Salt is nil/empty or exactly 16 bytes.
	Salt []byte
	// Personal is the personalization string: nil/empty or exactly 16 bytes.
	Personal []byte

	// Tree hashing fields.
	FanOut      uint8
	MaxDepth    uint8
	LeafLength  uint32
	NodeOffset  uint64
	NodeDepth   uint8
	InnerLength uint8 // at most 64
	// IsLastNode sets the last-node finalization flag f1; it is set for the
	// last node of each level of a tree.
	IsLastNode bool
}

// paramBlock returns the 64-byte parameter block of p (RFC 7693 section
// 2.5), after validating every length. xofLength is the BLAKE2X output
// length field, which occupies the high half of the node offset.
func (p *Params) paramBlock(xofLength uint32) (pb [64]byte, err error) {
	fanOut, maxDepth, err := limits.Check((*blake2.Params)(p))
	if err != nil {
		return pb, err
	}
	pb[0] = byte(p.Size)
	pb[1] = byte(len(p.Key))
	pb[2] = fanOut
	pb[3] = maxDepth
	binary.LittleEndian.PutUint32(pb[4:], p.LeafLength)
	binary.LittleEndian.PutUint64(pb[8:], p.NodeOffset)
	if xofLength != 0 {
		// BLAKE2X's root has node offset 0 (CheckXOF): the length takes
		// the field's high part.
		binary.LittleEndian.PutUint32(pb[12:], xofLength)
	}
	pb[16] = p.NodeDepth
	pb[17] = p.InnerLength
	copy(pb[32:48], p.Salt)
	copy(pb[48:64], p.Personal)
	return pb, nil
}

// digest is the BLAKE2b state of RFC 7693 section 3.3, with the input
// buffered so that the last block can be compressed with the final flag.
type digest struct {
	h     [8]uint64 // chain value
	c     [2]uint64 // t, the 128-bit count of message bytes compressed so far
	block [BlockSize]byte
	n     int // bytes of block in use; the block is only compressed once more input follows

	size   int
	f1     uint64    // last-node flag word, all ones for IsLastNode
	h0     [8]uint64 // chain value after the parameter block, for Reset
	keyLen int
	key    [Size]byte
}

// init sets d up from the parameter block pb and the key.
func (d *digest) init(pb *[64]byte, key []byte, lastNode bool) {
	for i := range d.h0 {
		d.h0[i] = iv[i] ^ binary.LittleEndian.Uint64(pb[8*i:])
	}
	d.size = int(pb[0])
	d.f1 = 0
	if lastNode {
		d.f1 = ^uint64(0)
	}
	d.keyLen = copy(d.key[:], key)
	d.Reset()
}

// initSimple is init for the sequential mode without salt or
// personalization: only the first parameter word differs from the IV.
func (d *digest) initSimple(size int, key []byte) {
	d.h0 = iv
	d.h0[0] ^= 0x01010000 ^ uint64(len(key))<<8 ^ uint64(size)
	d.size = size
	d.f1 = 0
	d.keyLen = copy(d.key[:], key)
	d.Reset()
}

// New returns a BLAKE2b hash with a digest of size bytes (1 to 64). A
// non-empty key, of at most 64 bytes, turns it into a MAC. A size or key of
// any other length is an error. The hash also implements hash.Cloner and,
// when unkeyed, encoding.BinaryMarshaler, BinaryAppender and
// BinaryUnmarshaler.
func New(size int, key []byte) (hash.Hash, error) {
	if err := limits.CheckSizes(size, len(key)); err != nil {
		return nil, err
	}
	if len(key) > 0 {
		m := new(mac)
		m.d.initSimple(size, key)
		return m, nil
	}
	d := new(digest)
	d.initSimple(size, nil)
	return d, nil
}

// New512 returns a BLAKE2b-512 hash, keyed if key is non-empty (at most 64
// bytes, else an error). It offers 256-bit collision resistance.
func New512(key []byte) (hash.Hash, error) { return New(Size, key) }

// New384 returns a BLAKE2b-384 hash, keyed if key is non-empty (at most 64
// bytes, else an error).
func New384(key []byte) (hash.Hash, error) { return New(Size384, key) }

// New256 returns a BLAKE2b-256 hash, keyed if key is non-empty (at most 64
// bytes, else an error). It offers 128-bit collision resistance.
func New256(key []byte) (hash.Hash, error) { return New(Size256, key) }

// init registers BLAKE2b-256, BLAKE2b-384 and BLAKE2b-512 with crypto.RegisterHash, as
// golang.org/x/crypto/blake2b does, so that code choosing hashes by
// crypto.Hash finds them once this package is imported.
func init() {
	crypto.RegisterHash(crypto.BLAKE2b_256, newUnkeyed(Size256))
	crypto.RegisterHash(crypto.BLAKE2b_384, newUnkeyed(Size384))
	crypto.RegisterHash(crypto.BLAKE2b_512, newUnkeyed(Size))
}

func newUnkeyed(size int) func() hash.Hash {
	return func() hash.Hash {
		d := new(digest)
		d.initSimple(size, nil)
		return d
	}
}

// NewWithParams returns a BLAKE2b hash with the parameter block p. It is an
// error if p.Size is not 1 to 64, p.Key is longer than 64 bytes, p.Salt or
// p.Personal is neither empty nor 16 bytes, p.InnerLength exceeds 64, or
// FanOut is set without MaxDepth, or if p is nil. p is not retained.
func NewWithParams(p *Params) (hash.Hash, error) {
	pb, err := p.paramBlock(0)
	if err != nil {
		return nil, err
	}
	if len(p.Key) > 0 {
		m := new(mac)
		m.d.init(&pb, p.Key, p.IsLastNode)
		return m, nil
	}
	d := new(digest)
	d.init(&pb, nil, p.IsLastNode)
	return d, nil
}

// Sum512 returns the BLAKE2b-512 digest of data.
func Sum512(data []byte) [Size]byte {
	var out [Size]byte
	sum(&out, Size, data)
	return out
}

// Sum384 returns the BLAKE2b-384 digest of data.
func Sum384(data []byte) [Size384]byte {
	var out [Size]byte
	sum(&out, Size384, data)
	return [Size384]byte(out[:Size384])
}

// Sum256 returns the BLAKE2b-256 digest of data.
func Sum256(data []byte) [Size256]byte {
	var out [Size]byte
	sum(&out, Size256, data)
	return [Size256]byte(out[:Size256])
}

// sum hashes data unkeyed into out without copying full blocks into a
// buffer: every full block but the last is compressed in place.
func sum(out *[Size]byte, size int, data []byte) {
	h := iv
	h[0] ^= 0x01010000 ^ uint64(size)
	var c [2]uint64
	if len(data) > BlockSize {
		k := (len(data) - 1) &^ (BlockSize - 1)
		blocks(&h, &c, 0, 0, data[:k])
		data = data[k:]
	}
	finish(out, &h, &c, 0, data)
}

// finish compresses the final block, the at most BlockSize bytes of p with
// zero padding, and writes the chain value out as the digest (RFC 7693
// section 3.3). h and c are modified.
func finish(out *[Size]byte, h *[8]uint64, c *[2]uint64, f1 uint64, p []byte) {
	lastBlock(h, c, f1, p)
	for i, w := range h {
		binary.LittleEndian.PutUint64(out[8*i:], w)
	}
}

// lastBlockGeneric is lastBlock with blocks: it copies p into a zeroed
// block.
func lastBlockGeneric(h *[8]uint64, c *[2]uint64, f1 uint64, p []byte) {
	var last [BlockSize]byte
	n := copy(last[:], p)
	// blocks adds a whole block to the byte counter; the final block only
	// holds n bytes, so take the difference off first.
	pad := uint64(BlockSize - n)
	if c[0] < pad {
		c[1]--
	}
	c[0] -= pad
	blocks(h, c, ^uint64(0), f1, last[:])
}

// Size returns the digest length in bytes.
func (d *digest) Size() int { return d.size }

// BlockSize returns 128.
func (d *digest) BlockSize() int { return BlockSize }

// Reset returns the hash to its state after construction, with the key block
// (if any) buffered as the first message block.
func (d *digest) Reset() {
	d.h = d.h0
	d.c = [2]uint64{}
	d.block = [BlockSize]byte{}
	d.n = 0
	if d.keyLen > 0 {
		copy(d.block[:], d.key[:d.keyLen])
		d.n = BlockSize
	}
}

// Write absorbs p. It never returns an error. It, Sum and the final block
// stay apart from the other BLAKE2 package's: shared through a type
// parameter, the compression would be called through a dictionary, and the
// caller's p would escape to the heap (internal/blake2 shares the rest).
func (d *digest) Write(p []byte) (int, error) {
	written := len(p)
	if d.n > 0 {
		room := BlockSize - d.n
		if len(p) <= room {
			d.n += copy(d.block[d.n:], p)
			return written, nil
		}
		// The buffer fills up and more input follows, so it is not the
		// final block.
		copy(d.block[d.n:], p[:room])
		blocks(&d.h, &d.c, 0, 0, d.block[:])
		d.n = 0
		p = p[room:]
	}
	if len(p) > BlockSize {
		// Compress every full block but the last in place: the last one
		// may turn out to be the final block.
		k := (len(p) - 1) &^ (BlockSize - 1)
		blocks(&d.h, &d.c, 0, 0, p[:k])
		p = p[k:]
	}
	d.n = copy(d.block[:], p)
	return written, nil
}

// Sum appends the digest of the input written so far to b, without changing
// the state.
func (d *digest) Sum(b []byte) []byte {
	var out [Size]byte
	d.finalize(&out)
	return append(b, out[:d.size]...)
}

func (d *digest) finalize(out *[Size]byte) {
	h, c := d.h, d.c
	finish(out, &h, &c, d.f1, d.block[:d.n])
}

// Clone returns an independent copy of the hash; the error is always nil.
func (d *digest) Clone() (hash.Cloner, error) {
	c := *d
	return &c, nil
}

// mac is a keyed BLAKE2b hash. It is a separate type from digest so that it
// does not implement the marshaling interfaces: a saved state would carry
// the key (x/crypto's blake2b returns an error from MarshalBinary instead).
type mac struct{ d digest }

func (m *mac) Size() int                   { return m.d.size }
func (m *mac) BlockSize() int              { return BlockSize }
func (m *mac) Reset()                      { m.d.Reset() }
func (m *mac) Write(p []byte) (int, error) { return m.d.Write(p) }
func (m *mac) Sum(b []byte) []byte         { return m.d.Sum(b) }

// Clone returns an independent copy of the MAC; the error is always nil.
func (m *mac) Clone() (hash.Cloner, error) {
	c := *m
	return &c, nil
}

// state is the format of MarshalBinary (internal/blake2).
var state = blake2.Format[uint64]{Pkg: "hashkit/blake2b", Magic: "b2b\x01", BlockSize: BlockSize}

var errMarshalKeyed = errors.New("hashkit/blake2b: keyed hashes (MACs) cannot be marshaled")

// MarshalBinary returns the state of an unkeyed hash. Keyed hashes return an
// error, so that the key cannot leak through a saved state.
func (d *digest) MarshalBinary() ([]byte, error) {
	return d.AppendBinary(make([]byte, 0, state.Size()))
}

// AppendBinary appends the state of an unkeyed hash to b, as MarshalBinary.
func (d *digest) AppendBinary(b []byte) ([]byte, error) {
	if d.keyLen > 0 {
		return nil, errMarshalKeyed
	}
	return state.Append(b, d.size, d.f1, &d.h, &d.c, d.block[:d.n]), nil
}

// UnmarshalBinary restores a state from MarshalBinary into an unkeyed hash
// with the same digest size and last-node flag. Anything else is an error.
func (d *digest) UnmarshalBinary(b []byte) error {
	if d.keyLen > 0 {
		return errMarshalKeyed
	}
	buf, err := state.Parse(b, d.size, d.f1, &d.h, &d.c)
	if err != nil {
		return err
	}
	d.n = copy(d.block[:], buf)
	clear(d.block[d.n:])
	return nil
}
