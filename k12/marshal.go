package k12

import (
	"encoding/binary"
	"errors"

	"github.com/hashkit/hashkit/internal/keccak"
)

// Marshalled states. Both start with a 4-byte magic naming the function.
//
// TurboSHAKE: magic, D, then the sponge (keccak.MarshaledSize bytes: lanes,
// position, squeezing flag).
//
// KT: magic, the number of bytes of S absorbed (8 bytes, big-endian), a
// flag that is 1 once reading has begun, the final node's sponge, the
// length of the buffered bytes (4 bytes) and those bytes, the length of the
// customization (8 bytes) and the customization itself. Everything else
// (the tree's shape, whether the marker was written, the number of hashed
// chunks, the domain byte of the final node) follows from the byte counts,
// and the final sponge's position is checked against them.
//
// The formats are a compatibility promise: golden states are kept in the
// tests.
const (
	magicTurboSHAKE128 = "k12\x01"
	magicTurboSHAKE256 = "k12\x02"
	magicKT128         = "k12\x03"
	magicKT256         = "k12\x04"
	magicM14           = "k12\x05"

	turboSHAKEMarshaledSize = 4 + 1 + keccak.MarshaledSize
	ktFixedSize             = 4 + 8 + 1 + keccak.MarshaledSize + 4 + 8
)

var (
	errState = errors.New("hashkit/k12: invalid hash state")
	errZero  = errors.New("hashkit/k12: UnmarshalBinary into a zero value; make it with its New function")

	errZeroMarshal = errors.New("hashkit/k12: MarshalBinary of a zero value; make it with its New function")
)

func (t *TurboSHAKE) magic() string {
	if t.s.Rate() == BlockSize128 {
		return magicTurboSHAKE128
	}
	return magicTurboSHAKE256
}

// MarshalBinary returns the state of t, to be restored by UnmarshalBinary.
func (t *TurboSHAKE) MarshalBinary() ([]byte, error) {
	return t.AppendBinary(make([]byte, 0, turboSHAKEMarshaledSize))
}

// AppendBinary appends the state of t to b. It returns an error for the
// zero TurboSHAKE, which is no function.
func (t *TurboSHAKE) AppendBinary(b []byte) ([]byte, error) {
	if t.s.Rate() == 0 {
		return b, errZeroMarshal
	}
	b = append(b, t.magic()...)
	b = append(b, t.s.Domain())
	return t.s.AppendBinary(b), nil
}

// UnmarshalBinary restores a state written by MarshalBinary of the same
// function (TurboSHAKE128 or TurboSHAKE256), domain byte included. It
// returns an error, leaving t unchanged, for any other input, and on the
// zero TurboSHAKE, which is no function.
func (t *TurboSHAKE) UnmarshalBinary(b []byte) error {
	// The zero value's rate of 0 would pick the TurboSHAKE256 magic and
	// then make Init panic with an internal message.
	if t.s.Rate() == 0 {
		return errZero
	}
	if len(b) != turboSHAKEMarshaledSize || string(b[:4]) != t.magic() || !validDomain(b[4]) {
		return errState
	}
	var s keccak.Sponge
	s.Init(t.s.Rate(), rounds, b[4])
	if err := s.UnmarshalBinary(b[5:]); err != nil {
		return errState
	}
	t.s = s
	return nil
}

func (d *KT) magic() string {
	switch {
	case d.final.Rate() == BlockSize128:
		return magicKT128
	case d.final.Rounds() == roundsM14:
		return magicM14
	}
	return magicKT256
}

// MarshalBinary returns the state of d, customization included, to be
// restored by UnmarshalBinary.
func (d *KT) MarshalBinary() ([]byte, error) {
	return d.AppendBinary(make([]byte, 0, ktFixedSize+len(d.buf)+len(d.custom)))
}

// AppendBinary appends the state of d to b. It returns an error for the
// zero KT, which is no function.
func (d *KT) AppendBinary(b []byte) ([]byte, error) {
	if d.final.Rate() == 0 {
		return b, errZeroMarshal
	}
	b = append(b, d.magic()...)
	b = binary.BigEndian.AppendUint64(b, d.n)
	if d.done {
		b = append(b, 1)
	} else {
		b = append(b, 0)
	}
	b = d.final.AppendBinary(b)
	b = binary.BigEndian.AppendUint32(b, uint32(len(d.buf)))
	b = append(b, d.buf...)
	b = binary.BigEndian.AppendUint64(b, uint64(len(d.custom)))
	return append(b, d.custom...), nil
}

// UnmarshalBinary restores a state written by MarshalBinary of the same
// function (KT128, KT256 or MarsupilamiFourteen), replacing d's customization by the one in the
// state. It returns an error, leaving d unchanged, for any other input, for
// states that could not have been reached, and on the zero KT.
func (d *KT) UnmarshalBinary(b []byte) error {
	// The zero value's rate of 0 would pick the KT256 magic and then
	// divide by zero in the position check below.
	if d.final.Rate() == 0 {
		return errZero
	}
	if len(b) < ktFixedSize || string(b[:4]) != d.magic() {
		return errState
	}
	n := binary.BigEndian.Uint64(b[4:])
	done := b[12]
	finalState := b[13 : 13+keccak.MarshaledSize]
	rest := b[13+keccak.MarshaledSize:]
	bufLen := uint64(binary.BigEndian.Uint32(rest))
	if bufLen >= bufSize || uint64(len(rest)) < 4+bufLen+8 {
		return errState
	}
	buf := rest[4 : 4+bufLen]
	rest = rest[4+bufLen:]
	cLen := binary.BigEndian.Uint64(rest)
	if done > 1 || cLen != uint64(len(rest)-8) || n >= 1<<62 {
		return errState
	}
	// The buffer starts at a chunk boundary after S_0 and is empty once
	// reading. The final node holds S_0 (up to 8192 bytes), then the marker
	// and one chaining value per hashed chunk.
	if bufLen > 0 && (done == 1 || n < chunkSize+bufLen) {
		return errState
	}
	if done == 0 && n > chunkSize && (n-chunkSize-bufLen)%chunkSize != 0 {
		return errState
	}
	rate, cvLen := d.final.Rate(), int(d.cvLen)
	finalPos := n
	if n > chunkSize {
		finalPos = chunkSize + 8 + (n-chunkSize-bufLen)/chunkSize*uint64(cvLen)
	}
	pos, squeezing := finalState[keccak.StateSize], finalState[keccak.StateSize+1]
	if squeezing != done || (done == 0 && uint64(pos) != finalPos%uint64(rate)) {
		return errState
	}
	var c KT
	c.init(rate, cvLen, d.final.Rounds(), nil)
	if done == 1 && n > chunkSize {
		c.final.SetDomain(dsFinal)
	}
	if c.final.UnmarshalBinary(finalState) != nil {
		return errState
	}
	c.n = n
	c.done = done == 1
	if bufLen > 0 {
		c.buf = append(make([]byte, 0, bufSize), buf...)
	}
	if cLen > 0 {
		c.custom = append([]byte(nil), rest[8:]...)
	}
	if d.buf != nil && c.buf == nil {
		c.buf = d.buf[:0] // keep the receiver's buffer for later writes
	}
	*d = c
	return nil
}
