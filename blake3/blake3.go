// Package blake3 implements the BLAKE3 hash function, keyed hash (MAC),
// key derivation function and extendable output, as specified in [BLAKE3].
//
// BLAKE3 hashes its input as a binary tree of 1 KiB chunks, so long inputs
// are hashed many chunks at a time: on amd64 with AVX-512, AVX2 or SSE4.1
// (16, 8 or 4 chunks per step; HASHKIT_DISABLE=blake3/avx512, blake3/avx2
// or blake3/sse41 turns one off), and on several goroutines once an input
// is large enough to pay for them (see [Hasher.Write]). Blocks hashed one
// at a time (short inputs, the end of a chunk, the root) use scalar BMI2
// assembly on amd64 (blake3/bmi2; blake3/avx512bw for [Sum256] of at most
// 64 bytes). The output is the same on every
// platform and for every way the input is split between writes, but only
// writes of at least two whole chunks reach the wide kernels: feed large
// inputs in large pieces.
//
// Which function to use:
//   - [Sum256] for a one-shot 256-bit hash; [New] for streaming.
//   - [NewKeyed] for a MAC with a 32-byte secret key (do not use [New] with
//     the key prepended).
//   - [DeriveKey] or [NewDeriveKey] to derive subkeys from key material,
//     with a hardcoded, globally unique, application-specific context string.
//   - [Hasher.XOF] or [Hasher.Read] for output of any length; [OutputReader]
//     can seek to any offset of it.
//
// BLAKE3 targets 128-bit security for all its goals (collision, preimage,
// and as a MAC and PRF) at any output length of 32 bytes or more.
//
// [BLAKE3]: https://github.com/BLAKE3-team/BLAKE3-specs/blob/master/blake3.pdf
package blake3

import (
	"errors"
	"hash"
	"io"
	"math/bits"

	"github.com/hashkit/hashkit/internal/preempt"
)

const (
	// Size is the default output size of BLAKE3 in bytes.
	Size = 32
	// BlockSize is the block size of BLAKE3's compression function in bytes.
	BlockSize = 64
	// KeySize is the size in bytes of the key of [NewKeyed].
	KeySize = 32

	chunkLen = 1024 // bytes per leaf chunk
	cvLen    = 32   // bytes per chaining value
	maxDepth = 54   // 2^64 bytes of input is at most 2^54 chunks
)

// Domain-separation flags (specification, table 3).
const (
	flagChunkStart        = 1 << 0
	flagChunkEnd          = 1 << 1
	flagParent            = 1 << 2
	flagRoot              = 1 << 3
	flagKeyedHash         = 1 << 4
	flagDeriveKeyContext  = 1 << 5
	flagDeriveKeyMaterial = 1 << 6
)

// node is the input of one compression whose output is not yet needed as a
// chaining value or as root output: the last block of a chunk, or a parent
// (the reference implementation's Output).
type node struct {
	cv       [8]uint32
	block    [BlockSize]byte
	counter  uint64
	blockLen uint32
	flags    uint32
}

// chainingValue compresses n as an inner (non-root) node.
func (n *node) chainingValue() [cvLen]byte {
	cv := n.cv
	compressBlock(&cv, &n.block, n.counter, n.blockLen, n.flags)
	var out [cvLen]byte
	putCV(out[:], &cv)
	return out
}

// rootBlock writes the 64-byte output block number counter of the root n.
func (n *node) rootBlock(out *[BlockSize]byte, counter uint64) {
	compressOut(out, &n.cv, &n.block, counter, n.blockLen, n.flags|flagRoot)
}

// parentNode returns the parent of two chaining values.
func parentNode(left, right *[cvLen]byte, key *[8]uint32, flags uint32) node {
	n := node{cv: *key, blockLen: BlockSize, flags: flags | flagParent}
	copy(n.block[:cvLen], left[:])
	copy(n.block[cvLen:], right[:])
	return n
}

