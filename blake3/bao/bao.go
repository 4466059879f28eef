// Package bao implements Bao verified streaming over BLAKE3 trees: an
// encoding of an input that lets a receiver who knows only the input's
// 32-byte BLAKE3 hash verify every 1 KiB chunk (or larger chunk group) as it
// arrives, read from any offset, or receive a verified slice of it. The
// formats are those of the reference implementation, [bao] 0.13 (unchanged
// since 0.10): an encoding made here decodes there and the other way round,
// byte for byte.
//
// An encoding is the input's length (8 bytes, little-endian) followed by
// the BLAKE3 tree in pre-order: each parent node is the 64-byte pair of its
// children's chaining values, each leaf the input bytes of one chunk group.
// The combined encoding holds both; the outboard encoding holds the parents
// only and is read beside the input. A slice is the part of a combined
// encoding that a reader of [start, start+len) needs: the parents on the
// way down and the leaves it covers.
//
// Which function to use:
//   - [Encode] and [EncodeOutboard] for an input in memory
//     ([AppendEncode] and [AppendEncodeOutboard] into a reused buffer);
//     [EncodeSized] for an io.Reader of known length (a file), each node
//     written once at its place; [NewEncoder] (or [EncodeFrom]) for one of
//     unknown length, written to a file in one pass with O(log n) memory
//     and reordered in place; [EncodeTo] for a file to a stream (a network
//     connection, a pipe), reading it twice.
//   - [NewDecoder] and [NewOutboardDecoder] for an io.Reader, io.Seeker and
//     io.WriterTo of verified bytes; [Decode] for an encoding in memory.
//   - [ExtractSlice] and [ExtractSliceOutboard] to cut a slice;
//     [NewSliceDecoder] and [DecodeSlice] to verify one.
//   - [VerifyOutboard] to check an outboard's parents against a root
//     without the input.
//
// # Security
//
// A decoder never returns a byte before the chunk group that holds it and
// every parent above it has been checked against the root hash (comparisons
// are constant-time), and it never reveals the input's length (through
// io.EOF, a short read or Seek relative to the end) before it has verified
// the last chunk group, which is what authenticates the length header. A
// failed check is an error wrapping [ErrHashMismatch]; an encoding that
// ends early, [ErrTruncated]. Decoders stop at the first error and return it
// from every later call.
//
// # Modes and chunk groups
//
// [Options] selects the BLAKE3 mode (hash, keyed hash or key derivation, as
// blake3/hazmat's Mode: a Bao tree over the keyed hash is authenticated by
// the key) and the chunk group size: the leaves of the Bao tree are 2^k
// chunks (GroupSize 1024 << k bytes). 1 KiB is standard Bao; 16 KiB is what
// abao and iroh's bao-tree call a chunk group of 4, and shrinks an outboard
// sixteenfold. The root hash is the BLAKE3 hash of the input for every group
// size; encoder and decoder must use the same Options.
//
// # Migrating from lukechampine.com/blake3/bao
//
// Its nine functions map to these (its group is log2 of the chunks per
// group: GroupSize = 1024 << group):
//
//	EncodedSize(dataLen, group, outboard)
//	    EncodedSize(uint64(dataLen), outboard, opt)
//	Encode(dst io.WriterAt, data io.Reader, dataLen, group, outboard)
//	    EncodeSized(dst, data, uint64(dataLen), outboard, opt), or
//	    Encode / EncodeOutboard for data in memory
//	EncodeBuf(data, group, outboard)
//	    Encode(data, opt) or EncodeOutboard(data, opt)
//	Decode(dst io.Writer, data, outboard io.Reader, group, root) (bool, error)
//	    io.Copy(dst, d) with d from NewDecoder(data, &root, opt) or
//	    NewOutboardDecoder(data, outboard, &root, opt)
//	VerifyBuf(data, outboard, group, root) bool
//	    Decode(data, &root, opt) or DecodeOutboard(data, outboard, &root, opt)
//	    returning a nil error
//	ExtractSlice(dst, data, outboard io.Reader, group, offset, length)
//	    ExtractSlice(dst, data, offset, length, opt), or
//	    ExtractSliceOutboard(dst, data, outboard, offset, length, opt)
//	DecodeSlice(dst, data, group, offset, length, root) (bool, error)
//	    io.Copy(dst, d) with d from NewSliceDecoder(data, &root, offset, length, opt)
//	VerifySlice(data, group, offset, length, root) ([]byte, bool)
//	    DecodeSlice(data, &root, offset, length, opt)
//	VerifyChunk(chunks, outboard, group, offset, root) bool
//	    a Decoder from NewOutboardDecoder over the input, Seek(offset), then
//	    reading len(chunks) bytes; or, where only the chunks travel, a slice
//	    (ExtractSliceOutboard on the sender, DecodeSlice on the receiver)
//
// Where they differ: a mismatch there is (false, nil), here an error
// wrapping ErrHashMismatch (or ErrTruncated), and a decoder hands out no
// byte of the failing group. Slices here follow the reference's edge rules
// (a length of 0 counts as 1, a start at or past the end selects the last
// group, a range past the end is trimmed); its bounds are strict, so its
// slices of those requests differ from the reference's. Its VerifyBuf
// fails on bytes after the encoding, which Decode and DecodeOutboard
// ignore, as the reference does.
//
// [bao]: https://github.com/oconnor663/bao
package bao

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"

	"github.com/hashkit/hashkit/blake3"
	"github.com/hashkit/hashkit/blake3/hazmat"
	"github.com/hashkit/hashkit/blake3/internal/seam"
)

