package sha3

import (
	"crypto/subtle"
	"errors"
	"hash"
	"slices"

	"github.com/hashkit/hashkit/internal/keccak"
)

// The functions of NIST SP 800-185: KMAC (section 4), TupleHash (section 5)
// and ParallelHash (section 6), all built on cSHAKE with a function name N.

var (
	errOutLen    = errors.New("hashkit/sha3: invalid output length")
	errBlockSize = errors.New("hashkit/sha3: invalid ParallelHash block size")
)

// maxOutLen bounds the output lengths of the fixed-length functions, whose
// Sum makes the whole output at once: a length taken from outside (a
// protocol field, a stored parameter) cannot make it ask for more memory
// than this, which would crash the process. Longer outputs are read in
// pieces from the XOF types (SP 800-185 allows up to 2^2040-1 bits).
const maxOutLen = 1 << 30

func checkOutLen(n int) error {
	if n < 0 || n > maxOutLen {
		return errOutLen
	}
	return nil
}

// Equal compares two MACs in constant time (for equal lengths; the lengths
// are not secret) and reports whether they are equal. Use it, not
// bytes.Equal, to check a KMAC tag.
func Equal(mac1, mac2 []byte) bool {
	return subtle.ConstantTimeCompare(mac1, mac2) == 1
}

// finish absorbs right_encode(bits) into a copy of s, which it returns
// ready to squeeze.
func finish(s keccak.Sponge, bits uint64) keccak.Sponge {
	var buf [9]byte
	s.Absorb(rightEncode(&buf, bits))
	return s
}

// appendSqueeze appends n bytes of s's output to b.
func appendSqueeze(b []byte, s *keccak.Sponge, n int) []byte {
	b = slices.Grow(b, n)
	out := b[len(b) : len(b)+n]
	s.Squeeze(out)
	return b[:len(b)+n]
}

// mustBeMade panics unless x was set up by a constructor of the SP 800-185
// function name: each is a cSHAKE with a function name, while the zero
// value has none (nor key nor customization), so its output would belong
// to no function of the standard.
func mustBeMade(x *SHAKE, name string) {
	if !made(x) {
		panic("hashkit/sha3: zero " + name + " value; make it with its New function")
	}
}

// made reports whether x, the cSHAKE of an SP 800-185 hash, was made by
// its New function (the zero value's is not).
func made(x *SHAKE) bool { return x.kind >= kindCSHAKE128 }

// ---- KMAC ----

// KMAC is KMAC128 or KMAC256 with a fixed output length (SP 800-185 section
// 4). It implements hash.Hash and hash.Cloner; being keyed, it does not
// marshal its state. The zero value has no key: Sum and Verify panic on it.
type KMAC struct {
	x      SHAKE // cSHAKE("KMAC", S) after bytepad(encode_string(key))
	outLen int
}

var (
	_ hash.Hash   = (*KMAC)(nil)
	_ hash.Cloner = (*KMAC)(nil)
)

func newKMAC(x *SHAKE, kind uint8, key, S []byte) {
	x.initCSHAKE(kind, []byte("KMAC"), S)
	bytepad(&x.s, key)
	x.init = *x.s.Lanes()
}

// NewKMAC128 returns KMAC128 with the given key, customization string S and
// output length in bytes. The key may have any length; it should have at
// least 16 bytes (128-bit security). The output length is part of the MAC's
// input, so different lengths give unrelated tags. It returns an error if
// outLen is negative or over 1 GiB.
func NewKMAC128(key, S []byte, outLen int) (*KMAC, error) {
	return newKMACFixed(kindCSHAKE128, key, S, outLen)
}

// NewKMAC256 returns KMAC256 (256-bit security with a key of at least 32
// bytes); see NewKMAC128.
func NewKMAC256(key, S []byte, outLen int) (*KMAC, error) {
	return newKMACFixed(kindCSHAKE256, key, S, outLen)
}

func newKMACFixed(kind uint8, key, S []byte, outLen int) (*KMAC, error) {
	if err := checkOutLen(outLen); err != nil {
		return nil, err
	}
	k := &KMAC{outLen: outLen}
	newKMAC(&k.x, kind, key, S)
	return k, nil
}

// Write absorbs more of the message. It never returns an error.
func (k *KMAC) Write(p []byte) (int, error) { return k.x.Write(p) }

// Sum appends the MAC of the message written so far to b, without changing
// the state.
func (k *KMAC) Sum(b []byte) []byte {
	mustBeMade(&k.x, "KMAC")
	s := finish(k.x.s, uint64(k.outLen)*8)
	return appendSqueeze(b, &s, k.outLen)
}