// chunkState hashes the blocks of one chunk (specification, section 2.4).
// The last block is kept in buf even when full, because only the next byte
// of input tells whether it ends the chunk with CHUNK_END set, or the
// whole message with ROOT set as well.
type chunkState struct {
	cv      [8]uint32
	counter uint64 // chunk index
	buf     [BlockSize]byte
	bufLen  uint8 // bytes in buf
	blocks  uint8 // blocks compressed so far
}

func (c *chunkState) reset(key *[8]uint32, counter uint64) {
	c.cv = *key
	c.counter = counter
	c.bufLen = 0
	c.blocks = 0
}

// len returns the number of bytes of the chunk absorbed so far.
func (c *chunkState) len() int { return int(c.blocks)*BlockSize + int(c.bufLen) }

func (c *chunkState) startFlag() uint32 {
	if c.blocks == 0 {
		return flagChunkStart
	}
	return 0
}

// update absorbs p, which must fit in the rest of the chunk.
func (c *chunkState) update(p []byte, flags uint32) {
	for len(p) > 0 {
		if c.bufLen == BlockSize {
			compressBlock(&c.cv, &c.buf, c.counter, BlockSize, flags|c.startFlag())
			c.blocks++
			c.bufLen = 0
		}
		// Whole blocks with more input after them are compressed straight
		// from p.
		for c.bufLen == 0 && len(p) > BlockSize {
			compressBlock(&c.cv, (*[BlockSize]byte)(p), c.counter, BlockSize, flags|c.startFlag())
			c.blocks++
			p = p[BlockSize:]
		}
		n := copy(c.buf[c.bufLen:], p)
		c.bufLen += uint8(n)
		p = p[n:]
	}
}

// node returns the last block of the chunk, zero-padded.
func (c *chunkState) node(flags uint32) node {
	n := node{cv: c.cv, counter: c.counter, blockLen: uint32(c.bufLen), flags: flags | c.startFlag() | flagChunkEnd}
	copy(n.block[:], c.buf[:c.bufLen])
	return n
}

// Hasher is a BLAKE3 hash, keyed hash or key derivation in progress. It
// implements [hash.Hash] (with a 32-byte Sum), [hash.XOF], [hash.Cloner],
// and, for the plain hash of [New], [encoding.BinaryMarshaler],
// [encoding.BinaryAppender] and [encoding.BinaryUnmarshaler].
//
// A Hasher holds its whole state, the chaining values of up to 54 subtrees
// included, in its own struct (about 2 KiB): creating one allocates nothing
// else, and one declared as a local variable can stay on the stack.
type Hasher struct {
	key   [8]uint32 // the IV, the key, or the derived context key
	flags uint32    // KEYED_HASH, DERIVE_KEY_MATERIAL, or 0
	chunk chunkState
	// stack holds the chaining values of the complete subtrees left of the
	// current chunk, largest first: one for each 1 bit of chunk.counter
	// (the merge rule of the specification, section 5.1.2), except after a
	// Write that ended with a whole subtree, whose two halves are then on
	// top, not yet merged (see Write).
	stack    [maxDepth][cvLen]byte
	stackLen int

	squeezing bool         // Read was called; out holds the output
	out       OutputReader // valid while squeezing
}

var (
	_ hash.Hash   = (*Hasher)(nil)
	_ hash.XOF    = (*Hasher)(nil)
	_ hash.Cloner = (*Hasher)(nil)
)

// New returns a Hasher computing the BLAKE3 hash.
func New() *Hasher {
	h := new(Hasher)
	h.init(&iv, 0)
	return h
}

// NewKeyed returns a Hasher computing the BLAKE3 keyed hash (a MAC and PRF)
// under key, which must be KeySize (32) bytes long; otherwise it returns an
// error. Keyed Hashers do not implement binary marshalling of their state
// usefully: MarshalBinary returns an error, since the state holds the key.
func NewKeyed(key []byte) (*Hasher, error) {
	if len(key) != KeySize {
		return nil, errors.New("hashkit/blake3: invalid key size")
	}
	h := new(Hasher)
	var k [8]uint32
	loadCV(&k, (*[cvLen]byte)(key))
	h.init(&k, flagKeyedHash)
	return h, nil
}

