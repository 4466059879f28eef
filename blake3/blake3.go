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

import "hash"

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
//
// The zero value is the plain hash of [New], as crypto/sha3's zero SHA3 is
// SHA3-256.
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
	h.ready()
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

// emptyRoot is the root node of the empty input of New: its one chunk.
var emptyRoot = node{cv: iv, flags: flagChunkStart | flagChunkEnd}

// zero reports whether h is a zero Hasher, which has not got New's IV
// yet: only it has flags 0 (the plain hash) and a first key word of 0,
// where the IV has 0x6A09E667.
func (h *Hasher) zero() bool { return h.flags == 0 && h.key[0] == 0 }

// ready gives a zero Hasher New's IV before it hashes anything. Write's
// fast path, which only a non-empty buffer takes, never needs it.
func (h *Hasher) ready() {
	if h.zero() {
		h.key = iv
	}
}

// rootNode returns the root of the tree over the input so far, without
// changing h: the buffered chunks, then the stacked subtrees right to left.
func (h *Hasher) rootNode() node {
	if h.zero() {
		// Nothing has been written (write calls ready).
		return emptyRoot
	}
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