const (
	// HeaderSize is the size of an encoding's length header.
	HeaderSize = 8
	// ParentSize is the size of a parent node: two chaining values.
	ParentSize = 64
	// MaxGroupSize is the largest chunk group (leaf) size: 1 MiB.
	MaxGroupSize = 1 << 20

	chunkLen = 1024
	cvLen    = 32
	// maxLen is the longest input: lengths must fit an int64 offset.
	maxLen = 1<<63 - 1
)

var (
	// ErrHashMismatch is wrapped by the error of a parent or chunk group
	// that does not match the hash its parent (or the root) gives for it.
	ErrHashMismatch = errors.New("hashkit/blake3/bao: hash mismatch")
	// ErrTruncated is wrapped by the error of an encoding, outboard, input
	// or slice that ends before a node the tree needs.
	ErrTruncated = errors.New("hashkit/blake3/bao: encoding truncated")
	// ErrLength is wrapped by the error of a length header of 2^63 or more.
	ErrLength = errors.New("hashkit/blake3/bao: encoded length over 2^63-1")
	// ErrGroupSize is returned for a GroupSize that is not a power of two
	// from 1024 to MaxGroupSize.
	ErrGroupSize = errors.New("hashkit/blake3/bao: GroupSize must be a power of two from 1024 to 1048576")
)

// Options are the parameters of a Bao tree. A nil *Options is the zero
// Options: the plain BLAKE3 hash and standard 1 KiB leaves.
type Options struct {
	// Mode is the BLAKE3 mode of the tree; the zero Mode is the plain hash.
	// A Mode made from a nil key is refused with hazmat.ErrNilKey.
	Mode hazmat.Mode
	// GroupSize is the size in bytes of a leaf: 0 or 1024 for standard
	// Bao, or a larger power of two up to MaxGroupSize.
	GroupSize int
}

// tree is the shape and mode of a Bao tree.
type tree struct {
	mode seam.Mode
	g    uint64 // leaf size in bytes, a power of two >= chunkLen
}

func newTree(opt *Options) (tree, error) {
	t := tree{g: chunkLen}
	if opt == nil {
		return t, nil
	}
	t.mode = seam.ModeOf(opt.Mode)
	if t.mode.Kind == seam.NilKey {
		return t, hazmat.ErrNilKey
	}
	switch g := opt.GroupSize; {
	case g == 0:
	case g < chunkLen || g > MaxGroupSize || g&(g-1) != 0:
		return t, fmt.Errorf("%w (got %d)", ErrGroupSize, g)
	default:
		t.g = uint64(g)
	}
	return t, nil
}

