package blake3

// A chunk's state and the nodes of the tree: a chunk's last block or a
// parent, compressed once its use (chaining value or root) is known.

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
