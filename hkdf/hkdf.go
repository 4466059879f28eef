// Package hkdf implements the HMAC-based extract-and-expand key derivation
// function of [RFC 5869]. It is a drop-in replacement for crypto/hkdf: the
// same generic functions, arguments, outputs and errors (plus an error for a
// key length below 1).
//
// # Which function should I use
//
// HKDF turns input keying material that is already random but perhaps not
// uniformly so (a Diffie-Hellman shared secret, a master key) into one or
// more keys. It is not for passwords: use package pbkdf2, scrypt or argon2.
// [Key] does both steps. Call [Extract] once and [Expand] several times with
// different info strings to derive several independent keys from one
// secret. A random salt, as long as the hash, strengthens the extraction;
// without one, RFC 5869 section 3.1 still gives sound keys from good input.
//
// With SHA-1, SHA-256 and SHA-224 from this module the keyed HMAC states stay
// on the stack and the only allocation is the result; other hashes go
// through package hmac, with the keyed states precomputed once per call.
//
// [RFC 5869]: https://www.rfc-editor.org/rfc/rfc5869
package hkdf

import (
	"errors"
	"hash"

	"github.com/hashkit/hashkit/hmac"
	"github.com/hashkit/hashkit/internal/hashfn"
	"github.com/hashkit/hashkit/internal/sha1"
	"github.com/hashkit/hashkit/internal/sha2"
)

var (
	errKeyLength = errors.New("hashkit/hkdf: requested key length too large")
	errZeroKey   = errors.New("hashkit/hkdf: requested key length must be at least 1")
)

// Extract returns the pseudorandom key HKDF-Extract(salt, secret) of RFC
// 5869 section 2.2: HMAC with salt as the key, over secret. It is as long as
// the hash's output. A nil or empty salt stands for a string of hash-length
// zeros, as the RFC specifies. The error is always nil; it is there for
// compatibility with crypto/hkdf.
//
// Extract panics if h is nil or returns nil.
func Extract[H hash.Hash](h func() H, secret, salt []byte) ([]byte, error) {
	probe := hashfn.Probe("hashkit/hkdf", h)
	if size, ok := sha2.Fresh256(probe); ok {
		var k key256
		var out [32]byte
		k.SetKey(size, salt)
		k.mac(&out, secret, "", nil)
		return append([]byte(nil), out[:size]...), nil
	}
	if sha1.Fresh(probe) {
		var k key1
		var out [sha1.Size]byte
		k.SetKey(salt)
		k.mac(&out, secret, "", nil)
		return append([]byte(nil), out[:]...), nil
	}
	m := hmac.New(hashfn.Plain(h), salt)
	m.Write(secret)
	return m.Sum(make([]byte, 0, m.Size())), nil
}

// Expand returns keyLength bytes of HKDF-Expand(pseudorandomKey, info) of
// RFC 5869 section 2.3: T(1) | T(2) | ..., where T(i) is HMAC with
// pseudorandomKey as the key over T(i-1) | info | byte(i). The key should be
// the output of Extract or otherwise uniformly random and at least as long
// as the hash.
//
// It returns an error if keyLength is below 1 or above 255 times the hash's
// output size. It panics if h is nil or returns nil.
func Expand[H hash.Hash](h func() H, pseudorandomKey []byte, info string, keyLength int) ([]byte, error) {
	probe, out, err := begin(h, keyLength)
	if err != nil {
		return nil, err
	}
	if size, ok := sha2.Fresh256(probe); ok {
		var k key256
		k.SetKey(size, pseudorandomKey)
		k.expand(out, info)
		return out, nil
	}
	if sha1.Fresh(probe) {
		var k key1
		k.SetKey(pseudorandomKey)
		k.expand(out, info)
		return out, nil
	}
	expandGeneric(hmac.New(hashfn.Plain(h), pseudorandomKey), out, info)
	return out, nil
}

// Key returns keyLength bytes derived from secret, salt and info:
// Expand(h, Extract(h, secret, salt), info, keyLength). Errors and panics
// are those of Expand.
func Key[H hash.Hash](h func() H, secret, salt []byte, info string, keyLength int) ([]byte, error) {
	probe, out, err := begin(h, keyLength)
	if err != nil {
		return nil, err
	}
	if size, ok := sha2.Fresh256(probe); ok {
		var k key256
		var prk [32]byte
		k.SetKey(size, salt)
		k.mac(&prk, secret, "", nil)
		k.SetKey(size, prk[:size])
		k.expand(out, info)
		clear(prk[:])
		return out, nil
	}
	if sha1.Fresh(probe) {
		var k key1
		var prk [sha1.Size]byte
		k.SetKey(salt)
		k.mac(&prk, secret, "", nil)
		k.SetKey(prk[:])
		k.expand(out, info)
		clear(prk[:])
		return out, nil
	}
	m := hmac.New(hashfn.Plain(h), salt)
	m.Write(secret)
	prk := m.Sum(make([]byte, 0, m.Size()))
	expandGeneric(hmac.New(hashfn.Plain(h), prk), out, info)
	clear(prk)
	return out, nil
}

// begin returns a hash made by h, whose type picks the path and whose size
// bounds the key, and the buffer for a key of keyLength bytes; or the error
// for a keyLength below 1 or above 255 times the size (RFC 5869 section
// 2.3). It panics if h is nil or returns nil.
func begin[H hash.Hash](h func() H, keyLength int) (hash.Hash, []byte, error) {
	probe := hashfn.Probe("hashkit/hkdf", h)
	if keyLength < 1 {
		return nil, nil, errZeroKey
	}
	if keyLength > 255*probe.Size() {
		return nil, nil, errKeyLength
	}
	return probe, make([]byte, keyLength), nil
}

// expandGeneric is RFC 5869 section 2.3 with a keyed MAC m.
func expandGeneric(m hash.Hash, out []byte, info string) {
	infoBytes := []byte(info)
	var t []byte // T(i-1), then T(i)
	var ctr [1]byte
	for done := 0; done < len(out); {
		ctr[0]++
		m.Reset()
		m.Write(t)
		m.Write(infoBytes)
		m.Write(ctr[:])
		t = m.Sum(t[:0])
		done += copy(out[done:], t)
	}
	clear(t)
}