// leaves returns the number of leaves of an input of n bytes: the empty
// input has one, an empty leaf.
func (t *tree) leaves(n uint64) uint64 {
	if n == 0 {
		return 1
	}
	return (n-1)/t.g + 1
}

// left returns the length of the left subtree of a node of n > t.g bytes:
// the most whole leaves, a power of two of them, that leave at least one
// byte to the right.
func (t *tree) left(n uint64) uint64 {
	return t.g << (63 - bits.LeadingZeros64((n-1)/t.g))
}

// encSize returns the size of the pre-order encoding of a subtree of n
// bytes, without the header: its parents, and its leaves unless outboard.
func (t *tree) encSize(n uint64, outboard bool) uint64 {
	s := ParentSize * (t.leaves(n) - 1)
	if !outboard {
		s += n
	}
	return s
}

// EncodedSize returns the size of the combined (or, if outboard, the
// outboard) encoding of an input of n bytes, header included. The error is
// ErrGroupSize for invalid Options, or ErrLength for n >= 2^63.
func EncodedSize(n uint64, outboard bool, opt *Options) (uint64, error) {
	t, err := sizedTree(n, opt)
	if err != nil {
		return 0, err
	}
	return HeaderSize + t.encSize(n, outboard), nil
}

// sizedTree is newTree for an input of n bytes, which must fit an encoding.
func sizedTree(n uint64, opt *Options) (tree, error) {
	if n > maxLen {
		return tree{}, fmt.Errorf("%w (%d)", ErrLength, n)
	}
	return newTree(opt)
}

// leafCV returns the chaining value of the leaf data starting at off, or
// its root hash if root.
func (t *tree) leafCV(h *hasher, data []byte, off uint64, root bool) [32]byte {
	if !root && uint64(len(data)) == t.g {
		seam.Subtrees(data, &t.mode, off/chunkLen, int(t.g/chunkLen), h.cv[:])
		return h.cv
	}
	seam.InitSubtree(&h.h, &t.mode, off/chunkLen)
	h.h.Write(data)
	if root {
		h.h.Sum(h.cv[:0])
		return h.cv
	}
	return seam.ChainingValue(&h.h)
}

// leafCVs writes the chaining values of the whole leaves that make up data,
// at input offset off, to scratch and returns where in scratch they start.
// Where scratch has room for twice the chunks' chaining values, leaves of
// several chunks are hashed chunk level first: all the chunks on the wide
// kernels in one call and each level inside the leaves in one, rather than
// leaf by leaf with a few parents per call.
//
// With mv, the chunks are hashed as they are copied (see move), which
// needs room for twice their chaining values; data then gives only the
// length.
func (t *tree) leafCVs(data []byte, off uint64, scratch []byte, mv *move) int {
	leaves, chunks := len(data)/int(t.g), len(data)/chunkLen
	switch {
	case mv != nil:
		seam.CopyChunks(mv.dst, mv.dstOffs[:chunks], mv.src, mv.srcOffs[:chunks], &t.mode, off/chunkLen, scratch[:chunks*cvLen], mv.ntDst, mv.ntSrc, mv.next)
	case chunks == leaves || 2*chunks*cvLen > len(scratch):
		seam.Subtrees(data, &t.mode, off/chunkLen, int(t.g/chunkLen), scratch[:leaves*cvLen])
		return 0
	default:
		seam.Subtrees(data, &t.mode, off/chunkLen, 1, scratch[:chunks*cvLen])
	}
	at := 0
	for k := chunks; k > leaves; k /= 2 {
		next := at + k*cvLen
		seam.Parents(scratch[at:next], &t.mode, scratch[next:])
		at = next
	}
	return at
}

