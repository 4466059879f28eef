// Package hmac implements the keyed-hash message authentication code of
// [FIPS 198-1] and [RFC 2104]. It is a drop-in replacement for crypto/hmac:
// the same functions with the same arguments and outputs.
//
// HMAC works with any hash.Hash. For SHA-1, SHA-224, SHA-256 and the SHA-512
// family from this module (packages sha1, sha256 and sha512), New keeps the
// chaining values after the key blocks and runs the compression function
// directly, so Reset, Write and Sum allocate nothing and cost no more than
// the compressions themselves (on amd64 with the SHA extensions, the outer
// hash of HMAC-SHA-256 and both finishing hashes of HMAC-SHA-1 run in one
// assembly call each). For other hashes it saves the keyed
// inner and outer states once, through encoding.BinaryMarshaler or
// hash.Cloner, as crypto/hmac does.
//
// Which function to use: [New] with a hash constructor and the key, e.g.
// hmac.New(sha256.New, key), then Write and Sum; receivers of a MAC must
// compare it with [Equal], which takes constant time, never with
// bytes.Equal. To derive keys from a secret, use package hkdf, which runs
// HMAC for you.
//
// The security of HMAC rests on the pseudorandomness of the compression
// function, not on collision resistance: HMAC-SHA-1 and HMAC-MD5 are still
// unbroken as MACs, but new designs should use HMAC-SHA-256 or better, with
// a key of at least the hash size.
//
// [FIPS 198-1]: https://doi.org/10.6028/NIST.FIPS.198-1
// [RFC 2104]: https://www.rfc-editor.org/rfc/rfc2104
package hmac

import (
	"crypto/subtle"
	"encoding"
	"errors"
	"hash"

	"github.com/hashkit/hashkit/internal/sha1"
	"github.com/hashkit/hashkit/internal/sha2"
)

// FIPS 198-1 section 4: K0 is the key, hashed first if longer than a block,
// padded with zeros to a block; the inner hash starts with K0 ^ ipad and the
// outer one with K0 ^ opad.
const (
	ipad = 0x36
	opad = 0x5c
)

// New returns a new hash.Hash computing HMAC with the hash made by h and
// the given key, of any length (a key longer than the hash's block size is
// hashed first, per FIPS 198-1). The result also implements hash.Cloner;
// Clone returns an error wrapping errors.ErrUnsupported if the hash made by
// h does not implement hash.Cloner. Being keyed, it does not implement
// encoding.BinaryMarshaler.
//
// New panics, as crypto/hmac does, if h is nil, returns nil, or returns the
// same value on two calls (HMAC needs two independent states): these are
// mistakes in the program, not in its data.
func New(h func() hash.Hash, key []byte) hash.Hash {
	if h == nil {
		panic("hashkit/hmac: nil hash constructor")
	}
	// Both hashes are made before any fast path is chosen, so that a
	// constructor returning one shared value panics whatever the hash.
	inner, outer := h(), h()
	if inner == nil || outer == nil {
		panic("hashkit/hmac: hash constructor returned nil")
	}
	if sameValue(inner, outer) {
		panic("hashkit/hmac: hash constructor does not return unique values")
	}
	if size, ok := sha2.Fresh256(inner); ok {
		m := new(hmac256)
		m.s.Init(size, key)
		return m
	}
	if kind, ok := sha2.Fresh512(inner); ok {
		m := new(hmac512)
		m.s.Init(kind, key)
		return m
	}
	if sha1.Fresh(inner) {
		m := new(hmac1)
		m.s.Init(key)
		return m
	}
	return newGeneric(inner, outer, key)
}

// sameValue reports whether a and b are the same value; comparing
// interfaces panics for uncomparable dynamic types, which are then distinct.
func sameValue(a, b hash.Hash) (same bool) {
	defer func() { _ = recover() }()
	return a == b
}

// Equal compares two MACs for equality without leaking timing information
// about their contents (it takes time depending only on the lengths).
func Equal(mac1, mac2 []byte) bool {
	return subtle.ConstantTimeCompare(mac1, mac2) == 1
}

// errCloneUnsupported is returned by Clone when the inner hash cannot be
// cloned.
type errCloneUnsupported struct{}

func (errCloneUnsupported) Error() string {
	return "hashkit/hmac: the hash does not implement hash.Cloner"
}

