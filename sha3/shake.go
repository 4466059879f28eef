package sha3

import (
	"hash"

	"github.com/hashkit/hashkit/internal/keccak"
)

// SHAKE is a SHAKE or cSHAKE extendable-output function (FIPS 202 section
// 6.2, SP 800-185 section 3). It implements hash.XOF, Clone,
// encoding.BinaryMarshaler, encoding.BinaryAppender and
// encoding.BinaryUnmarshaler. The zero value is a usable SHAKE256 XOF, as
// crypto/sha3's is.
type SHAKE struct {
	s    keccak.Sponge
	init [25]uint64 // state after the cSHAKE prefix (all zero for SHAKE): what Reset returns to
	std  stdSHAKE   // crypto/sha3's state on its path (stdlib.go); no room elsewhere
	// lib: std holds the state and s only the rate (plain SHAKE made while
	// the standard library's path is selected); read: Read was called on
	// std, which crypto/sha3 does not tell.
	lib, read bool
	kind      uint8
}

var _ hash.XOF = (*SHAKE)(nil)

func rateOf(kind uint8) int {
	if kind == kindSHAKE128 || kind == kindCSHAKE128 {
		return keccak.Rate128
	}
	return keccak.Rate256
}

// NewSHAKE128 returns a new SHAKE128 XOF (security 128 bits against all
// attacks when reading at least 32 bytes).
func NewSHAKE128() *SHAKE { return newCSHAKE(kindSHAKE128, nil, nil) }

// NewSHAKE256 returns a new SHAKE256 XOF (security 256 bits when reading at
// least 64 bytes).
func NewSHAKE256() *SHAKE { return newCSHAKE(kindSHAKE256, nil, nil) }

// NewCSHAKE128 returns a new cSHAKE128 XOF (SP 800-185 section 3) with the
// function-name string N (reserved for functions defined by NIST; use nil)
// and the customization string S. With N and S both empty it is SHAKE128.
func NewCSHAKE128(N, S []byte) *SHAKE { return newCSHAKE(kindCSHAKE128, N, S) }

// NewCSHAKE256 returns a new cSHAKE256 XOF; see NewCSHAKE128.
func NewCSHAKE256(N, S []byte) *SHAKE { return newCSHAKE(kindCSHAKE256, N, S) }

// ready makes the zero value SHAKE256; every method calls it first, as
// crypto/sha3 does.
func (x *SHAKE) ready() {
	if x.kind == 0 {
		x.initCSHAKE(kindSHAKE256, nil, nil)
	}
}

func newCSHAKE(kind uint8, N, S []byte) *SHAKE {
	x := new(SHAKE)
	x.initCSHAKE(kind, N, S)
	return x
}

// initCSHAKE sets x to cSHAKE with N and S, absorbing
// bytepad(encode_string(N) || encode_string(S), rate) (SP 800-185 section
// 3.3), or to plain SHAKE if both are empty.
func (x *SHAKE) initCSHAKE(kind uint8, N, S []byte) {
	x.kind = kind
	rate := rateOf(kind)
	if len(N) == 0 && len(S) == 0 {
		if kind == kindCSHAKE128 {
			x.kind = kindSHAKE128
		} else if kind == kindCSHAKE256 {
			x.kind = kindSHAKE256
		}
		x.s.Init(rate, keccak.MaxRounds, keccak.DomainSHAKE)
		x.init = [25]uint64{}
		x.setPath()
		return
	}
	x.lib, x.read = false, false
	x.s.Init(rate, keccak.MaxRounds, keccak.DomainCSHAKE)
	bytepad(&x.s, N, S)
	x.init = *x.s.Lanes()
}

// setPath puts a fresh plain SHAKE on the standard library's path if that
// is selected.
func (x *SHAKE) setPath() {
	x.lib, x.read = stdlibKernel != 0, false
	if stdlibKernel != 0 {
		x.std = newStdSHAKE(x.kind)
	}
}

// squeezing reports whether Read has been called.
func (x *SHAKE) squeezing() bool {
	if stdlibKernel != 0 && x.lib {
		return x.read
	}
	return x.s.Squeezing()
}

// bytepad absorbs bytepad(encode_string(strs[0]) || encode_string(strs[1])
// || ..., rate) into s, which must be at a block boundary (SP 800-185
// sections 2.3.2 and 2.3.3).
func bytepad(s *keccak.Sponge, strs ...[]byte) {
	var buf [9]byte
	n := 0
	absorb := func(p []byte) { s.Absorb(p); n += len(p) }
	absorb(leftEncode(&buf, uint64(s.Rate())))
	for _, x := range strs {
		absorb(leftEncode(&buf, uint64(len(x))*8))
		absorb(x)
	}
	if r := n % s.Rate(); r != 0 {
		var zero [keccak.StateSize]byte
		s.Absorb(zero[:s.Rate()-r])
	}
}

// leftEncode returns left_encode(v) (SP 800-185 section 2.3.1): the number
// of bytes of v's big-endian encoding (at least one), then that encoding.
func leftEncode(buf *[9]byte, v uint64) []byte {
	n := 1
	for v>>(8*n) != 0 && n < 8 {
		n++
	}
	buf[0] = byte(n)
	for i := range n {
		buf[1+i] = byte(v >> (8 * (n - 1 - i)))
	}
	return buf[:1+n]
}

