package sha3

import (
	"bytes"
	"encoding/binary"
	"errors"

	"github.com/hashkit/hashkit/internal/keccak"
)

// Binary marshalling of the SP 800-185 hashes that have no key (TupleHash,
// ParallelHash and their XOFs). KMAC, being keyed, does not marshal. Every
// format starts with the 4-byte magic "hk3" and a kind byte, has a fixed
// size, and is checked field by field on input.

const (
	kindTupleHash128 = 16 + iota
	kindTupleHash256
	kindTupleHashXOF128
	kindTupleHashXOF256
	kindParallelHash128
	kindParallelHash256
	kindParallelHashXOF128
	kindParallelHashXOF256
)

// appendCSHAKE appends x's sponge and initial lanes (which carry N and S).
func appendCSHAKE(b []byte, x *SHAKE) []byte {
	if stdlibKernel != 0 && x.lib {
		var buf [stdMarshaledSize]byte
		st, _ := x.std.AppendBinary(buf[:0]) // plain SHAKE: no prefix after the sponge
		b = appendFromStd(b, st)
	} else {
		b = x.s.AppendBinary(b)
	}
	for _, l := range x.init {
		b = binary.LittleEndian.AppendUint64(b, l)
	}
	return b
}

const cshakeStateSize = keccak.MarshaledSize + keccak.StateSize

// readCSHAKE restores x (already initialised with the right rate and domain)
// from b, which holds cshakeStateSize bytes. A cSHAKE's initial lanes,
// which Reset returns to, are a permutation's output (its N or S is not
// empty, and the prefix fills a block): all zero only in a forged state or
// one that a zero value wrote, which is refused.
func readCSHAKE(x *SHAKE, b []byte) error {
	if x.kind >= kindCSHAKE128 && allZero(b[keccak.MarshaledSize:cshakeStateSize]) {
		return errMarshal
	}
	s := x.s
	if err := s.UnmarshalBinary(b[:keccak.MarshaledSize]); err != nil {
		return err
	}
	x.s = s
	for i := range x.init {
		x.init[i] = binary.LittleEndian.Uint64(b[keccak.MarshaledSize+8*i:])
	}
	return nil
}

// errZeroMarshal is the error of marshalling a zero value, which has no
// customization string or variant to record.
var errZeroMarshal = errors.New("hashkit/sha3: zero value: make it with its New function before marshalling it")

func header(b []byte, kind uint8) []byte { return append(append(b, magic...), kind) }

func checkHeader(b []byte, kind uint8, size int) bool {
	return len(b) == size && string(b[:3]) == magic && b[3] == kind
}

// ---- TupleHash ----

const tupleStateSize = 4 + cshakeStateSize + 8

func (t *TupleHash) kind() uint8 {
	if t.x.s.Rate() == keccak.Rate128 {
		return kindTupleHash128
	}
	return kindTupleHash256
}

// MarshalBinary encodes the state, with the customization string and the
// output length; the format is stable across versions.
func (t *TupleHash) MarshalBinary() ([]byte, error) {
	return t.AppendBinary(make([]byte, 0, tupleStateSize))
}

// AppendBinary appends the encoding of MarshalBinary to b.
func (t *TupleHash) AppendBinary(b []byte) ([]byte, error) {
	if !made(&t.x) {
		return b, errZeroMarshal
	}
	b = appendCSHAKE(header(b, t.kind()), &t.x)
	return binary.BigEndian.AppendUint64(b, uint64(t.outLen)), nil
}

// UnmarshalBinary restores a state written by MarshalBinary of a TupleHash
// of the same variant and output length. It returns an error otherwise and
// then leaves t unchanged.
func (t *TupleHash) UnmarshalBinary(b []byte) error {
	if !checkHeader(b, t.kind(), tupleStateSize) || binary.BigEndian.Uint64(b[4+cshakeStateSize:]) != uint64(t.outLen) {
		return errMarshal
	}
	x := t.x
	if err := readCSHAKE(&x, b[4:]); err != nil || x.s.Squeezing() {
		return errMarshal
	}
	t.x = x
	return nil
}

func (t *TupleHashXOF) kind() uint8 {
	if t.x.s.Rate() == keccak.Rate128 {
		return kindTupleHashXOF128
	}
	return kindTupleHashXOF256
}

// MarshalBinary encodes the state, also after Read.
func (t *TupleHashXOF) MarshalBinary() ([]byte, error) {
	return t.AppendBinary(make([]byte, 0, tupleStateSize))
}

// AppendBinary appends the encoding of MarshalBinary to b.
func (t *TupleHashXOF) AppendBinary(b []byte) ([]byte, error) {
	if !made(&t.x) {
		return b, errZeroMarshal
	}
	b = appendCSHAKE(header(b, t.kind()), &t.x)
	return binary.BigEndian.AppendUint64(b, 0), nil
}

// UnmarshalBinary restores a state written by MarshalBinary of a
// TupleHashXOF of the same variant.
func (t *TupleHashXOF) UnmarshalBinary(b []byte) error {
	if !checkHeader(b, t.kind(), tupleStateSize) || binary.BigEndian.Uint64(b[4+cshakeStateSize:]) != 0 {
		return errMarshal
	}
	x := t.x
	if err := readCSHAKE(&x, b[4:]); err != nil {
		return errMarshal
	}
	t.x = x
	return nil
}

// ---- ParallelHash ----

const parallelStateSize = 4 + cshakeStateSize + keccak.MarshaledSize + 4*8

