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
	s, err := parseState(b)
	if err != nil {
		return err
	}
	if err := s.check(); err != nil {
		return err
	}
	h.restore(&s)
	return nil
}

// marshaledState holds the fields of a marshalled state as parseState
// reads them.
type marshaledState struct {
	squeezing    byte
	pos, counter uint64
	cv           [8]uint32
	blocks       int
	buf          []byte // the buffered input
	stackLen     int
	stack        []byte // what follows stackLen: the stack if the size is right
}

// parseState reads the fields of a marshalled state of either version,
// checking those of the buffer on the way; check checks the others.
func parseState(b []byte) (marshaledState, error) {
	var s marshaledState
	v1 := len(b) >= marshaledV1 && string(b[:len(magicV1)]) == magicV1
	if !v1 && (len(b) < marshaledFixed || string(b[:len(magic)]) != magic) {
		return s, errors.New("hashkit/blake3: invalid hash state identifier or size")
	}
	p := b[len(magic):]
	s.squeezing = p[0]
	s.pos = binary.BigEndian.Uint64(p[1:])
	s.counter = binary.BigEndian.Uint64(p[9:])
	p = p[17:]
	loadCV(&s.cv, (*[cvLen]byte)(p))
	s.blocks = int(p[cvLen])
	p = p[cvLen+1:]
	var err error
	if v1 {
		s.buf, p, err = parseBufferV1(p)
	} else {
		s.buf, p, err = parseBuffer(p, s.blocks)
	}
	if err != nil {
		return s, err
	}
	s.stackLen = int(p[0])
	s.stack = p[1:]
	return s, nil
}

// parseBufferV1 returns version 1's buffered bytes (a length byte, then a
// zero-padded block) and what follows them.
func parseBufferV1(p []byte) (buf, rest []byte, err error) {
	bufLen := int(p[0])
	buf = p[1 : 1+BlockSize]
	if bufLen > BlockSize {
		return nil, nil, errors.New("hashkit/blake3: invalid chunk state")
	}
	for _, x := range buf[bufLen:] {
		if x != 0 {
			return nil, nil, errors.New("hashkit/blake3: invalid block padding")
		}
	}
	return buf[:bufLen], p[1+BlockSize:], nil
}

// parseBuffer returns the buffered bytes (a 2-byte length, then the bytes)
// after blocks compressed blocks, and what follows them, at least the
// stack length byte.
func parseBuffer(p []byte, blocks int) (buf, rest []byte, err error) {
	bufLen := int(binary.BigEndian.Uint16(p))
	p = p[2:]
	if bufLen > bufCap-blocks*BlockSize || len(p) < bufLen+1 {
		return nil, nil, errors.New("hashkit/blake3: invalid buffer length")
	}
	return p[:bufLen], p[bufLen:], nil
}

// check returns an error if the fields are not a state that Write, Read
// and Seek can leave.
func (s *marshaledState) check() error {
	minStack, maxStack := stackBounds(s.counter, s.blocks == 0 && len(s.buf) == 0)
	switch {
	case s.squeezing > 2 || s.squeezing != 1 && s.pos != 0:
		return errors.New("hashkit/blake3: invalid output position")
	case s.counter >= 1<<54:
		return errors.New("hashkit/blake3: invalid chunk counter")
	case s.blocks >= chunkLen/BlockSize:
		return errors.New("hashkit/blake3: invalid chunk state")
	case s.blocks > 0 && len(s.buf) == 0:
		// Write always leaves at least one byte in the buffer once a
		// block has been compressed.
		return errors.New("hashkit/blake3: invalid chunk state")
	case s.stackLen < minStack || s.stackLen > maxStack:
		return errors.New("hashkit/blake3: invalid stack length")
	case s.blocks == 0 && s.cv != iv:
		return errors.New("hashkit/blake3: invalid chaining value")
	case len(s.stack) != s.stackLen*cvLen:
		return errors.New("hashkit/blake3: invalid hash state size")
	}
	return nil
}

// stackBounds returns the stack lengths Write can leave before chunk
// counter (see cvStack and cvStack.absorb), empty if nothing is buffered.
func stackBounds(counter uint64, empty bool) (lo, hi int) {
	lo = bits.OnesCount64(counter)
	if empty && counter > 0 {
		// After a whole subtree of 2^k chunks, k >= 1, whose size divides
		// counter: one more chaining value, plus one for each halving of
		// counter's lowest 1 bit down to 2^k.
		return lo + 1, lo + bits.TrailingZeros64(counter)
	}
	return lo, lo
}

// restore sets h to the checked state s, a state of New, so with the IV
// even if h is a zero Hasher.
func (h *Hasher) restore(s *marshaledState) {
	h.key = iv
	h.counter = s.counter
	h.headCV, h.headBlocks = s.cv, s.blocks
	h.bufLen = 0
	h.bufLen = copy(h.reserve(len(s.buf)), s.buf)
	for i := range s.stackLen {
		h.stack.cvs[i] = [cvLen]byte(s.stack[i*cvLen:])
	}
	h.stack.n = s.stackLen
	if h.big != nil {
		h.big.pend.clear()
	}
	h.squeezing = s.squeezing != 0
	if h.squeezing {
		h.out = OutputReader{root: h.rootNode(), pos: s.pos, end: s.squeezing == 2}
		if s.pos%BlockSize != 0 {
			h.out.root.rootBlock(&h.out.buf, s.pos/BlockSize)
		}
	}
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}