// NewDeriveKey returns a Hasher deriving keys in the BLAKE3 key derivation
// mode for context, which should be a hardcoded, globally unique,
// application-specific string. Write the key material to it, then Read (or
// Sum) the derived key. As with [NewKeyed], its state does not marshal.
func NewDeriveKey(context string) *Hasher {
	h := new(Hasher)
	k := contextKey(context)
	h.init(&k, flagDeriveKeyMaterial)
	return h
}

// DeriveKey fills out with key material derived from material in the BLAKE3
// key derivation mode for context (see [NewDeriveKey]). Any length of out is
// allowed; the first bytes do not depend on len(out).
func DeriveKey(context string, material, out []byte) {
	var h Hasher
	k := contextKey(context)
	h.init(&k, flagDeriveKeyMaterial)
	h.Write(material)
	r := OutputReader{root: h.rootNode()}
	r.Read(out)
}

// contextKey hashes context with DERIVE_KEY_CONTEXT into the key of the
// material hash (specification, section 2.6).
func contextKey(context string) [8]uint32 {
	var h Hasher
	h.init(&iv, flagDeriveKeyContext)
	if len(context) <= chunkLen {
		// Common case: one chunk, fed from the string without a copy to
		// the heap.
		for len(context) > 0 {
			if h.chunk.bufLen == BlockSize {
				compressBlock(&h.chunk.cv, &h.chunk.buf, 0, BlockSize, flagDeriveKeyContext|h.chunk.startFlag())
				h.chunk.blocks++
				h.chunk.bufLen = 0
			}
			n := copy(h.chunk.buf[h.chunk.bufLen:], context)
			h.chunk.bufLen += uint8(n)
			context = context[n:]
		}
	} else {
		h.Write([]byte(context))
	}
	n := h.rootNode()
	var out [BlockSize]byte
	n.rootBlock(&out, 0)
	var k [8]uint32
	loadCV(&k, (*[cvLen]byte)(out[:]))
	return k
}

func (h *Hasher) init(key *[8]uint32, flags uint32) {
	h.key = *key
	h.flags = flags
	h.chunk.reset(key, 0)
	h.stackLen = 0
	h.squeezing = false
}

// Reset returns h to its initial state, keeping its key or context.
func (h *Hasher) Reset() {
	h.chunk.reset(&h.key, 0)
	h.stackLen = 0
	h.squeezing = false
}

// Size returns Size (32), the length of Sum's output.
func (h *Hasher) Size() int { return Size }

// BlockSize returns BlockSize (64).
func (h *Hasher) BlockSize() int { return BlockSize }

// Clone returns an independent copy of h, in the middle of reading output
// if h is. The error is always nil.
func (h *Hasher) Clone() (hash.Cloner, error) {
	c := *h
	return &c, nil
}

// mergeStack folds the stack until it holds one chaining value per 1 bit of
// total, the number of chunks left of the next one to be pushed. Merging
// lazily, only when more input is known to follow, keeps the last parent
// for finalisation, where it may need the ROOT flag.
func (h *Hasher) mergeStack(total uint64) {
	for h.stackLen > bits.OnesCount64(total) {
		n := parentNode(&h.stack[h.stackLen-2], &h.stack[h.stackLen-1], &h.key, h.flags)
		h.stack[h.stackLen-2] = n.chainingValue()
		h.stackLen--
	}
}

// pushCV pushes the chaining value of a complete subtree whose first chunk
// has index counter.
func (h *Hasher) pushCV(cv *[cvLen]byte, counter uint64) {
	h.mergeStack(counter)
	h.stack[h.stackLen] = *cv
	h.stackLen++
}

