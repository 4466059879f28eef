package blake2s

import (
	"encoding/binary"
	"errors"
	"hash"

	"github.com/hashkit/hashkit/internal/blake2"
)

// OutputLengthUnknown, passed as the size to NewXOF, asks for an output
// whose length is not known in advance (at most 128 GiB).
const OutputLengthUnknown = 0

// unknownLength is the value of the XOF length field for an output of
// unknown length (BLAKE2X paper, section 2).
const unknownLength = 1<<16 - 1

// XOF is an extendable-output function: a hash.XOF that can also be
// cloned, as golang.org/x/crypto/blake2s.XOF (which it matches, plus
// BlockSize).
type XOF interface {
	hash.XOF
	// Clone returns an independent copy of the XOF in its current state.
	Clone() XOF
}

// NewXOF returns a BLAKE2Xs extendable-output function that produces size
// bytes (1 to 65534), or up to 128 GiB if size is OutputLengthUnknown. A
// non-empty key, of at most 32 bytes, makes it keyed. Size 65535 is
// reserved by the specification and is an error, as is a longer key.
//
// Read returns io.EOF once size bytes have been read. Write panics after the
// first Read.
func NewXOF(size uint16, key []byte) (XOF, error) {
	return NewXOFWithParams(size, &Params{Key: key})
}

// NewXOFWithParams is NewXOF with a salt and personalization string as well:
// p.Key, p.Salt and p.Personal are used and have the lengths documented on
// Params. BLAKE2Xs fixes the other fields of the parameter block itself, so
// p.Size and the tree fields must be zero.
func NewXOFWithParams(size uint16, p *Params) (XOF, error) {
	if err := limits.CheckXOF((*blake2.Params)(p)); err != nil {
		return nil, err
	}
	if size == unknownLength {
		return nil, errors.New("hashkit/blake2s: invalid XOF length 65535 (reserved; use OutputLengthUnknown)")
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

func (xofVariant) Package() string            { return "hashkit/blake2s" }
func (xofVariant) Reset(d *digest)            { d.Reset() }
func (xofVariant) Root(d *digest, out []byte) { d.finalize((*[Size]byte)(out)) }

// Block computes the unkeyed BLAKE2s of root under parameter block
// pb, into out (Size bytes).
func (xofVariant) Block(out, pb, root []byte) {
	var h [8]uint32
	for i := range h {
		h[i] = iv[i] ^ binary.LittleEndian.Uint32(pb[4*i:])
	}
	var c [2]uint32
	finish((*[Size]byte)(out), &h, &c, 0, root)
}
