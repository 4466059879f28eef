package sha2

import (
	"encoding/binary"
	"hash"
)

// Outer256 sets out to the outer hash of HMAC-SHA-256 (RFC 2104), that is
// the MAC: the SHA-256 compression, from oh, of one block made of the inner
// digest h and the padding of a 96-byte message. oh is the chaining value
// after compressing the key block XOR opad; h is the final chaining value of
// the inner hash, as words (the digest is their big-endian bytes). It does
// not allocate; with the SHA extensions h goes straight from its words into
// the message registers. It is for SHA-256 only: HMAC-SHA-224 hashes 28
// bytes of its inner digest.
func Outer256(oh, h *[8]uint32, out *[Size256]byte) { outer256(oh, h, out) }

// outer256Generic is Outer256 on Block256.
func outer256Generic(oh, h *[8]uint32, out *[Size256]byte) {
	var blk [BlockSize256]byte
	for i, v := range h {
		binary.BigEndian.PutUint32(blk[4*i:], v)
	}
	blk[Size256] = 0x80
	binary.BigEndian.PutUint64(blk[BlockSize256-8:], (BlockSize256+Size256)*8)
	o := *oh
	block256(&o, blk[:])
	for i, v := range o {
		binary.BigEndian.PutUint32(out[4*i:], v)
	}
}

// HMAC over SHA-2 as hmac, hkdf and pbkdf2 keep it: the two chaining values
// after the inner and the outer key block (FIPS 198-1 section 4, steps 1 to
// 3 and the first block of steps 5 and 8), so a MAC restarts by copying
// eight words instead of hashing a block.

// Fresh256 reports whether h is a SHA-256 or SHA-224 digest of this package
// in its initial state, and its size (Size256 or Size224): then HMAC over
// it may start from the initial values.
func Fresh256(h hash.Hash) (size int, ok bool) {
	d, ok := h.(*Digest256)
	if !ok {
		return 0, false
	}
	var f Digest256
	if d.is224 {
		f.init224()
	} else {
		f.init256()
	}
	return d.Size(), *d == f
}

// Fresh512 is Fresh256 for the SHA-512 family; it returns the member.
func Fresh512(h hash.Hash) (kind Kind512, ok bool) {
	d, ok := h.(*Digest512)
	if !ok {
		return 0, false
	}
	var f Digest512
	f.init(d.kind)
	return d.kind, *d == f
}

// HMAC's pads.
const (
	ipad = 0x36
	opad = 0x5c
)

// HMACKeys256 returns the chaining values of HMAC-SHA-256 (size Size256)
// or HMAC-SHA-224 (Size224) with key after the inner and the outer key
// block. A key longer than a block is hashed first. It does not allocate.
func HMACKeys256(size int, key []byte) (ih, oh [8]uint32) {
	iv := &IV256
	if size == Size224 {
		iv = &IV224
	}
	var k0 [BlockSize256]byte
	if len(key) > BlockSize256 {
		d := Digest256{h: *iv, is224: size == Size224}
		d.Write(key)
		sum := d.checksum()
		copy(k0[:], sum[:size])
		key = k0[:size]
	}
	if hmacKeys256OneCall(iv, key, &ih, &oh) {
		clear(k0[:])
		return ih, oh
	}
	copy(k0[:], key) // a no-op for a hashed key, already there
	xorPad(k0[:], ipad)
	ih = *iv
	Block256(&ih, k0[:])
	xorPad(k0[:], ipad^opad)
	oh = *iv
	Block256(&oh, k0[:])
	clear(k0[:])
	return ih, oh
}

// HMACKeys512 is HMACKeys256 for the SHA-512 family member kind.
func HMACKeys512(kind Kind512, key []byte) (ih, oh [8]uint64) {
	iv := kinds512[kind].iv
	var k0 [BlockSize512]byte
	if len(key) > BlockSize512 {
		var d Digest512
		d.init(kind)
		d.Write(key)
		sum := d.checksum()
		copy(k0[:], sum[:d.Size()])
	} else {
		copy(k0[:], key)
	}
	xorPad(k0[:], ipad)
	ih = *iv
	Block512(&ih, k0[:])
	xorPad(k0[:], ipad^opad)
	oh = *iv
	Block512(&oh, k0[:])
	clear(k0[:])
	return ih, oh
}

// xorPad XORs every byte of b, whose length is a multiple of 8, with pad,
// eight bytes at a time.
func xorPad(b []byte, pad byte) {
	m := uint64(pad) * 0x0101010101010101
	for i := 0; i+8 <= len(b); i += 8 {
		binary.LittleEndian.PutUint64(b[i:], binary.LittleEndian.Uint64(b[i:])^m)
	}
}
