package blake2s

import (
	"encoding/binary"
	"errors"
	"hash"
	"io"

	"github.com/hashkit/hashkit/internal/preempt"
)

// OutputLengthUnknown, passed as the size to NewXOF, asks for an output
// whose length is not known in advance (at most 128 GiB).
const OutputLengthUnknown = 0

// unknownLength is the value of the XOF length field for an output of
// unknown length (BLAKE2X paper, section 2).
const unknownLength = 1<<16 - 1

// maxUnknownOutput is the most an output of unknown length can give: one
// 32-byte block per 32-bit node offset.
const maxUnknownOutput = (1 << 32) * Size

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
	if p == nil {
		return nil, errNilParams
	}
	if p.Size != 0 || p.FanOut != 0 || p.MaxDepth != 0 || p.LeafLength != 0 || p.NodeOffset != 0 ||
		p.NodeDepth != 0 || p.InnerLength != 0 || p.IsLastNode {
		return nil, errors.New("hashkit/blake2s: NewXOFWithParams takes only Key, Salt and Personal; Size and the tree fields must be zero")
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
	x.d.init(&pb, p.Key, false)
	x.length = length
	// The parameter block of the output nodes (BLAKE2X paper, section 2):
	// no key, fan-out and depth 0, leaf length and inner length 32, the
	// same XOF length, salt and personalization. The digest length and
	// node offset are filled per block.
	binary.LittleEndian.PutUint32(x.outParams[4:], Size)
	binary.LittleEndian.PutUint16(x.outParams[12:], length)
	x.outParams[15] = Size
	copy(x.outParams[16:], pb[16:])
	x.Reset()
	return x, nil
}

type xof struct {
	d         digest // the root hash H0
	length    uint16 // the XOF length field
	outParams [32]byte

	reading    bool
	root       [Size]byte // H0, once reading
	block      [Size]byte // the current output block
	offset     int        // bytes of block already returned
	nodeOffset uint64     // the node offset of the next output block
	remaining  uint64     // output bytes left
}

// Write absorbs p. It panics if called after Read.
func (x *xof) Write(p []byte) (int, error) {
	if x.reading {
		panic("hashkit/blake2s: Write after Read")
	}
	return x.d.Write(p)
}

// Read fills p with the next bytes of output. It returns io.EOF once the
// output length given to NewXOF has been read.
func (x *xof) Read(p []byte) (int, error) {
	if !x.reading {
		x.d.finalize(&x.root)
		x.reading = true
	}
	if x.remaining == 0 {
		return 0, io.EOF
	}
	if uint64(len(p)) > x.remaining {
		p = p[:x.remaining]
	}
	n := len(p)
	if x.offset < Size {
		k := copy(p, x.block[x.offset:])
		x.offset += k
		p = p[k:]
	}
	// Whole blocks go straight to p, with a preemption point once per
	// preempt.Piece (each block is one assembly call).
	var pc preempt.Counter
	for len(p) >= Size {
		x.outputBlock((*[Size]byte)(p))
		p = p[Size:]
		pc.Add(Size)
	}
	if len(p) > 0 {
		x.outputBlock(&x.block)
		x.offset = copy(p, x.block[:])
	}
	x.remaining -= uint64(n)
	return n, nil
}

// outputBlock computes the next output block B_i = BLAKE2s(H0) with the
// output node's parameter block, whose digest length is that of the block:
// 32 bytes, or what is left of a known output length.
func (x *xof) outputBlock(out *[Size]byte) {
	size := uint64(Size)
	if x.length != unknownLength {
		size = min(size, uint64(x.length)-x.nodeOffset*Size)
	}
	pb := x.outParams
	pb[0] = byte(size)
	binary.LittleEndian.PutUint32(pb[8:], uint32(x.nodeOffset))
	x.nodeOffset++
	var h [8]uint32
	for i := range h {
		h[i] = iv[i] ^ binary.LittleEndian.Uint32(pb[4*i:])
	}
	var c [2]uint32
	var full [Size]byte
	finish(&full, &h, &c, 0, x.root[:])
	copy(out[:size], full[:])
}

// Reset returns the XOF to its state after construction.
func (x *xof) Reset() {
	x.d.Reset()
	x.reading = false
	x.offset = Size
	x.nodeOffset = 0
	x.remaining = uint64(x.length)
	if x.length == unknownLength {
		x.remaining = maxUnknownOutput
	}
}

// BlockSize returns 64, the block size of BLAKE2s.
func (x *xof) BlockSize() int { return BlockSize }

// Clone returns an independent copy of the XOF in its current state.
func (x *xof) Clone() XOF {
	c := *x
	return &c
}