// rightEncode returns right_encode(v): the big-endian encoding of v (at
// least one byte), then its length.
func rightEncode(buf *[9]byte, v uint64) []byte {
	n := 1
	for v>>(8*n) != 0 && n < 8 {
		n++
	}
	for i := range n {
		buf[i] = byte(v >> (8 * (n - 1 - i)))
	}
	buf[n] = byte(n)
	return buf[:n+1]
}

// Write absorbs more data. It never returns an error. It panics if called
// after Read (hash.XOF: reading ends writing), until Reset.
func (x *SHAKE) Write(p []byte) (int, error) {
	x.ready()
	if x.squeezing() {
		panic("hashkit/sha3: Write after Read")
	}
	if stdlibKernel != 0 && x.lib {
		writeStdSHAKE(&x.std, p, x.s.Rate())
		return len(p), nil
	}
	x.s.Absorb(p)
	return len(p), nil
}

// Read fills p with the next len(p) bytes of output. It never returns an
// error.
func (x *SHAKE) Read(p []byte) (int, error) {
	x.ready()
	if stdlibKernel != 0 && x.lib {
		x.read = true
		readStdSHAKE(&x.std, p, x.s.Rate())
		return len(p), nil
	}
	x.s.Squeeze(p)
	return len(p), nil
}

// Reset returns to the initial state, with the same N and S.
func (x *SHAKE) Reset() {
	x.ready()
	if stdlibKernel != 0 && x.lib {
		x.std.Reset()
		x.read = false
		return
	}
	x.s.Reset()
	*x.s.Lanes() = x.init
}

// BlockSize returns the rate in bytes: 168 for SHAKE128 and cSHAKE128, 136
// for SHAKE256 and cSHAKE256.
func (x *SHAKE) BlockSize() int { x.ready(); return x.s.Rate() }

// Clone returns an independent copy, which continues writing or reading
// where x is.
func (x *SHAKE) Clone() *SHAKE {
	x.ready()
	c := *x
	return &c
}

// MarshalBinary encodes the state (406 bytes: a 4-byte magic naming the
// algorithm, the sponge state with position and reading flag, and the
// initial state Reset returns to, which holds cSHAKE's N and S). The format
// is stable across versions.
func (x *SHAKE) MarshalBinary() ([]byte, error) {
	return x.AppendBinary(make([]byte, 0, shakeMarshaledSize))
}

const shakeMarshaledSize = 4 + keccak.MarshaledSize + keccak.StateSize

// AppendBinary appends the encoding of MarshalBinary to b.
func (x *SHAKE) AppendBinary(b []byte) ([]byte, error) {
	x.ready()
	return appendCSHAKE(header(b, x.kind), x), nil
}

// UnmarshalBinary restores a state written by MarshalBinary. The rate
// must match: a SHAKE128 or cSHAKE128 state goes into a SHAKE128 or
// cSHAKE128 receiver, and so on for 256, and the receiver becomes what the
// state was, since the state carries cSHAKE's N and S. It returns an error
// for anything else and then leaves x unchanged.
func (x *SHAKE) UnmarshalBinary(b []byte) error {
	x.ready()
	if len(b) != shakeMarshaledSize || string(b[:3]) != magic || rateOf(b[3]) != x.s.Rate() {
		return errMarshal
	}
	kind := b[3]
	if kind < kindSHAKE128 || kind > kindCSHAKE256 {
		return errMarshal
	}
	var y SHAKE
	ds := byte(keccak.DomainSHAKE)
	if kind >= kindCSHAKE128 {
		ds = keccak.DomainCSHAKE
	}
	y.s.Init(rateOf(kind), keccak.MaxRounds, ds)
	y.kind = kind
	if err := readCSHAKE(&y, b[4:]); err != nil {
		return errMarshal
	}
	if kind < kindCSHAKE128 && y.init != [25]uint64{} {
		return errMarshal // SHAKE starts from the zero state
	}
	if stdlibKernel != 0 && kind < kindCSHAKE128 {
		// A plain SHAKE state goes onto the path a new SHAKE would take.
		y.setPath()
		var buf [stdMarshaledSize]byte
		if y.std.UnmarshalBinary(toStd(&buf, stdMagicSHAKE, y.s.Rate(), b[4:4+keccak.MarshaledSize])) != nil {
			return errMarshal
		}
		y.read = y.s.Squeezing()
	}
	*x = y
	return nil
}

// SumSHAKE128 returns length bytes of SHAKE128 output of data. It panics if
// length is negative, like make.
func SumSHAKE128(data []byte, length int) []byte {
	// The allocation is outlined so that short outputs of an inlined call
	// can stay on the caller's stack.
	out := make([]byte, length)
	sumSHAKE(out, data, keccak.Rate128)
	return out
}

// SumSHAKE256 returns length bytes of SHAKE256 output of data. It panics if
// length is negative, like make.
func SumSHAKE256(data []byte, length int) []byte {
	out := make([]byte, length)
	sumSHAKE(out, data, keccak.Rate256)
	return out
}

func sumSHAKE(out, data []byte, rate int) {
	if stdlibKernel != 0 {
		sumSHAKEStd(out, data, rate)
		return
	}
	var s keccak.Sponge
	s.Init(rate, keccak.MaxRounds, keccak.DomainSHAKE)
	s.Absorb(data)
	s.Squeeze(out)
}
