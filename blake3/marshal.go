package blake3

import (
	"encoding/binary"
	"errors"
	"math/bits"
)

// The marshalled state of an unkeyed Hasher (New), a compatibility
// promise. Version 2, which MarshalBinary writes:
//
//	magic     4 bytes  "b3h\x02"
//	squeezing 1 byte   0, or 1 once Read was called, 2 once all 2^64 bytes were read
//	position  8 bytes  big-endian offset of the next output byte (0 unless squeezing)
//	counter   8 bytes  big-endian index of the chunk where the buffered input starts, below 2^54
//	cv        32 bytes the chaining value after the first blocks blocks of that chunk, little-endian words (the IV if blocks is 0)
//	blocks    1 byte   blocks of that chunk compressed before the buffer, 0..15 (0 unless the state came from version 1)
//	bufLen    2 bytes  big-endian bytes buffered, at most 16384-64*blocks, and not 0 if blocks is not
//	buf       bufLen bytes
//	stackLen  1 byte   chaining values on the stack: one per 1 bit of
//	          counter, or, if the buffer is empty after a Write that ended
//	          with a whole subtree, more (its two halves are not merged)
//	stack     32 bytes per stacked chaining value, largest subtree first
//
// Version 1 (magic "b3h\x01"), written before the Hasher buffered whole
// chunks, is still read: it has the same fields except that bufLen is one
// byte, at most 64, and buf always 64 bytes, zero after bufLen.
//
// Keyed and key-derivation states hold the key and are not marshalled, as
// x/crypto's blake2b refuses for keyed hashes.
const (
	magic          = "b3h\x02"
	magicV1        = "b3h\x01"
	marshaledFixed = len(magic) + 1 + 8 + 8 + cvLen + 1 + 2 + 1
	marshaledV1    = len(magicV1) + 1 + 8 + 8 + cvLen + 1 + 1 + BlockSize + 1
)

var errKeyedMarshal = errors.New("hashkit/blake3: keyed and key-derivation states cannot be marshalled")

// MarshalBinary returns the state of an unkeyed Hasher (see [New]); for a
// keyed or key-derivation Hasher it returns an error. The state holds the
// input not yet hashed: up to 16 KiB.
func (h *Hasher) MarshalBinary() ([]byte, error) {
	return h.AppendBinary(make([]byte, 0, marshaledFixed+h.bufLen+h.stack.n*cvLen))
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
	b = binary.BigEndian.AppendUint64(b, h.counter)
	cv := &iv
	if h.headBlocks > 0 {
		cv = &h.headCV
	}
	for _, w := range cv {
		b = binary.LittleEndian.AppendUint32(b, w)
	}
	b = append(b, byte(h.headBlocks))
	b = binary.BigEndian.AppendUint16(b, uint16(h.bufLen))
	b = append(b, h.buffer()[:h.bufLen]...)
	s := h.canonicalStack()
	b = append(b, byte(s.n))
	for i := range s.n {
		b = append(b, s.cvs[i][:]...)
	}
	return b, nil
}

// UnmarshalBinary restores a state from MarshalBinary (of this version or
// of version 1) into an unkeyed Hasher. It returns an error, leaving h
// unchanged, if b is not such a state or if h is keyed.
func (h *Hasher) UnmarshalBinary(b []byte) error {
	if h.flags != 0 {
		return errKeyedMarshal
	}
	v1 := len(b) >= marshaledV1 && string(b[:len(magicV1)]) == magicV1
	if !v1 && (len(b) < marshaledFixed || string(b[:len(magic)]) != magic) {
		return errors.New("hashkit/blake3: invalid hash state identifier or size")
	}
	p := b[len(magic):]
	squeezing := p[0]
	pos := binary.BigEndian.Uint64(p[1:])
	counter := binary.BigEndian.Uint64(p[9:])
	p = p[17:]
	var cv [8]uint32
	loadCV(&cv, (*[cvLen]byte)(p))
	blocks := int(p[cvLen])
	p = p[cvLen+1:]
	var buf []byte
	var bufLen int
	if v1 {
		bufLen = int(p[0])
		buf = p[1 : 1+BlockSize]
		p = p[1+BlockSize:]
		if bufLen > BlockSize {
			return errors.New("hashkit/blake3: invalid chunk state")
		}
		for _, x := range buf[bufLen:] {
			if x != 0 {
				return errors.New("hashkit/blake3: invalid block padding")
			}
		}
	} else {
		bufLen = int(binary.BigEndian.Uint16(p))
		p = p[2:]
		if bufLen > bufCap-blocks*BlockSize || len(p) < bufLen+1 {
			return errors.New("hashkit/blake3: invalid buffer length")
		}
		buf, p = p[:bufLen], p[bufLen:]
	}
	stackLen := int(p[0])
	p = p[1:]
	// The stack lengths Write can leave (see cvStack and cvStack.absorb).
	minStack, maxStack := bits.OnesCount64(counter), bits.OnesCount64(counter)
	if blocks == 0 && bufLen == 0 && counter > 0 {
		// After a whole subtree of 2^k chunks, k >= 1, whose size divides
		// counter: one more chaining value, plus one for each halving of
		// counter's lowest 1 bit down to 2^k.
		low := bits.TrailingZeros64(counter)
		minStack, maxStack = minStack+1, minStack+low
	}
	switch {
	case squeezing > 2 || squeezing != 1 && pos != 0:
		return errors.New("hashkit/blake3: invalid output position")
	case counter >= 1<<54:
		return errors.New("hashkit/blake3: invalid chunk counter")
	case blocks >= chunkLen/BlockSize:
		return errors.New("hashkit/blake3: invalid chunk state")
	case blocks > 0 && bufLen == 0:
		// Write always leaves at least one byte in the buffer once a
		// block has been compressed.
		return errors.New("hashkit/blake3: invalid chunk state")
	case stackLen < minStack || stackLen > maxStack:
		return errors.New("hashkit/blake3: invalid stack length")
	case blocks == 0 && cv != iv:
		return errors.New("hashkit/blake3: invalid chaining value")
	case len(p) != stackLen*cvLen:
		return errors.New("hashkit/blake3: invalid hash state size")
	}
	h.counter = counter
	h.headCV, h.headBlocks = cv, blocks
	h.bufLen = 0
	h.bufLen = copy(h.reserve(bufLen), buf[:bufLen])
	for i := range stackLen {
		h.stack.cvs[i] = [cvLen]byte(p[i*cvLen:])
	}
	h.stack.n = stackLen
	if h.big != nil {
		h.big.pend.clear()
	}
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
