package blake3

import (
	"encoding/binary"
	"errors"
	"math/bits"
)

// The marshalled state of an unkeyed Hasher (New), a compatibility
// promise:
//
//	magic     4 bytes  "b3h\x01"
//	squeezing 1 byte   0, or 1 once Read was called, 2 once all 2^64 bytes were read
//	position  8 bytes  big-endian offset of the next output byte (0 unless squeezing)
//	counter   8 bytes  big-endian index of the current chunk, below 2^54
//	cv        32 bytes the current chunk's chaining value, little-endian words
//	blocks    1 byte   blocks of the chunk compressed, 0..15
//	bufLen    1 byte   bytes in the block buffer, 0..64
//	buf       64 bytes the block buffer, zero after bufLen
//	stackLen  1 byte   chaining values on the stack: one per 1 bit of
//	          counter, or, if the chunk is empty after a Write that ended
//	          with a whole subtree, more (its two halves are not merged)
//	stack     32 bytes per stacked chaining value, largest subtree first
//
// Keyed and key-derivation states hold the key and are not marshalled, as
// x/crypto's blake2b refuses for keyed hashes.
const (
	magic          = "b3h\x01"
	marshaledFixed = len(magic) + 1 + 8 + 8 + cvLen + 1 + 1 + BlockSize + 1
)

var errKeyedMarshal = errors.New("hashkit/blake3: keyed and key-derivation states cannot be marshalled")

// MarshalBinary returns the state of an unkeyed Hasher (see [New]); for a
// keyed or key-derivation Hasher it returns an error.
func (h *Hasher) MarshalBinary() ([]byte, error) {
	return h.AppendBinary(make([]byte, 0, marshaledFixed+h.stackLen*cvLen))
}

// AppendBinary appends the state of an unkeyed Hasher to b, as
// MarshalBinary returns it.
func (h *Hasher) AppendBinary(b []byte) ([]byte, error) {
	if h.flags != 0 {
		return nil, errKeyedMarshal
	}
	b = append(b, magic...)
	if h.squeezing {
		// 2: all 2^64 bytes of output have been read (the position is 0).
		b = append(b, 1+boolByte(h.out.end))
		b = binary.BigEndian.AppendUint64(b, h.out.pos)
	} else {
		b = append(b, 0)
		b = binary.BigEndian.AppendUint64(b, 0)
	}
	b = binary.BigEndian.AppendUint64(b, h.chunk.counter)
	for _, w := range h.chunk.cv {
		b = binary.LittleEndian.AppendUint32(b, w)
	}
	b = append(b, h.chunk.blocks, h.chunk.bufLen)
	b = append(b, h.chunk.buf[:h.chunk.bufLen]...)
	b = append(b, make([]byte, BlockSize-int(h.chunk.bufLen))...)
	b = append(b, byte(h.stackLen))
	for i := range h.stackLen {
		b = append(b, h.stack[i][:]...)
	}
	return b, nil
}

// UnmarshalBinary restores a state from MarshalBinary into an unkeyed
// Hasher. It returns an error, leaving h unchanged, if b is not such a state
// or if h is keyed.
func (h *Hasher) UnmarshalBinary(b []byte) error {
	if h.flags != 0 {
		return errKeyedMarshal
	}
	if len(b) < marshaledFixed || string(b[:len(magic)]) != magic {
		return errors.New("hashkit/blake3: invalid hash state identifier or size")
	}
	var c chunkState
	p := b[len(magic):]
	squeezing := p[0]
	pos := binary.BigEndian.Uint64(p[1:])
	c.counter = binary.BigEndian.Uint64(p[9:])
	p = p[17:]
	loadCV(&c.cv, (*[cvLen]byte)(p))
	p = p[cvLen:]
	c.blocks, c.bufLen = p[0], p[1]
	p = p[2:]
	copy(c.buf[:], p[:BlockSize])
	stackLen := int(p[BlockSize])
	p = p[BlockSize+1:]
	// The stack lengths Write can leave (see the stack field of Hasher).
	minStack, maxStack := bits.OnesCount64(c.counter), bits.OnesCount64(c.counter)
	if c.blocks == 0 && c.bufLen == 0 && c.counter > 0 {
		// After a whole subtree of 2^k chunks, k >= 1, whose size divides
		// counter: one more chaining value, plus one for each halving of
		// counter's lowest 1 bit down to 2^k.
		low := bits.TrailingZeros64(c.counter)
		minStack, maxStack = minStack+1, minStack+low
	}
	switch {
	case squeezing > 2 || squeezing != 1 && pos != 0:
		return errors.New("hashkit/blake3: invalid output position")
	case c.counter >= 1<<54:
		return errors.New("hashkit/blake3: invalid chunk counter")
	case c.blocks >= chunkLen/BlockSize || c.bufLen > BlockSize:
		return errors.New("hashkit/blake3: invalid chunk state")
	case c.blocks > 0 && c.bufLen == 0:
		// Write always leaves at least one byte in the buffer once a
		// block has been compressed.
		return errors.New("hashkit/blake3: invalid chunk state")
	case stackLen < minStack || stackLen > maxStack:
		return errors.New("hashkit/blake3: invalid stack length")
	case c.blocks == 0 && c.cv != iv:
		return errors.New("hashkit/blake3: invalid chaining value")
	case len(p) != stackLen*cvLen:
		return errors.New("hashkit/blake3: invalid hash state size")
	}
	for _, x := range c.buf[c.bufLen:] {
		if x != 0 {
			return errors.New("hashkit/blake3: invalid block padding")
		}
	}
	h.chunk = c
	for i := range stackLen {
		h.stack[i] = [cvLen]byte(p[i*cvLen:])
	}
	h.stackLen = stackLen
	h.squeezing = squeezing != 0
	if h.squeezing {
		h.out = OutputReader{root: h.rootNode(), pos: pos, end: squeezing == 2}
		if pos%BlockSize != 0 {
			h.out.root.rootBlock(&h.out.buf, pos/BlockSize)
		}
	}
	return nil
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}
