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
// 64 bytes). A [Hasher] gathers 16 chunks (16 KiB) before it hashes them,
// so input written in small pieces reaches the wide kernels too. The output
// is the same on every platform and for every way the input is split
// between writes.
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
		if c.bufLen == 0 && len(p) > BlockSize {
			k := (len(p) - 1) / BlockSize * BlockSize
			compressBlocks(&c.cv, p[:k], c.counter, flags, c.startFlag(), 0)
			c.blocks += uint8(k / BlockSize)
			p = p[k:]
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

// bufChunks is how many chunks a Hasher buffers: the lanes of the widest
// kernel, so that input written in small pieces is hashed as many chunks at
// a time as input written in one piece.
const bufChunks = 16

// Hasher is a BLAKE3 hash, keyed hash or key derivation in progress. It
// implements [hash.Hash] (with a 32-byte Sum), [hash.XOF], [hash.Cloner],
// and, for the plain hash of [New], [encoding.BinaryMarshaler],
// [encoding.BinaryAppender] and [encoding.BinaryUnmarshaler].
//
// A Hasher is about 3 KiB: the chaining values of up to 54 subtrees and a
// one-chunk input buffer. Once more than one chunk of input waits to be
// hashed (a long message written in pieces), it allocates, once for its
// lifetime (Reset keeps it), 18 KiB more: a 16 KiB buffer (the 16 chunks
// that the widest kernel hashes at once) and the subtrees waiting for their
// parents (see pending), so that writes of any size are hashed at the
// speed of large ones. A short message costs no more than the small
// struct, and one declared as a local variable can stay on the stack. For
// a one-shot hash, [Sum256] and [DeriveKey] need no Hasher and no buffer.
type Hasher struct {
	key   [8]uint32 // the IV, the key, or the derived context key
	flags uint32    // KEYED_HASH, DERIVE_KEY_MATERIAL, or 0
	// counter is the index of the chunk at which the buffered input
	// starts; the input before it is summarised by stack.
	counter uint64
	// headBlocks blocks of chunk counter are already compressed into
	// headCV, and buf starts after them. Only a state restored from the
	// version 1 marshalled format, which kept a partly compressed chunk,
	// has headBlocks > 0 (and then bufLen > 0), until the chunk is done.
	headCV     [8]uint32
	headBlocks int
	// buffer()[:bufLen] is input not yet hashed, at most bufCap bytes:
	// in small until it is more than a chunk, then in big. Write keeps at
	// least one byte here once it has seen any, since only the next byte
	// tells whether the last chunk is the root, except after a Write that
	// ended with a whole subtree hashed straight from its argument (see
	// Write).
	bufLen int
	small  [chunkLen]byte
	big    *bigBuffer
	stack  cvStack

	squeezing bool         // Read was called; out holds the output
	out       OutputReader // valid while squeezing
}

// bufCap is the most input a Hasher buffers.
const bufCap = bufChunks * chunkLen

// bigBuffer is the part of a Hasher that only input longer than a chunk
// needs.
type bigBuffer struct {
	buf [bufCap]byte
	// pend holds the subtrees of whole buffers between the stack and the
	// buffer, while their parents wait for a full batch (see pending).
	pend pending
}

// buffer returns the storage of the buffered input: bufCap bytes once big
// is allocated, one chunk before.
func (h *Hasher) buffer() []byte {
	if h.big != nil {
		return h.big.buf[:]
	}
	return h.small[:]
}

// reserve returns the buffer's storage with room for n bytes (at most
// bufCap), moving the buffered input to a newly allocated big buffer when
// n is more than the small one holds.
func (h *Hasher) reserve(n int) []byte {
	if h.big == nil && n > len(h.small) {
		h.big = new(bigBuffer)
		copy(h.big.buf[:], h.small[:h.bufLen])
	}
	return h.buffer()
}

// pendEmpty reports whether no subtree is pending.
func (h *Hasher) pendEmpty() bool { return h.big == nil || h.big.pend.empty() }

// pendChunks returns the number of chunks the pending subtrees span.
func (h *Hasher) pendChunks() uint64 {
	if h.big == nil {
		return 0
	}
	return h.big.pend.chunks()
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
	k := contextKey(context)
	r := OutputReader{root: messageRoot(material, &k, flagDeriveKeyMaterial)}
	r.Read(out)
}

// contextKey hashes context with DERIVE_KEY_CONTEXT into the key of the
// material hash (specification, section 2.6).
func contextKey(context string) [8]uint32 {
	var n node
	if len(context) <= chunkLen {
		// Common case: one chunk, fed from the string without a copy to
		// the heap.
		var c chunkState
		c.reset(&iv, 0)
		for len(context) > 0 {
			if c.bufLen == BlockSize {
				compressBlock(&c.cv, &c.buf, 0, BlockSize, flagDeriveKeyContext|c.startFlag())
				c.blocks++
				c.bufLen = 0
			}
			k := copy(c.buf[c.bufLen:], context)
			c.bufLen += uint8(k)
			context = context[k:]
		}
		n = c.node(flagDeriveKeyContext)
	} else {
		n = messageRoot([]byte(context), &iv, flagDeriveKeyContext)
	}
	var out [BlockSize]byte
	n.rootBlock(&out, 0)
	var k [8]uint32
	loadCV(&k, (*[cvLen]byte)(out[:]))
	return k
}

func (h *Hasher) init(key *[8]uint32, flags uint32) {
	h.key = *key
	h.flags = flags
	h.Reset()
}

// Reset returns h to its initial state, keeping its key or context.
func (h *Hasher) Reset() {
	h.counter = h.stack.base
	h.headBlocks = 0
	h.bufLen = 0
	h.stack.n = 0
	if h.big != nil {
		h.big.pend.clear()
	}
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
	if h.big != nil {
		b := *h.big
		c.big = &b
	}
	return &c, nil
}

// cvStack holds the chaining values of the complete subtrees left of the
// next chunk, largest first: one for each 1 bit of the number of chunks
// before it (the merge rule of the specification, section 5.1.2), or more
// while merging waits to know whether more input follows.
type cvStack struct {
	cvs [maxDepth][cvLen]byte
	n   int
	// base is the index of the first chunk of the tree: 0 for a message,
	// the subtree's start for one hashed at an offset (blake3/hazmat). It
	// is a multiple of a power of two at least the subtree's chunk count,
	// so chunk counters and alignment stay absolute and only the merge rule
	// counts from it.
	base uint64
}

// merge folds the stack until it holds one chaining value per 1 bit of
// total, the number of chunks left of the next one to be pushed. Merging
// lazily, only when more input is known to follow, keeps the last parent
// for finalisation, where it may need the ROOT flag.
func (s *cvStack) merge(total uint64, key *[8]uint32, flags uint32) {
	for s.n > bits.OnesCount64(total-s.base) {
		n := parentNode(&s.cvs[s.n-2], &s.cvs[s.n-1], key, flags)
		s.cvs[s.n-2] = n.chainingValue()
		s.n--
	}
}

// push pushes the chaining value of a complete subtree whose first chunk
// has index counter.
func (s *cvStack) push(cv *[cvLen]byte, counter uint64, key *[8]uint32, flags uint32) {
	s.merge(counter, key, flags)
	s.cvs[s.n] = *cv
	s.n++
}

// pushChunks pushes the chaining values cvs of consecutive chunks, the
// first with index counter, none of them the last of the input. They are
// merged into the largest aligned subtrees first, a level of parents at a
// time with the wide kernels (written over cvs).
func (s *cvStack) pushChunks(cvs []byte, counter uint64, key *[8]uint32, flags uint32) {
	s.pushSubtrees(cvs, counter, 0, key, flags)
}

// pushSubtrees is pushChunks for the chaining values of consecutive
// subtrees of 2^level chunks each, the first starting at chunk counter (a
// multiple of 2^level).
func (s *cvStack) pushSubtrees(cvs []byte, counter uint64, level uint, key *[8]uint32, flags uint32) {
	for len(cvs) > 0 {
		size := uint64(1) << (63 - bits.LeadingZeros64(uint64(len(cvs)/cvLen)))
		if counter != 0 {
			size = min(size, (counter&-counter)>>level)
		}
		for k := size; k > 1; k /= 2 {
			hashParents(cvs[:k*cvLen], key, flags, cvs[:k/2*cvLen])
		}
		s.push((*[cvLen]byte)(cvs), counter, key, flags)
		cvs, counter = cvs[size*cvLen:], counter+size<<level
	}
}

// pendLevels is how many levels of parents above a buffer's chunks
// pending holds back: a level-l subtree is 2^l chunks.
const pendLevels = 4

// pendAlign is the chunk alignment at which a Hasher starts to hold
// subtrees back: the span of a full top level, so that every level's
// pairs are siblings.
const pendAlign = bufChunks << pendLevels

// pending is the part of the tree between the stack and the buffer that
// whole buffers written in pieces leave: n[i] (0 or 8) chaining values of
// subtrees of 2^(i+1) chunks in cvs[i], the higher levels further left.
// Hashing each buffer's parents down to one chaining value would leave
// levels of four, two and one parent, hashed one at a time or on a kernel
// call of a few lanes; here a level waits until it holds 16 subtrees and
// hashes their 8 parents at once, as for a message written in one piece.
type pending struct {
	cvs [pendLevels][bufChunks * cvLen]byte
	n   [pendLevels]uint8
}

// empty reports whether no subtree is pending.
func (p *pending) empty() bool { return p.n == [pendLevels]uint8{} }

// clear drops the pending subtrees.
func (p *pending) clear() { p.n = [pendLevels]uint8{} }

// chunks returns the number of chunks the pending subtrees span.
func (p *pending) chunks() uint64 {
	var c uint64
	for i, n := range p.n {
		c += uint64(n) << (i + 1)
	}
	return c
}

// add adds the 8 chaining values cvs of the level-1 subtrees of a whole
// buffer, which ends at chunk end and is followed by more input. A level
// that reaches 16 subtrees is replaced by their 8 parents one level up;
// the top level's parents become one subtree of pendAlign chunks, pushed
// onto s.
func (p *pending) add(s *cvStack, cvs *[bufChunks / 2 * cvLen]byte, end uint64, key *[8]uint32, flags uint32) {
	for i := range pendLevels {
		copy(p.cvs[i][int(p.n[i])*cvLen:], cvs[:])
		p.n[i] += bufChunks / 2
		if p.n[i] < bufChunks {
			return
		}
		p.n[i] = 0
		hashParents(p.cvs[i][:], key, flags, cvs[:])
	}
	foldLevels(cvs[:], bufChunks/2, key, flags)
	pn := parentNode((*[cvLen]byte)(cvs[:cvLen]), (*[cvLen]byte)(cvs[cvLen:]), key, flags)
	cv := pn.chainingValue()
	s.push(&cv, end-pendAlign, key, flags)
}

// flush pushes the pending subtrees, which end at chunk end and are
// followed by more input, onto s, leaving p unchanged.
func (p *pending) flush(s *cvStack, end uint64, key *[8]uint32, flags uint32) {
	counter := end - p.chunks()
	for i := pendLevels - 1; i >= 0; i-- {
		if p.n[i] == 0 {
			continue
		}
		cvs := p.cvs[i]
		n := int(p.n[i])
		s.pushSubtrees(cvs[:n*cvLen], counter, uint(i+1), key, flags)
		counter += uint64(n) << (i + 1)
	}
}

// flushPending moves the pending subtrees onto h.stack.
func (h *Hasher) flushPending() {
	if !h.pendEmpty() {
		h.big.pend.flush(&h.stack, h.counter, &h.key, h.flags)
		h.big.pend.clear()
	}
}

// canonicalStack returns the stack with the pending subtrees pushed onto
// it and merged as the chunk count h.counter says: the stack of a Hasher
// without pending subtrees.
func (h *Hasher) canonicalStack() cvStack {
	s := h.stack
	if !h.pendEmpty() {
		h.big.pend.flush(&s, h.counter, &h.key, h.flags)
		s.merge(h.counter, &h.key, h.flags)
	}
	return s
}

// absorb hashes whole subtrees straight from p, whose first chunk has index
// counter, while more than keep bytes (at least one chunk) are left, and
// returns the rest of p and the index of its first chunk. A subtree
// followed by more input is never the root, so one chaining value stands
// for it. One that ends p may be the root: its two halves are pushed
// instead, and merged only when more input comes (or joined with the ROOT
// flag by root).
func (s *cvStack) absorb(p []byte, counter uint64, keep int, key *[8]uint32, flags uint32) ([]byte, uint64) {
	// Written out, not preempt.Steps: each subtree's size depends on the last.
	for len(p) > keep {
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
		l, r := hashSubtreePair(sub, *key, counter, flags, par)
		switch {
		case len(sub) == len(p):
			// size >= 2 here, since len(p) > keep >= chunkLen.
			s.push(&l, counter, key, flags)
			s.push(&r, counter+size/2, key, flags)
		case size == 1:
			s.push(&l, counter, key, flags)
		default:
			pn := parentNode(&l, &r, key, flags)
			cv := pn.chainingValue()
			s.push(&cv, counter, key, flags)
		}
		counter += size
		p = p[size*chunkLen:]
		if len(p) > chunkLen {
			preempt.Point() // between two subtrees (see internal/preempt)
		}
	}
	return p, counter
}

// root returns the root of the tree whose last chunk is last (nil: the
// input ended with a whole subtree, whose two halves are on top), folded
// into the stacked subtrees right to left. It does not change s.
func (s *cvStack) root(last *node, key *[8]uint32, flags uint32) node {
	i := s.n - 1
	var n node
	if last == nil {
		n = parentNode(&s.cvs[i-1], &s.cvs[i], key, flags)
		i -= 2
	} else {
		n = *last
	}
	for ; i >= 0; i-- {
		cv := n.chainingValue()
		n = parentNode(&s.cvs[i], &cv, key, flags)
	}
	return n
}

// messageRoot returns the root node of the whole message data: the tree
// of Write without its buffer.
func messageRoot(data []byte, key *[8]uint32, flags uint32) node {
	if len(data) > chunkLen && len(data) <= wideChunks*chunkLen {
		return smallRoot(data, key, 0, flags)
	}
	var s cvStack
	rest, counter := s.absorb(data, 0, chunkLen, key, flags)
	if len(rest) == 0 && counter > 0 {
		return s.root(nil, key, flags)
	}
	s.merge(counter, key, flags)
	var c chunkState
	c.reset(key, counter)
	c.update(rest, flags)
	last := c.node(flags)
	return s.root(&last, key, flags)
}

// smallRoot is messageRoot for two to wideChunks chunks, the first with
// index counter. Their chaining
// values are computed together, then each level of parents (foldLevels): a
// kernel call costs about the same for any number of lanes, and cutting
// the tree into its power-of-two subtrees first (6 chunks: 4 and 2) would
// cost one call per subtree.
func smallRoot(data []byte, key *[8]uint32, counter uint64, flags uint32) node {
	var buf [wideChunks * cvLen]byte
	n := len(data) / chunkLen
	hashChunks(data[:n*chunkLen], key, counter, flags, buf[:n*cvLen])
	if tail := data[n*chunkLen:]; len(tail) > 0 {
		var c chunkState
		c.reset(key, counter+uint64(n))
		c.update(tail, flags)
		last := c.node(flags)
		cv := last.chainingValue()
		copy(buf[n*cvLen:], cv[:])
		n++
	}
	foldLevels(buf[:], n, key, flags)
	return parentNode((*[cvLen]byte)(buf[:cvLen]), (*[cvLen]byte)(buf[cvLen:]), key, flags)
}

// Write absorbs p. It never fails. It panics if called after Read.
//
// Input is gathered in the Hasher's buffer and hashed 16 chunks at a time;
// the first time more than one chunk waits in it, the Hasher allocates its
// big buffer (see Hasher). A Write of more than the buffer holds hashes
// whole subtrees straight from p; a large one (an aligned subtree of at
// least 2 MiB) hashes them on up to GOMAXPROCS goroutines, cut into up to
// 64 pieces taken in turn, and that path allocates a few small objects.
// Smaller writes, and all writes when GOMAXPROCS is 1, stay on the calling
// goroutine and allocate nothing else. The result never depends on how the
// work was split.
func (h *Hasher) Write(p []byte) (int, error) {
	if h.squeezing {
		panic("hashkit/blake3: Write after Read")
	}
	if n := h.bufLen + len(p); h.bufLen > 0 && n <= bufCap-h.headBlocks*BlockSize {
		if h.big != nil { // small writes of a long message: the hot path
			h.bufLen += copy(h.big.buf[h.bufLen:], p)
		} else {
			h.bufLen += copy(h.reserve(n)[h.bufLen:], p)
		}
		return len(p), nil
	}
	h.write(p)
	return len(p), nil
}

// write is Write when p does not fit in the buffer, or the buffer is empty.
func (h *Hasher) write(p []byte) {
	if len(p) == 0 {
		return
	}
	if h.bufLen > 0 {
		k := copy(h.reserve(bufCap)[h.bufLen:bufCap-h.headBlocks*BlockSize], p)
		h.bufLen += k
		p = p[k:]
		// The buffer is full and more input follows: none of its chunks
		// is the root.
		if h.headBlocks == 0 && (!h.pendEmpty() || h.counter%pendAlign == 0) {
			h.hashPending()
		} else {
			h.flushPending()
			h.hashBuffered(&h.stack, bufChunks)
		}
		h.counter += bufChunks
		h.headBlocks = 0
		h.bufLen = 0
	}
	if len(p) > bufCap {
		// absorb hashes subtrees straight from p, right of the pending ones.
		h.flushPending()
	}
	p, h.counter = h.stack.absorb(p, h.counter, bufCap, &h.key, h.flags)
	if len(p) > 0 {
		h.bufLen = copy(h.reserve(len(p)), p)
		h.stack.merge(h.counter-h.pendChunks(), &h.key, h.flags)
	}
}

// hashPending hashes the full buffer, whose chunks start at h.counter,
// into 8 level-1 subtrees and adds them to h.pend.
func (h *Hasher) hashPending() {
	var cvs [bufChunks * cvLen]byte
	hashChunks(h.big.buf[:], &h.key, h.counter, h.flags, cvs[:])
	hashParents(cvs[:], &h.key, h.flags, cvs[:bufChunks/2*cvLen])
	h.big.pend.add(&h.stack, (*[bufChunks / 2 * cvLen]byte)(cvs[:]), h.counter+bufChunks, &h.key, h.flags)
}

// hashBuffered pushes onto s the chaining values of the first chunks
// chunks of the buffer (at most bufChunks, none of them the last of the
// input), hashed with the wide kernels, and returns the offset in buf
// where the next chunk starts.
func (h *Hasher) hashBuffered(s *cvStack, chunks int) int {
	var cvs [bufChunks * cvLen]byte
	off, i := 0, 0
	if h.headBlocks > 0 {
		// The rest of a partly compressed chunk (from a version 1 state).
		c := chunkState{cv: h.headCV, counter: h.counter, blocks: uint8(h.headBlocks)}
		off = chunkLen - h.headBlocks*BlockSize
		c.update(h.buffer()[:off], h.flags)
		n := c.node(h.flags)
		cv := n.chainingValue()
		copy(cvs[:], cv[:])
		i = 1
	}
	end := off + (chunks-i)*chunkLen
	hashChunks(h.buffer()[off:end], &h.key, h.counter+uint64(i), h.flags, cvs[i*cvLen:chunks*cvLen])
	s.pushChunks(cvs[:chunks*cvLen], h.counter, &h.key, h.flags)
	return end
}

// rootNode returns the root of the tree over the input so far, without
// changing h: the buffered chunks, then the stacked subtrees right to left.
func (h *Hasher) rootNode() node {
	if h.bufLen == 0 && h.counter > h.stack.base {
		// Write flushes the pending subtrees before it absorbs a subtree.
		return h.stack.root(nil, &h.key, h.flags)
	}
	if h.counter == h.stack.base && h.headBlocks == 0 && h.bufLen > chunkLen {
		// The whole input is in the buffer: one tree, as for a one-shot.
		return smallRoot(h.buffer()[:h.bufLen], &h.key, h.counter, h.flags)
	}
	// The whole chunks of the buffer before the last one go to a copy of
	// the stack.
	whole := (h.headBlocks*BlockSize + h.bufLen - 1) / chunkLen
	s := h.canonicalStack()
	var last node
	if whole == 0 {
		c := chunkState{cv: h.key, counter: h.counter}
		if h.headBlocks > 0 {
			c.cv, c.blocks = h.headCV, uint8(h.headBlocks)
		}
		c.update(h.buffer()[:h.bufLen], h.flags)
		last = c.node(h.flags)
		return s.root(&last, &h.key, h.flags)
	}
	off := h.hashBuffered(&s, whole)
	counter := h.counter + uint64(whole)
	s.merge(counter, &h.key, h.flags)
	var c chunkState
	c.reset(&h.key, counter)
	c.update(h.buffer()[off:h.bufLen], h.flags)
	last = c.node(h.flags)
	return s.root(&last, &h.key, h.flags)
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

// XOF returns a reader of the extended output of the input so far (2^64
// bytes), which can also seek. It does not change h.
func (h *Hasher) XOF() *OutputReader {
	return &OutputReader{root: h.rootNode()}
}

// Read reads the extended output of the input written so far into p, as
// [Hasher.XOF] would; its first 32 bytes are Sum's. After the first Read,
// Write panics until Reset. The error is nil until all 2^64 bytes have been
// read, then io.EOF.
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
		return sumChunk(data, &iv, 0)
	}
	n := messageRoot(data, &iv, 0)
	n.rootBlock(&out, 0)
	return [Size]byte(out[:Size])
}

