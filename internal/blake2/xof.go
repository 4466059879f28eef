// Package blake2 holds what BLAKE2b and BLAKE2s share besides their
// compression functions: the marshalled state of a digest (state.go) and
// the output stage of BLAKE2X (xof.go). Each package keeps its own Write,
// buffering and compression.
package blake2

import (
	"encoding/binary"
	"io"

	"github.com/hashkit/hashkit/internal/preempt"
)

// The BLAKE2X output stage (BLAKE2X paper, section 2), shared by BLAKE2Xb
// and BLAKE2Xs: the root hash H0 absorbs the input, then output block i is
// BLAKE2 of H0 under an output node's parameter block with node offset i.
// Each package builds the parameter blocks and supplies its digest through
// a Variant; the time is spent in the BLAKE2 compression, not in this code.

// Variant is what the output stage needs of one BLAKE2 function, whose
// digests are of type D. Its methods are called on the zero value, through
// the instantiation's dictionary, so escape analysis takes their arguments
// as escaping: they are given only memory inside the (heap-allocated) XOF,
// never a caller's slice. For the same reason the packages write Write
// themselves, with Writable.
type Variant[D any] interface {
	// Package names the package ("hashkit/blake2b") in panic messages; the
	// XOF holds no string, so that it stays a pointer-free allocation,
	// which the garbage collector neither types nor scans.
	Package() string
	// Reset returns d to its state after construction.
	Reset(d *D)
	// Root finalizes d into out, one digest (Size bytes) long.
	Root(d *D, out []byte)
	// Block writes to out, one digest long, the unkeyed BLAKE2 of root
	// under parameter block pb.
	Block(out, pb, root []byte)
}

// maxSize is the larger digest size of the two variants, BLAKE2b's; the
// other, BLAKE2s's, is half of it.
const maxSize = 64

// XOF is a BLAKE2X extendable-output function over the variant V.
type XOF[D any, V Variant[D]] struct {
	d         D      // the root hash H0
	size      int    // the digest size of the variant: 64 or 32
	length    uint64 // the XOF length field
	unknown   uint64 // its value for an output of unknown length
	outParams [maxSize]byte

	reading    bool
	root       [maxSize]byte // H0, once reading
	block      [maxSize]byte // the current output block
	offset     int           // bytes of block already returned
	nodeOffset uint64        // the node offset of the next output block
	remaining  uint64        // output bytes left
}

// Root returns the root hash of x, for the caller to initialize before
// Init. It and Init are functions, not methods, so that the XOF's method
// set is the hash.XOF it implements.
func Root[D any, V Variant[D]](x *XOF[D, V]) *D { return &x.d }

// Init sets up x, the output stage for a variant with digests of size
// bytes, from rootParams, the parameter block of the root hash: length is
// the XOF length field, and unknown its value for an output of unknown
// length. It then resets the XOF.
func Init[D any, V Variant[D]](x *XOF[D, V], size int, length, unknown uint64, rootParams []byte) {
	x.size = size
	x.length = length
	x.unknown = unknown
	// The parameter block of the output nodes (BLAKE2X paper, section 2):
	// no key, fan-out and depth 0, leaf length and inner length one digest,
	// and the root's XOF length (n bytes from offset 12), salt and
	// personalization (the block's second half). The digest length and
	// node offset are filled per block.
	n := size / 16
	x.outParams = [maxSize]byte{}
	binary.LittleEndian.PutUint32(x.outParams[4:], uint32(size))
	copy(x.outParams[12:12+n], rootParams[12:])
	x.outParams[12+n+1] = byte(size)
	copy(x.outParams[size/2:size], rootParams[size/2:])
	x.Reset()
}

// Writable returns the root hash of x for Write to absorb into, and panics
// if x has started reading: BLAKE2X takes no input after its first output.
func Writable[D any, V Variant[D]](x *XOF[D, V]) *D {
	if x.reading {
		var v V
		panic(v.Package() + ": Write after Read")
	}
	return &x.d
}

// Read fills p with the next bytes of output. It returns io.EOF once the
// output length given to NewXOF has been read.
func (x *XOF[D, V]) Read(p []byte) (int, error) {
	size := x.size
	if !x.reading {
		var v V
		v.Root(&x.d, x.root[:size])
		x.reading = true
	}
	if x.remaining == 0 {
		return 0, io.EOF
	}
	if uint64(len(p)) > x.remaining {
		p = p[:x.remaining]
	}
	n := len(p)
	if x.offset < size {
		k := copy(p, x.block[x.offset:size])
		x.offset += k
		p = p[k:]
	}
	// Whole blocks go to p through x.block, which is used up if p is not
	// yet full (see Variant for why not straight to p), with a preemption
	// point once per preempt.Piece (each block is one assembly call).
	var pc preempt.Counter
	for len(p) >= size {
		x.outputBlock(&x.block)
		// Fixed-size copies, not a memmove call of size bytes, keep this
		// loop as fast as writing the blocks straight to p.
		if size == maxSize {
			*(*[maxSize]byte)(p) = x.block
		} else {
			*(*[maxSize / 2]byte)(p) = [maxSize / 2]byte(x.block[:])
		}
		p = p[size:]
		pc.Add(size)
	}
	if len(p) > 0 {
		x.outputBlock(&x.block)
		x.offset = copy(p, x.block[:size])
	}
	x.remaining -= uint64(n)
	return n, nil
}

// outputBlock computes the next output block B_i = BLAKE2(H0) with the
// output node's parameter block, whose digest length is that of the block:
// a whole digest, or what is left of a known output length. It writes a
// whole digest to out, of which the block is the first that many bytes.
func (x *XOF[D, V]) outputBlock(out *[maxSize]byte) {
	size := uint64(x.size)
	if x.length != x.unknown {
		size = min(size, x.length-x.nodeOffset*uint64(x.size))
	}
	pb := &x.outParams
	pb[0] = byte(size)
	binary.LittleEndian.PutUint32(pb[8:], uint32(x.nodeOffset))
	x.nodeOffset++
	var v V
	v.Block(out[:x.size], pb[:x.size], x.root[:x.size])
}

// Reset returns the XOF to its state after construction.
func (x *XOF[D, V]) Reset() {
	var v V
	v.Reset(&x.d)
	x.reading = false
	x.offset = x.size
	x.nodeOffset = 0
	x.remaining = x.length
	if x.length == x.unknown {
		// One digest per 32-bit node offset.
		x.remaining = (1 << 32) * uint64(x.size)
	}
}

// BlockSize returns the block size of the variant, twice its digest size.
func (x *XOF[D, V]) BlockSize() int { return 2 * x.size }