// Write absorbs p. It never fails. It panics if called after Read.
//
// A single Write of a large input (an aligned subtree of at least 256 KiB)
// hashes it on up to GOMAXPROCS goroutines, cut into up to 64 pieces taken
// in turn; that path allocates a few small objects. Smaller writes, and
// all writes when GOMAXPROCS is 1, stay on the calling goroutine and
// allocate nothing. The result never depends on how the work was split.
func (h *Hasher) Write(p []byte) (int, error) {
	if h.squeezing {
		panic("hashkit/blake3: Write after Read")
	}
	n := len(p)
	if h.chunk.len() > 0 {
		take := min(chunkLen-h.chunk.len(), len(p))
		h.chunk.update(p[:take], h.flags)
		p = p[take:]
		if len(p) == 0 {
			return n, nil
		}
		// The chunk is full and more input follows: it is not the root.
		last := h.chunk.node(h.flags)
		cv := last.chainingValue()
		h.pushCV(&cv, h.chunk.counter)
		h.chunk.reset(&h.key, h.chunk.counter+1)
	}
	// Whole subtrees go straight from p to the wide kernels. A subtree
	// followed by more input is never the root, so one chaining value
	// stands for it. One that ends the input may be the root: its two
	// halves are pushed instead, and merged only when more input comes (or
	// joined with the ROOT flag by rootNode). The last chunk, if it is
	// alone, stays in the chunk state for the same reason.
	counter := h.chunk.counter
	for len(p) > chunkLen {
		chunks := uint64(len(p)) / chunkLen
		// The largest power of two that fits and keeps the tree aligned:
		// a subtree of 2^k chunks must start at a multiple of 2^k.
		size := uint64(1) << (63 - bits.LeadingZeros64(chunks))
		if counter != 0 {
			size = min(size, counter&-counter)
		}
		par := 1
		if size >= parallelMinChunks {
			par = parallelism()
		}
		if par <= 1 {
			size = min(size, wideChunks)
		}
		sub := p[:size*chunkLen]
		l, r := hashSubtreePair(sub, h.key, counter, h.flags, par)
		switch {
		case len(sub) == len(p):
			// size >= 2 here, since len(p) > chunkLen.
			h.pushCV(&l, counter)
			h.pushCV(&r, counter+size/2)
		case size == 1:
			h.pushCV(&l, counter)
		default:
			pn := parentNode(&l, &r, &h.key, h.flags)
			cv := pn.chainingValue()
			h.pushCV(&cv, counter)
		}
		counter += size
		p = p[size*chunkLen:]
		if len(p) > chunkLen {
			preempt.Point() // between two subtrees (see internal/preempt)
		}
	}
	h.chunk.counter = counter
	if len(p) > 0 {
		h.chunk.update(p, h.flags)
		h.mergeStack(counter)
	}
	return n, nil
}

// rootNode returns the root of the tree over the input so far, without
// changing h: the current chunk, folded into the stacked subtrees right to
// left.
func (h *Hasher) rootNode() node {
	var n node
	i := h.stackLen - 1
	if h.chunk.len() == 0 && h.chunk.counter > 0 {
		// The input ended with a whole subtree, whose halves are on top.
		n = parentNode(&h.stack[i-1], &h.stack[i], &h.key, h.flags)
		i -= 2
	} else {
		n = h.chunk.node(h.flags)
	}
	for ; i >= 0; i-- {
		cv := n.chainingValue()
		n = parentNode(&h.stack[i], &cv, &h.key, h.flags)
	}
	return n
}

// Sum appends the 32-byte hash (or MAC, or derived key) of the input so far
// to b and returns the result. It does not change h, and may be called while
// reading output, where it still returns the first 32 bytes of the output.
func (h *Hasher) Sum(b []byte) []byte {
	n := h.rootNode()
	var out [BlockSize]byte
	n.rootBlock(&out, 0)
	return append(b, out[:Size]...)
}

