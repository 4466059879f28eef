package sha1

import (
	"encoding/binary"
	"hash"
)

// The keyed HMAC-SHA-1 state shared by hmac, hkdf and pbkdf2, as
// internal/sha2 keeps HMAC-SHA-256's: after the key blocks, HMAC's inner
// and outer hashes are SHA-1 computations that have processed exactly one
// block, so all that must be kept is their chaining values (FIPS 198-1
// section 6 allows these intermediate results to be precomputed). The
// types hold no pointers, so assigning one copies the whole state (Clone).
//
// The code has internal/sha2's shape but not its code: that is written on
// SHA-256's [8]uint32 chaining value, digest and kernels. One version generic
// over the chaining value and the compression would reach the kernel through
// a type parameter's method, which Go compiles to an indirect call through a
// dictionary that is not inlined, in SHA-2's Sum and PBKDF2 loops too; and
// each hash's fast finishes (the one-call kernels here, the outer-hash kernel
// there) differ anyway.

// Fresh reports whether h is a SHA-1 digest of this package in its initial
// state: then HMAC over it may start from the initial value.
func Fresh(h hash.Hash) bool {
	d, ok := h.(*Digest)
	return ok && d.h == iv && d.nx == 0 && d.len == 0
}

// HMAC's pads (FIPS 198-1 section 4).
const (
	ipad = 0x36
	opad = 0x5c
)

// HMACKeys returns the chaining values of HMAC-SHA-1 with key after the
// inner and the outer key block. A key longer than a block is hashed first.
// It does not allocate.
func HMACKeys(key []byte) (ih, oh [5]uint32) {
	var k0 [BlockSize]byte
	if len(key) > BlockSize {
		sum := Sum(key)
		copy(k0[:], sum[:])
	} else {
		copy(k0[:], key)
	}
	for i := range k0 {
		k0[i] ^= ipad
	}
	ih = iv
	block(&ih, k0[:])
	for i := range k0 {
		k0[i] ^= ipad ^ opad
	}
	oh = iv
	block(&oh, k0[:])
	clear(k0[:])
	return ih, oh
}

// HMACKey is the key of HMAC-SHA-1: the chaining values after the inner
// and the outer key block.
type HMACKey struct {
	IH, OH [5]uint32
}

// SetKey keys k with key (of any length).
func (k *HMACKey) SetKey(key []byte) { k.IH, k.OH = HMACKeys(key) }

// Outer sets out to the MAC whose inner digest is in: the SHA-1, from OH,
// of in padded as a message that follows one key block.
func (k *HMACKey) Outer(in, out *[Size]byte) {
	if finishOneCall(out, &k.OH, in[:], BlockSize+Size) {
		return
	}
	var blk [BlockSize]byte
	copy(blk[:], in[:])
	blk[Size] = 0x80
	binary.BigEndian.PutUint64(blk[BlockSize-8:], (BlockSize+Size)*8)
	o := k.OH
	block(&o, blk[:])
	for i, v := range o {
		binary.BigEndian.PutUint32(out[4*i:], v)
	}
}

// HMAC is a running HMAC-SHA-1 with a key.
type HMAC struct {
	HMACKey

	// d is the running inner hash, from IH; its length counts the key
	// block.
	d Digest
}

// Init keys m with key (of any length) and resets it.
func (m *HMAC) Init(key []byte) {
	m.SetKey(key)
	m.Reset()
}

// Reset returns to the state after the key block. It sets the fields one
// by one: assigning a whole Digest would also clear its block buffer.
func (m *HMAC) Reset() {
	m.d.h = m.IH
	m.d.nx = 0
	m.d.len = BlockSize
}

// Write adds p to the message.
func (m *HMAC) Write(p []byte) { m.d.Write(p) }

// WriteString is Write for a string, through the block buffer so that no
// conversion to []byte is needed.
func (m *HMAC) WriteString(p string) {
	d := &m.d
	d.len += uint64(len(p))
	for len(p) > 0 {
		c := copy(d.x[d.nx:], p)
		d.nx += c
		p = p[c:]
		if d.nx == BlockSize {
			block(&d.h, d.x[:])
			d.nx = 0
		}
	}
}

// Sum returns the MAC of the message so far without changing the message:
// the inner digest (with the one-call kernel where there is one, which
// pads in registers), then the outer hash of it.
func (m *HMAC) Sum() (out [Size]byte) {
	var in [Size]byte
	if !finishOneCall(&in, &m.d.h, m.d.x[:m.d.nx], m.d.len) {
		d := m.d
		in = d.checkSum()
	}
	m.Outer(&in, &out)
	return out
}

// SumWords returns the MAC as the outer hash's final chaining value (the
// MAC is its big-endian bytes), for PBKDF2's chains of words.
func (m *HMAC) SumWords() (o [5]uint32) {
	out := m.Sum()
	for i := range o {
		o[i] = binary.BigEndian.Uint32(out[4*i:])
	}
	return o
}
