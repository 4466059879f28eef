// Package blake2s implements the BLAKE2s hash function of [RFC 7693], its
// keyed (MAC) mode, salts, personalization and tree parameters, and the
// BLAKE2Xs extendable-output function of the [BLAKE2X] paper.
//
// The API mirrors golang.org/x/crypto/blake2s, so switching is an import-path
// change: New128, New256, Sum256 and NewXOF behave as there, and importing
// the package registers BLAKE2s-256 with crypto.RegisterHash as there. New
// (any digest size), NewWithParams and NewXOFWithParams add the parameter
// block fields of the specification (salt, personalization, tree hashing).
//
// # Which function should I use
//
// For a plain hash of a byte slice, call Sum256 (128-bit collision
// resistance). To hash a stream, use New256 and Write. For a MAC, pass a
// secret key of 16 to 32 bytes to New256; BLAKE2s needs no HMAC
// construction. To derive an output of arbitrary length use NewXOF. BLAKE2s
// is designed for 8- to 32-bit platforms; on 64-bit platforms the blake2b
// package is usually faster for long inputs.
//
// # Differences from golang.org/x/crypto/blake2s
//
// Keyed hashes do not implement the encoding.Binary* interfaces at all
// (x/crypto's return an error from MarshalBinary), so a saved state never
// carries a key. Every hash also implements hash.Cloner. The marshaled
// state is hashkit's own format ("b2s\x01"), not x/crypto's. The XOF interface
// adds BlockSize, so an XOF is also a hash.XOF, and keeps x/crypto's
// Clone() XOF (hash.Cloner would require Sum). Errors are prefixed
// "hashkit/blake2s: ".
//
// [RFC 7693]: https://www.rfc-editor.org/rfc/rfc7693
// [BLAKE2X]: https://www.blake2.net/blake2x.pdf
package blake2s

import (
	"crypto"
	"encoding/binary"
	"errors"
	"hash"

	"github.com/hashkit/hashkit/internal/blake2"
)

const (
	// Size is the size of a BLAKE2s-256 digest in bytes, the largest size.
	Size = 32
	// Size128 is the size of a BLAKE2s-128 digest in bytes.
	Size128 = 16
	// BlockSize is the block size of BLAKE2s in bytes.
	BlockSize = 64

	// SaltSize is the length of the salt in the parameter block.
	SaltSize = 8
	// PersonalSize is the length of the personalization string in the
	// parameter block.
	PersonalSize = 8
)

// limits are the lengths the parameter block allows (internal/blake2).
var limits = blake2.Limits{Pkg: "hashkit/blake2s", Size: Size, SaltSize: SaltSize, NodeOffsetBits: 48}

// Params holds the fields of the BLAKE2s parameter block (RFC 7693 section
// 2.5, and the BLAKE2 paper section 2.8 for the tree fields).
//
// The zero value of the tree fields selects the sequential mode: when FanOut
// and MaxDepth are both zero they are used as 1 and 1, as the specification
// requires for sequential hashing. Any other combination is used as given
// (FanOut 0 means an unlimited fan-out in tree mode; MaxDepth must then be
// between 1 and 255).
type Params struct {
	// Size is the digest length in bytes, 1 to 32.
	Size int
	// Key turns the hash into a MAC; at most 32 bytes (nil or empty for an
	// unkeyed hash).
	Key []byte
	// Salt is nil/empty or exactly 8 bytes.
	Salt []byte
	// Personal is the personalization string: nil/empty or exactly 8 bytes.
	Personal []byte

	// Tree hashing fields.
	FanOut      uint8
	MaxDepth    uint8
	LeafLength  uint32
	NodeOffset  uint64 // at most 2^48-1
	NodeDepth   uint8
	InnerLength uint8 // at most 32
	// IsLastNode sets the last-node finalization flag f1; it is set for the
	// last node of each level of a tree.
	IsLastNode bool
}

// paramBlock returns the 32-byte parameter block of p (RFC 7693 section
// 2.5), after validating every length. xofLength is the BLAKE2X output
// length field, which occupies the high 16 bits of the 48-bit node offset.
func (p *Params) paramBlock(xofLength uint16) (pb [32]byte, err error) {
	fanOut, maxDepth, err := limits.Check((*blake2.Params)(p))
	if err != nil {
		return pb, err
	}
	pb[0] = byte(p.Size)
	pb[1] = byte(len(p.Key))
	pb[2] = fanOut
	pb[3] = maxDepth
	binary.LittleEndian.PutUint32(pb[4:], p.LeafLength)
	binary.LittleEndian.PutUint32(pb[8:], uint32(p.NodeOffset))
	binary.LittleEndian.PutUint16(pb[12:], uint16(p.NodeOffset>>32))
	if xofLength != 0 {
		// BLAKE2X's root has node offset 0 (CheckXOF): the length takes
		// the field's high part.
		binary.LittleEndian.PutUint16(pb[12:], xofLength)
	}
	pb[14] = p.NodeDepth
	pb[15] = p.InnerLength
	copy(pb[16:24], p.Salt)
	copy(pb[24:32], p.Personal)
	return pb, nil
}

// digest is the BLAKE2s state of RFC 7693 section 3.3, with the input
// buffered so that the last block can be compressed with the final flag.
type digest struct {
	h     [8]uint32 // chain value
	c     [2]uint32 // t, the 64-bit count of message bytes compressed so far
	block [BlockSize]byte
	n     int // bytes of block in use; the block is only compressed once more input follows

	size   int
	f1     uint32    // last-node flag word, all ones for IsLastNode
	h0     [8]uint32 // chain value after the parameter block, for Reset
	keyLen int
	key    [Size]byte
}