// XOF returns a reader of the extended output of the input so far (up to
// 2^64 bytes), which can also seek. It does not change h.
func (h *Hasher) XOF() *OutputReader {
	return &OutputReader{root: h.rootNode()}
}

// Read reads the extended output of the input written so far into p, as
// [Hasher.XOF] would; its first 32 bytes are Sum's. After the first Read,
// Write panics until Reset. The error is always nil.
func (h *Hasher) Read(p []byte) (int, error) {
	if !h.squeezing {
		h.out = OutputReader{root: h.rootNode()}
		h.squeezing = true
	}
	return h.out.Read(p)
}

// Sum256 returns the BLAKE3 hash of data.
func Sum256(data []byte) [Size]byte {
	var out [BlockSize]byte
	if len(data) <= BlockSize {
		return sumBlock(data) // one block, which is the root
	}
	if len(data) <= chunkLen {
		// One chunk, which is the root: no tree and no Hasher.
		var c chunkState
		c.reset(&iv, 0)
		c.update(data, 0)
		n := c.node(0)
		n.rootBlock(&out, 0)
	} else {
		var h Hasher
		h.init(&iv, 0)
		h.Write(data)
		n := h.rootNode()
		n.rootBlock(&out, 0)
	}
	return [Size]byte(out[:Size])
}

// OutputReader reads the extended output of a BLAKE3 root node: up to 2^64
// bytes, any 64-byte block of which can be computed directly, so Seek to any
// offset is cheap. It implements [io.Reader] and [io.Seeker].
type OutputReader struct {
	root node
	pos  uint64          // offset of the next byte to read
	buf  [BlockSize]byte // the output block containing pos, if pos%64 != 0
}

var _ io.ReadSeeker = (*OutputReader)(nil)

// Read fills p with the next len(p) bytes of output. The error is always
// nil.
func (r *OutputReader) Read(p []byte) (int, error) {
	n := len(p)
	if off := r.pos % BlockSize; off != 0 {
		k := copy(p, r.buf[off:])
		p = p[k:]
		r.pos += uint64(k)
	}
	if len(p) >= BlockSize {
		k := len(p) &^ (BlockSize - 1)
		outputBlocks(&r.root, r.pos/BlockSize, p[:k])
		p = p[k:]
		r.pos += uint64(k)
	}
	if len(p) > 0 {
		r.root.rootBlock(&r.buf, r.pos/BlockSize)
		k := copy(p, r.buf[:])
		r.pos += uint64(k)
	}
	return n, nil
}

// Seek sets the offset of the next Read to offset, relative to the start of
// the output (whence io.SeekStart) or to the current offset
// (io.SeekCurrent), and returns the new offset. Seeking relative to the end
// (io.SeekEnd) returns an error, since the end, 2^64 bytes in, is beyond any
// int64 offset. A negative or overflowing result is an error and leaves the
// offset unchanged. Seek panics if whence is not one of io.SeekStart,
// io.SeekCurrent or io.SeekEnd.
func (r *OutputReader) Seek(offset int64, whence int) (int64, error) {
	var pos int64
	switch whence {
	case io.SeekStart:
		pos = offset
	case io.SeekCurrent:
		if r.pos > 1<<63-1 {
			return 0, errors.New("hashkit/blake3: current offset does not fit in an int64")
		}
		cur := int64(r.pos)
		if offset > 0 && cur > 1<<63-1-offset {
			return 0, errors.New("hashkit/blake3: seek offset overflows an int64")
		}
		pos = cur + offset
	case io.SeekEnd:
		return 0, errors.New("hashkit/blake3: seeking relative to the end of the output is not supported")
	default:
		panic("hashkit/blake3: invalid whence")
	}
	if pos < 0 {
		return 0, errors.New("hashkit/blake3: negative seek offset")
	}
	r.pos = uint64(pos)
	if r.pos%BlockSize != 0 {
		r.root.rootBlock(&r.buf, r.pos/BlockSize)
	}
	return pos, nil
}