func (p *phCore) appendBinary(b []byte, kind uint8, outLen int) []byte {
	b = appendCSHAKE(header(b, kind), &p.outer)
	b = p.leaf.AppendBinary(b)
	b = binary.BigEndian.AppendUint64(b, uint64(p.leafN))
	b = binary.BigEndian.AppendUint64(b, p.blocks)
	b = binary.BigEndian.AppendUint64(b, uint64(p.b))
	return binary.BigEndian.AppendUint64(b, uint64(outLen))
}

// unmarshal restores p from b if it is a state of the given kind, block size
// and output length; xof allows a squeezing outer sponge. It refuses every
// state that appendBinary cannot write, as far as that can be told without
// inverting the permutation:
//
//   - the leaf holds leafN < B bytes, leafN mod rate of them in its current
//     block, and is never squeezing; while leafN < rate the leaf has not been
//     permuted, so its lanes past byte leafN are zero (all of them at a leaf
//     boundary);
//   - while absorbing, the outer sponge has taken left_encode(B) and the
//     chaining values of the blocks leaves completed, so its position is
//     their length modulo the rate; while they fill less than a block it has
//     not been permuted since the prefix, so it is the initial state with
//     left_encode(B) XORed in, then the chaining values, then nothing.
//
// A sponge that has been permuted can hold any lanes, so only its position
// is checked.
func (p *phCore) unmarshal(b []byte, kind uint8, outLen int, xof bool) error {
	if !checkHeader(b, kind, parallelStateSize) {
		return errMarshal
	}
	q := *p
	b = b[4:]
	outer, init := b[:keccak.StateSize], b[keccak.MarshaledSize:cshakeStateSize]
	if err := readCSHAKE(&q.outer, b); err != nil || (q.outer.s.Squeezing() && !xof) {
		return errMarshal
	}
	b = b[cshakeStateSize:]
	leaf := b[:keccak.StateSize]
	if err := q.leaf.UnmarshalBinary(b[:keccak.MarshaledSize]); err != nil || q.leaf.Squeezing() {
		return errMarshal
	}
	b = b[keccak.MarshaledSize:]
	leafN, blocks := binary.BigEndian.Uint64(b), binary.BigEndian.Uint64(b[8:])
	bs, ol := binary.BigEndian.Uint64(b[16:]), binary.BigEndian.Uint64(b[24:])
	rate := uint64(q.leaf.Rate())
	if bs != uint64(p.b) || ol != uint64(outLen) || leafN >= bs || leafN%rate != uint64(q.leaf.Pos()) {
		return errMarshal
	}
	if leafN < rate && !allZero(leaf[leafN:]) {
		return errMarshal
	}
	if !q.outer.s.Squeezing() {
		var buf [9]byte
		enc := leftEncode(&buf, bs)
		// blocks*cvLen mod rate without overflow.
		if uint64(q.outer.s.Pos()) != (uint64(len(enc))+blocks%rate*uint64(p.cvLen))%rate {
			return errMarshal
		}
		if n := uint64(len(enc)) + min(blocks, rate)*uint64(p.cvLen); n < rate {
			for i, c := range enc {
				if outer[i] != init[i]^c {
					return errMarshal
				}
			}
			if !bytes.Equal(outer[n:], init[n:]) {
				return errMarshal
			}
		}
	}
	q.leafN, q.blocks = int(leafN), blocks
	q.cvs = p.cvs
	*p = q
	return nil
}

// allZero reports whether every byte of b is zero.
func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

func (h *ParallelHash) kind() uint8 {
	if h.phCore.outer.s.Rate() == keccak.Rate128 {
		return kindParallelHash128
	}
	return kindParallelHash256
}

// MarshalBinary encodes the state (with the customization string, block size
// and output length); the format is stable across versions.
func (h *ParallelHash) MarshalBinary() ([]byte, error) {
	return h.AppendBinary(make([]byte, 0, parallelStateSize))
}

// AppendBinary appends the encoding of MarshalBinary to b.
func (h *ParallelHash) AppendBinary(b []byte) ([]byte, error) {
	if !made(&h.outer) {
		return b, errZeroMarshal
	}
	return h.phCore.appendBinary(b, h.kind(), h.outLen), nil
}

// UnmarshalBinary restores a state written by MarshalBinary of a
// ParallelHash of the same variant, block size and output length. It returns
// an error otherwise and then leaves h unchanged.
func (h *ParallelHash) UnmarshalBinary(b []byte) error {
	return h.phCore.unmarshal(b, h.kind(), h.outLen, false)
}

func (h *ParallelHashXOF) kind() uint8 {
	if h.phCore.outer.s.Rate() == keccak.Rate128 {
		return kindParallelHashXOF128
	}
	return kindParallelHashXOF256
}

// MarshalBinary encodes the state, also after Read.
func (h *ParallelHashXOF) MarshalBinary() ([]byte, error) {
	return h.AppendBinary(make([]byte, 0, parallelStateSize))
}

// AppendBinary appends the encoding of MarshalBinary to b.
func (h *ParallelHashXOF) AppendBinary(b []byte) ([]byte, error) {
	if !made(&h.outer) {
		return b, errZeroMarshal
	}
	return h.phCore.appendBinary(b, h.kind(), 0), nil
}

// UnmarshalBinary restores a state written by MarshalBinary of a
// ParallelHashXOF of the same variant and block size.
func (h *ParallelHashXOF) UnmarshalBinary(b []byte) error {
	return h.phCore.unmarshal(b, h.kind(), 0, true)
}