// sumChunk returns the 32-byte hash of a message of at most one chunk,
// which is the root: its whole blocks but the last compressed in place, the
// last one zero-padded, and the hash is the last compression's chaining
// value (the first half of the root's output block).
func sumChunk(data []byte, key *[8]uint32, flags uint32) (sum [Size]byte) {
	if sumChunkKernel(data, key, flags, &sum) {
		return sum
	}
	cv := *key
	k := 0
	if len(data) > BlockSize {
		k = (len(data) - 1) &^ (BlockSize - 1)
	}
	start := uint32(flagChunkStart)
	if k > 0 {
		compressBlocks(&cv, data[:k], 0, flags, start, 0)
		start = 0
	}
	var block [BlockSize]byte
	copy(block[:], data[k:])
	compressBlock(&cv, &block, 0, uint32(len(data)-k), flags|start|flagChunkEnd|flagRoot)
	var out [Size]byte
	putCV(out[:], &cv)
	return out
}

// OutputReader reads the extended output of a BLAKE3 root node: a stream of
// 2^64 bytes, any 64-byte block of which can be computed directly, so Seek to
// any offset is cheap. It implements [io.Reader] and [io.Seeker].
type OutputReader struct {
	root node
	pos  uint64          // offset of the next byte to read, modulo 2^64
	end  bool            // all 2^64 bytes have been read (pos is 0)
	buf  [BlockSize]byte // the output block containing pos, if pos%64 != 0
}