// move is where leafCVs copies the chunks it hashes: chunk k from
// src[srcOffs[k]:] to dst[dstOffs[k]:]. Between a complete subtree's
// input and its combined encoding, where parents sit between the leaves,
// that is the one copy an encoder or a decoder in memory makes of each
// byte, done by the kernels as they load the chunks to hash them.
type move struct {
	dst, src         []byte
	dstOffs, srcOffs []int
	ntDst, ntSrc     []byte // copied meanwhile with non-temporal stores
	next             []byte // the input hashed after, brought into the cache
}

// maxMoved is the most chunks a move takes: a complete subtree of
// wideBytes, which leafCVs' scratch holds twice the chaining values of.
const maxMoved = wideBytes / chunkLen

// moveMaxBytes is the largest input whose leaves Encode, AppendEncode and
// Decode copy as they hash them (see move): about what stays in a core's
// caches. Past it, the kernel's stores to an encoding or output larger than
// the caches wait for memory while its rounds could run, and the leaves are
// hashed first and copied after (from the cache) as fast or faster; unless
// the stream kernel prefetches (seam.PrefetchStream), in which case Encode
// and AppendEncode go on moving them, each subtree's place in the encoding
// brought into the cache while the one before it is hashed.
// EncodeSized's buffers are small and reused: it always moves. A variable
// so that tests can reach both paths.
var moveMaxBytes uint64 = 4 << 20

// ntMinBytes is the smallest input whose combined encoding Encode and
// AppendEncode write, and (for groups of 2 KiB or more) whose output Decode
// writes, with non-temporal stores where the stream kernel uses them: past
// the caches, each complete subtree is encoded or verified (its leaves
// moved) in a buffer that stays in the cache, and copied out in one pass
// that does not read the lines it writes, where ordinary stores would read
// each line of the destination first. Encode and AppendEncode copy each
// subtree out while they hash the next (see bufEncoder.pend).
// A variable so that tests can reach both paths.
var ntMinBytes uint64 = 32 << 20

// chunkOffsets writes to enc and in the offsets of the chunks of a
// complete subtree of n bytes (at least two leaves, at most maxMoved
// chunks) in its pre-order encoding and in its input, and returns how
// many chunks it has.
func (t *tree) chunkOffsets(n uint64, enc, in *[maxMoved]int) int {
	g, leaves := int(t.g), int(n/t.g)
	depth := bits.TrailingZeros(uint(leaves))
	c := 0
	for i := range leaves {
		// Leaf i follows the parents whose leftmost leaf is at or before
		// it: i>>l + 1 of them at each level l from 1 to depth.
		at := i*g + ParentSize*(i+depth-bits.OnesCount(uint(i)))
		for j := 0; j < g; j += chunkLen {
			enc[c], in[c] = at+j, c*chunkLen
			c++
		}
	}
	return c
}

// parentCV returns the chaining value of the parent whose node is p, or the
// root hash if root.
func (t *tree) parentCV(p *[ParentSize]byte, root bool) [32]byte {
	l, r := (*[32]byte)(p[:32]), (*[32]byte)(p[32:])
	if root {
		return seam.Root(l, r, &t.mode)
	}
	return seam.Parent(l, r, &t.mode)
}

// hasher hashes a leaf that is not a whole non-root group (see leafCV);
// cv is where the kernels write a leaf's chaining value (a local array
// would escape through seam's function values).
type hasher struct {
	h  blake3.Hasher
	cv [32]byte
}

// diff returns zero if and only if a and b are equal, in constant time.
func diff(a, b *[ParentSize]byte) uint64 {
	var acc uint64
	for i := 0; i < ParentSize; i += 8 {
		acc |= binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:])
	}
	return acc
}

// equal reports whether a and b, of equal lengths that are multiples of 8
// (chaining values, parent nodes), are equal, in time that depends only on
// their length: crypto/subtle.ConstantTimeCompare goes a byte at a time,
// which costs a few percent of decoding when every parent of a subtree is
// compared at once.
func equal(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	var acc uint64
	for len(a) >= 8 {
		acc |= binary.LittleEndian.Uint64(a) ^ binary.LittleEndian.Uint64(b)
		a, b = a[8:], b[8:]
	}
	for i := range a {
		acc |= uint64(a[i] ^ b[i])
	}
	return acc == 0
}