// minTag is the shortest tag Verify accepts: 32 bits, the least output
// length SP 800-185 section 8.4.2 allows for a MAC.
const minTag = 4

// Verify reports, in constant time, whether tag is the MAC of the message
// written so far. A tag shorter than 4 bytes (32 bits, the least SP
// 800-185 section 8.4.2 allows for a MAC) never verifies: with an output
// length of 0 every message would match an empty tag.
func (k *KMAC) Verify(tag []byte) bool {
	mustBeMade(&k.x, "KMAC")
	if len(tag) < minTag || len(tag) != k.outLen {
		return false // the lengths are not secret: no output to compute
	}
	var buf [Size512]byte
	var mac []byte
	if k.outLen <= len(buf) {
		mac = k.Sum(buf[:0])
	} else {
		mac = k.Sum(nil)
	}
	return Equal(mac, tag)
}

// Reset returns to the keyed initial state.
func (k *KMAC) Reset() { k.x.Reset() }

// Size returns the output length given to the constructor.
func (k *KMAC) Size() int { return k.outLen }

// BlockSize returns the rate in bytes (168 for KMAC128, 136 for KMAC256).
func (k *KMAC) BlockSize() int { return k.x.BlockSize() }

// Clone returns an independent copy. The error is always nil.
func (k *KMAC) Clone() (hash.Cloner, error) {
	c := *k
	return &c, nil
}

// KMACXOF is KMACXOF128 or KMACXOF256 (SP 800-185 section 4.3.1): KMAC with
// arbitrary-length output, which does not depend on how much is read. It
// implements hash.XOF. The zero value has no key: Read panics on it.
type KMACXOF struct{ cshakeXOF }

var _ hash.XOF = (*KMACXOF)(nil)

// NewKMACXOF128 returns KMACXOF128 with the given key and customization
// string S; see NewKMAC128.
func NewKMACXOF128(key, S []byte) *KMACXOF {
	k := new(KMACXOF)
	newKMAC(&k.x, kindCSHAKE128, key, S)
	return k
}

// NewKMACXOF256 returns KMACXOF256; see NewKMAC256.
func NewKMACXOF256(key, S []byte) *KMACXOF {
	k := new(KMACXOF)
	newKMAC(&k.x, kindCSHAKE256, key, S)
	return k
}

// Write absorbs more of the message. It panics if called after Read.
func (k *KMACXOF) Write(p []byte) (int, error) { return k.x.Write(p) }

// Clone returns an independent copy.
func (k *KMACXOF) Clone() *KMACXOF {
	c := *k
	return &c
}

// cshakeXOF is the state of KMACXOF and TupleHashXOF, whose message is
// encoded into a cSHAKE that, as an XOF of SP 800-185, ends its input with
// right_encode(0) (sections 4.3.1 and 5.3.1) at the first Read.
type cshakeXOF struct{ x SHAKE }

// Read fills p with the next bytes of output. It never returns an error.
func (c *cshakeXOF) Read(p []byte) (int, error) {
	if !c.x.s.Squeezing() {
		mustBeMade(&c.x, "KMACXOF or TupleHashXOF")
		c.x.s = finish(c.x.s, 0)
	}
	return c.x.Read(p)
}

// Reset returns to the state after construction: the keyed initial state
// of KMACXOF, the empty tuple of TupleHashXOF.
func (c *cshakeXOF) Reset() { c.x.Reset() }

// BlockSize returns the rate in bytes.
func (c *cshakeXOF) BlockSize() int { return c.x.BlockSize() }

// ---- TupleHash ----

// TupleHash is TupleHash128 or TupleHash256 (SP 800-185 section 5) with a
// fixed output length, computed incrementally: each WriteElement call adds
// one string to the tuple. It is deliberately not an io.Writer: splitting a
// write would change the tuple. The tuple ("ab", "c") hashes differently
// from ("a", "bc"). The zero value is not usable: make one with
// NewTupleHash128 or NewTupleHash256.
type TupleHash struct {
	x      SHAKE
	outLen int
}

// NewTupleHash128 returns TupleHash128 with customization string S and the
// output length in bytes (128-bit security). It returns an error if outLen
// is negative or over 1 GiB.
func NewTupleHash128(S []byte, outLen int) (*TupleHash, error) {
	return newTupleHashFixed(kindCSHAKE128, S, outLen)
}

// NewTupleHash256 returns TupleHash256 (256-bit security); see
// NewTupleHash128.
func NewTupleHash256(S []byte, outLen int) (*TupleHash, error) {
	return newTupleHashFixed(kindCSHAKE256, S, outLen)
}