// init sets d up from the parameter block pb and the key.
func (d *digest) init(pb *[32]byte, key []byte, lastNode bool) {
	for i := range d.h0 {
		d.h0[i] = iv[i] ^ binary.LittleEndian.Uint32(pb[4*i:])
	}
	d.size = int(pb[0])
	d.f1 = 0
	if lastNode {
		d.f1 = ^uint32(0)
	}
	d.keyLen = copy(d.key[:], key)
	d.Reset()
}

// initSimple is init for the sequential mode without salt or
// personalization: only the first parameter word differs from the IV.
func (d *digest) initSimple(size int, key []byte) {
	d.h0 = iv
	d.h0[0] ^= 0x01010000 ^ uint32(len(key))<<8 ^ uint32(size)
	d.size = size
	d.f1 = 0
	d.keyLen = copy(d.key[:], key)
	d.Reset()
}

// New returns a BLAKE2s hash with a digest of size bytes (1 to 32). A
// non-empty key, of at most 32 bytes, turns it into a MAC. A size or key of
// any other length is an error. The hash also implements hash.Cloner and,
// when unkeyed, encoding.BinaryMarshaler, BinaryAppender and
// BinaryUnmarshaler. (golang.org/x/crypto/blake2s has no New; it is
// provided here for digest sizes other than 16 and 32.)
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

// New256 returns a BLAKE2s-256 hash, keyed if key is non-empty (at most 32
// bytes, else an error). It offers 128-bit collision resistance.
func New256(key []byte) (hash.Hash, error) { return New(Size, key) }

// New128 returns a BLAKE2s-128 MAC. As in golang.org/x/crypto/blake2s, a key
// (1 to 32 bytes) is required: a 16-byte digest offers only 64-bit collision
// resistance, too little for an unkeyed hash, but is fine for a MAC. An
// empty or longer key is an error. (New(16, nil) makes an unkeyed
// BLAKE2s-128 for those who need one.)
func New128(key []byte) (hash.Hash, error) {
	if len(key) == 0 {
		return nil, errors.New("hashkit/blake2s: a key is required for a 128-bit hash")
	}
	return New(Size128, key)
}

// init registers BLAKE2s-256 with crypto.RegisterHash, as
// golang.org/x/crypto/blake2s does, so that code choosing hashes by
// crypto.Hash finds it once this package is imported.
func init() {
	crypto.RegisterHash(crypto.BLAKE2s_256, newUnkeyed(Size))
}

func newUnkeyed(size int) func() hash.Hash {
	return func() hash.Hash {
		d := new(digest)
		d.initSimple(size, nil)
		return d
	}
}

// NewWithParams returns a BLAKE2s hash with the parameter block p. It is an
// error if p.Size is not 1 to 32, p.Key is longer than 32 bytes, p.Salt or
// p.Personal is neither empty nor 8 bytes, p.InnerLength exceeds 32,
// p.NodeOffset exceeds 48 bits, or FanOut is set without MaxDepth. p is not
// retained. A nil p is an error.
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

// Sum256 returns the BLAKE2s-256 digest of data.
func Sum256(data []byte) [Size]byte {
	var out [Size]byte
	h := iv
	h[0] ^= 0x01010000 ^ Size
	var c [2]uint32
	if len(data) > BlockSize {
		// Compress every full block but the last in place.
		k := (len(data) - 1) &^ (BlockSize - 1)
		blocks(&h, &c, 0, 0, data[:k])
		data = data[k:]
	}
	finish(&out, &h, &c, 0, data)
	return out
}

// finish compresses the final block, the at most BlockSize bytes of p with
// zero padding, and writes the chain value out as the digest (RFC 7693
// section 3.3). h and c are modified.
func finish(out *[Size]byte, h *[8]uint32, c *[2]uint32, f1 uint32, p []byte) {
	lastBlock(h, c, f1, p)
	for i, w := range h {
		binary.LittleEndian.PutUint32(out[4*i:], w)
	}
}

// lastBlockGeneric is lastBlock with blocks: it copies p into a zeroed
// block.
func lastBlockGeneric(h *[8]uint32, c *[2]uint32, f1 uint32, p []byte) {
	var last [BlockSize]byte
	n := copy(last[:], p)
	// blocks adds a whole block to the byte counter; the final block only
	// holds n bytes, so take the difference off first.
	pad := uint32(BlockSize - n)
	if c[0] < pad {
		c[1]--
	}
	c[0] -= pad
	blocks(h, c, ^uint32(0), f1, last[:])
}

// Size returns the digest length in bytes.
func (d *digest) Size() int { return d.size }

// BlockSize returns 64.
func (d *digest) BlockSize() int { return BlockSize }

// Reset returns the hash to its state after construction, with the key block
// (if any) buffered as the first message block.
func (d *digest) Reset() {
	d.h = d.h0
	d.c = [2]uint32{}
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

// mac is a keyed BLAKE2s hash. It is a separate type from digest so that it
// does not implement the marshaling interfaces: a saved state would carry
// the key (x/crypto's blake2s returns an error from MarshalBinary instead).
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
var state = blake2.Format[uint32]{Pkg: "hashkit/blake2s", Magic: "b2s\x01", BlockSize: BlockSize}

var errMarshalKeyed = errors.New("hashkit/blake2s: keyed hashes (MACs) cannot be marshaled")

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