func (errCloneUnsupported) Unwrap() error { return errors.ErrUnsupported }

// marshalable is what the generic path needs to save and restore states.
type marshalable interface {
	encoding.BinaryMarshaler
	encoding.BinaryUnmarshaler
}

// generic is HMAC over any hash.Hash.
type generic struct {
	inner, outer hash.Hash
	size         int

	// How the keyed states are restored, best first: from their marshalled
	// bytes (istate, ostate), from saved clones (iclone, oclone), or by
	// writing the padded key blocks again (ipad, opad).
	mode           int
	istate, ostate []byte
	iclone, oclone hash.Cloner
	ipad, opad     []byte
}

const (
	modeMarshal = iota
	modeClone
	modeRewrite
)

func newGeneric(inner, outer hash.Hash, key []byte) *generic {
	// A constructor is expected to return fresh hashes; Reset makes sure.
	inner.Reset()
	outer.Reset()
	bs := inner.BlockSize()
	if len(key) > bs {
		outer.Write(key)
		key = outer.Sum(nil)
		outer.Reset()
	}
	ip := make([]byte, bs)
	op := make([]byte, bs)
	copy(ip, key)
	copy(op, key)
	for i := range ip {
		ip[i] ^= ipad
		op[i] ^= opad
	}
	inner.Write(ip)
	outer.Write(op)
	m := &generic{inner: inner, outer: outer, size: outer.Size()}
	if mi, ok := inner.(marshalable); ok {
		if mo, ok := outer.(marshalable); ok {
			is, err1 := mi.MarshalBinary()
			os, err2 := mo.MarshalBinary()
			if err1 == nil && err2 == nil {
				m.mode, m.istate, m.ostate = modeMarshal, is, os
				return m
			}
		}
	}
	if ci, ok := inner.(hash.Cloner); ok {
		if co, ok := outer.(hash.Cloner); ok {
			ic, err1 := ci.Clone()
			oc, err2 := co.Clone()
			if err1 == nil && err2 == nil {
				m.mode, m.iclone, m.oclone = modeClone, ic, oc
				return m
			}
		}
	}
	m.mode, m.ipad, m.opad = modeRewrite, ip, op
	return m
}

func (m *generic) Size() int      { return m.size }
func (m *generic) BlockSize() int { return m.inner.BlockSize() }

func (m *generic) Write(p []byte) (int, error) { return m.inner.Write(p) }

// restore sets h to a saved keyed state. A hash whose own marshalled state
// does not round-trip is broken: that panics, as an internal invariant.
func (m *generic) restore(h *hash.Hash, state []byte, saved hash.Cloner, pad []byte) {
	switch m.mode {
	case modeMarshal:
		if err := (*h).(marshalable).UnmarshalBinary(state); err != nil {
			panic("hashkit/hmac: the hash rejects its own marshalled state: " + err.Error())
		}
	case modeClone:
		c, err := saved.Clone()
		if err != nil {
			panic("hashkit/hmac: the hash cannot clone a state it cloned before: " + err.Error())
		}
		*h = c.(hash.Hash)
	default:
		(*h).Reset()
		(*h).Write(pad)
	}
}

func (m *generic) Reset() { m.restore(&m.inner, m.istate, m.iclone, m.ipad) }

func (m *generic) Sum(in []byte) []byte {
	n := len(in)
	in = m.inner.Sum(in)
	m.restore(&m.outer, m.ostate, m.oclone, m.opad)
	m.outer.Write(in[n:])
	return m.outer.Sum(in[:n])
}

// Clone returns an independent copy, or an error wrapping
// errors.ErrUnsupported if the underlying hash is not a hash.Cloner.
func (m *generic) Clone() (hash.Cloner, error) {
	ci, ok1 := m.inner.(hash.Cloner)
	co, ok2 := m.outer.(hash.Cloner)
	if !ok1 || !ok2 {
		return nil, errCloneUnsupported{}
	}
	ic, err := ci.Clone()
	if err != nil {
		return nil, errCloneUnsupported{}
	}
	oc, err := co.Clone()
	if err != nil {
		return nil, errCloneUnsupported{}
	}
	c := *m
	c.inner, c.outer = ic.(hash.Hash), oc.(hash.Hash)
	return &c, nil
}