func newTupleHashFixed(kind uint8, S []byte, outLen int) (*TupleHash, error) {
	if err := checkOutLen(outLen); err != nil {
		return nil, err
	}
	t := &TupleHash{outLen: outLen}
	t.x.initCSHAKE(kind, []byte("TupleHash"), S)
	return t, nil
}

// writeElement absorbs encode_string(e).
func writeElement(x *SHAKE, e []byte) {
	if x.s.Squeezing() {
		panic("hashkit/sha3: WriteElement after Read")
	}
	var buf [9]byte
	x.s.Absorb(leftEncode(&buf, uint64(len(e))*8))
	x.s.Absorb(e)
}

// WriteElement adds e as the next element of the tuple.
func (t *TupleHash) WriteElement(e []byte) {
	mustBeMade(&t.x, "TupleHash")
	writeElement(&t.x, e)
}

// Sum appends the hash of the tuple so far to b, without changing the state.
func (t *TupleHash) Sum(b []byte) []byte {
	mustBeMade(&t.x, "TupleHash")
	s := finish(t.x.s, uint64(t.outLen)*8)
	return appendSqueeze(b, &s, t.outLen)
}

// Reset returns to the empty tuple.
func (t *TupleHash) Reset() { t.x.Reset() }

// Size returns the output length.
func (t *TupleHash) Size() int { return t.outLen }

// BlockSize returns the rate in bytes.
func (t *TupleHash) BlockSize() int { return t.x.BlockSize() }

// Clone returns an independent copy.
func (t *TupleHash) Clone() *TupleHash {
	c := *t
	return &c
}

// TupleHashXOF is TupleHashXOF128 or TupleHashXOF256 (SP 800-185 section
// 5.3.1), computed incrementally: WriteElement adds one string, Read
// produces output. The zero value is not usable: make one with
// NewTupleHashXOF128 or NewTupleHashXOF256.
type TupleHashXOF struct{ cshakeXOF }

// NewTupleHashXOF128 returns TupleHashXOF128 with customization string S.
func NewTupleHashXOF128(S []byte) *TupleHashXOF {
	t := new(TupleHashXOF)
	t.x.initCSHAKE(kindCSHAKE128, []byte("TupleHash"), S)
	return t
}

// NewTupleHashXOF256 returns TupleHashXOF256 with customization string S.
func NewTupleHashXOF256(S []byte) *TupleHashXOF {
	t := new(TupleHashXOF)
	t.x.initCSHAKE(kindCSHAKE256, []byte("TupleHash"), S)
	return t
}

// WriteElement adds e as the next element of the tuple. It panics if called
// after Read.
func (t *TupleHashXOF) WriteElement(e []byte) {
	mustBeMade(&t.x, "TupleHashXOF")
	writeElement(&t.x, e)
}

// Clone returns an independent copy.
func (t *TupleHashXOF) Clone() *TupleHashXOF {
	c := *t
	return &c
}

func tupleHash(kind uint8, tuple [][]byte, S []byte, outLen int, xof bool) ([]byte, error) {
	if err := checkOutLen(outLen); err != nil {
		return nil, err
	}
	var x SHAKE
	x.initCSHAKE(kind, []byte("TupleHash"), S)
	for _, e := range tuple {
		writeElement(&x, e)
	}
	bits := uint64(outLen) * 8
	if xof {
		bits = 0
	}
	s := finish(x.s, bits)
	return appendSqueeze(nil, &s, outLen), nil
}

// TupleHash128 returns outLen bytes of TupleHash128 of tuple with
// customization string S. It returns an error if outLen is negative or
// over 1 GiB.
func TupleHash128(tuple [][]byte, S []byte, outLen int) ([]byte, error) {
	return tupleHash(kindCSHAKE128, tuple, S, outLen, false)
}

// TupleHash256 returns outLen bytes of TupleHash256; see TupleHash128.
func TupleHash256(tuple [][]byte, S []byte, outLen int) ([]byte, error) {
	return tupleHash(kindCSHAKE256, tuple, S, outLen, false)
}

// TupleHashXOF128 returns the first outLen bytes of TupleHashXOF128 of
// tuple with customization string S; unlike TupleHash128, a longer output
// extends a shorter one.
func TupleHashXOF128(tuple [][]byte, S []byte, outLen int) ([]byte, error) {
	return tupleHash(kindCSHAKE128, tuple, S, outLen, true)
}

// TupleHashXOF256 returns the first outLen bytes of TupleHashXOF256.
func TupleHashXOF256(tuple [][]byte, S []byte, outLen int) ([]byte, error) {
	return tupleHash(kindCSHAKE256, tuple, S, outLen, true)
}
