package sha2

import "encoding/binary"

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