var _ io.ReadSeeker = (*OutputReader)(nil)

// Read fills p with the next len(p) bytes of output. The error is nil until
// the end of the 2^64-byte stream: a Read there returns what is left, and
// the next one 0, [io.EOF].
func (r *OutputReader) Read(p []byte) (int, error) {
	if r.end {
		return 0, io.EOF
	}
	if left := -r.pos; r.pos != 0 && uint64(len(p)) > left {
		p = p[:left]
	}
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
	// Only reading the stream's last byte brings a non-empty read back to 0.
	r.end = n > 0 && r.pos == 0
	return n, nil
}

// Seek sets the offset of the next Read to offset, relative to the start of
// the output (whence io.SeekStart), to the current offset (io.SeekCurrent),
// or to the end of the 2^64-byte stream (io.SeekEnd, as
// lukechampine.com/blake3's Seek does; zeebo/blake3's refuses it), and
// returns the new offset. An offset of 2^63 or more does not fit in an
// int64: it is returned modulo 2^64 (negative: Seek(-n, io.SeekEnd) returns
// -n). A result before the start or after the end, or an invalid whence, is
// an error and leaves the offset unchanged.
func (r *OutputReader) Seek(offset int64, whence int) (int64, error) {
	var base uint64 // modulo 2^64; atEnd says it is 2^64
	var atEnd bool
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		base, atEnd = r.pos, r.end
	case io.SeekEnd:
		atEnd = true
	default:
		return 0, errors.New("hashkit/blake3: invalid whence")
	}
	pos := base + uint64(offset)
	end := false
	switch {
	case offset < 0 && !atEnd && uint64(-offset) > base:
		return 0, errors.New("hashkit/blake3: negative seek position")
	case offset > 0 && (atEnd || pos < base && pos != 0):
		return 0, errors.New("hashkit/blake3: seek position beyond the 2^64-byte output")
	case offset > 0 && pos < base, offset == 0 && atEnd:
		end = true // exactly 2^64
	}
	r.pos, r.end = pos, end
	if pos%BlockSize != 0 {
		r.root.rootBlock(&r.buf, pos/BlockSize)
	}
	return int64(pos), nil
}
