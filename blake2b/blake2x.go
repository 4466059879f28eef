package blake2b

import (
	"encoding/binary"
	"errors"
	"hash"

	"github.com/hashkit/hashkit/internal/blake2"
)

// OutputLengthUnknown, passed as the size to NewXOF, asks for an output
// whose length is not known in advance (at most 256 GiB).
const OutputLengthUnknown = 0

// unknownLength is the value of the XOF length field for an output of
// unknown length (BLAKE2X paper, section 2).
const unknownLength = 1<<32 - 1

// XOF is an extendable-output function: a hash.XOF that can also be
// cloned, as golang.org/x/crypto/blake2b.XOF (which it matches, plus
// BlockSize).
type XOF interface {
	hash.XOF
	// Clone returns an independent copy of the XOF in its current state.
	Clone() XOF
}

// NewXOF returns a BLAKE2Xb extendable-output function that produces size
// bytes (1 to 2^32-2), or up to 256 GiB if size is OutputLengthUnknown. A
// non-empty key, of at most 64 bytes, makes it keyed. Size 2^32-1 is
// reserved by the specification and is an error, as is a longer key.
//
// Read returns io.EOF once size bytes have been read. Write
// panics after the first Read.
func NewXOF(size uint32, key []byte) (XOF, error) {
	return NewXOFWithParams(size, &Params{Key: key})
}

// NewXOFWithParams is NewXOF with a salt and personalization string as well:
// p.Key, p.Salt and p.Personal are used and have the lengths documented on
// Params. BLAKE2Xb fixes the other fields of the parameter block itself, so
// p.Size and the tree fields must be zero.
func NewXOFWithParams(size uint32, p *Params) (XOF, error) {
	if err := limits.CheckXOF((*blake2.Params)(p)); err != nil {
		return nil, err
	}
	if size == unknownLength {
		return nil, errors.New("hashkit/blake2b: invalid XOF length 2^32-1 (reserved; use OutputLengthUnknown)")
	}
	length := size
	if size == OutputLengthUnknown {
		length = unknownLength
	}
	root := *p
	root.Size = Size
	pb, err := root.paramBlock(length)
	if err != nil {
		return nil, err
	}
	x := new(xof)
	blake2.Root(&x.XOF).init(&pb, p.Key, false)
	blake2.Init(&x.XOF, Size, uint64(length), unknownLength, pb[:])
	return x, nil
}

// xof is the BLAKE2X output stage (internal/blake2) over this package's
// digest, with Clone returning this package's XOF.
type xof struct {
	blake2.XOF[digest, xofVariant]
}

// Write absorbs p. It panics if called after Read.
func (x *xof) Write(p []byte) (int, error) { return blake2.Writable(&x.XOF).Write(p) }

// Clone returns an independent copy of the XOF in its current state.
func (x *xof) Clone() XOF {
	c := *x
	return &c
}

// xofVariant gives internal/blake2 this package's digest and compression.
type xofVariant struct{}

func (xofVariant) Package() string            { return "hashkit/blake2b" }
func (xofVariant) Reset(d *digest)            { d.Reset() }
func (xofVariant) Root(d *digest, out []byte) { d.finalize((*[Size]byte)(out)) }

// Block computes the unkeyed BLAKE2b of root under parameter block
// pb, into out (Size bytes).
func (xofVariant) Block(out, pb, root []byte) {
	var h [8]uint64
	for i := range h {
		h[i] = iv[i] ^ binary.LittleEndian.Uint64(pb[8*i:])
	}
	var c [2]uint64
	finish((*[Size]byte)(out), &h, &c, 0, root)
}
