package sha2

import (
	"encoding/binary"

	"github.com/hashkit/hashkit/internal/preempt"
)

// PBKDF2Iter256 runs n iterations of the U chain of PBKDF2 with
// HMAC-SHA-256 (RFC 8018 section 5.2, function F): n times, u = HMAC(P, u)
// and t ^= u. ih and oh are the chaining values after compressing the HMAC
// key block XOR ipad and XOR opad (RFC 2104); u and t are 32-byte values as
// eight words (big-endian byte order, as in a chaining value). With the SHA
// extensions the whole chain runs in registers.
func PBKDF2Iter256(ih, oh, u, t *[8]uint32, n int) {
	if !pbkdf2Asm256() {
		pbkdf2Iter256Generic(ih, oh, u, t, n)
		return
	}
	// 512 iterations hash 64 KiB: the bound of one assembly call.
	preempt.Steps(n, preempt.Piece/(2*BlockSize256), func(i, j int) { pbkdf2Iter256Asm(ih, oh, u, t, j-i) })
}

// PBKDF2Iter256x2 is PBKDF2Iter256 on two independent chains with the same
// key, such as the blocks T_i and T_i+1 of a derived key longer than 32
// bytes: u[0:8], t[0:8] are one chain and u[8:16], t[8:16] the other. With
// the SHA extensions the two are interleaved, which costs much less than
// running them one after the other.
func PBKDF2Iter256x2(ih, oh *[8]uint32, u, t *[16]uint32, n int) {
	if !pbkdf2Asm256() {
		pbkdf2Iter256x2Generic(ih, oh, u, t, n)
		return
	}
	// 256 iterations of two chains hash 64 KiB.
	preempt.Steps(n, preempt.Piece/(4*BlockSize256), func(i, j int) { pbkdf2Iter256x2Asm(ih, oh, u, t, j-i) })
}

// pbkdf2Iter256Generic is PBKDF2Iter256 on Block256: each HMAC is one
// compression of u and the padding of a 96-byte message from ih, then one of
// the inner hash and the same padding from oh.
func pbkdf2Iter256Generic(ih, oh, u, t *[8]uint32, n int) {
	var blk [BlockSize256]byte
	blk[Size256] = 0x80
	binary.BigEndian.PutUint64(blk[BlockSize256-8:], (BlockSize256+Size256)*8)
	var pc preempt.Counter // a preemption point per preempt.Piece hashed
	for range n {
		for i, v := range u {
			binary.BigEndian.PutUint32(blk[4*i:], v)
		}
		h := *ih
		block256(&h, blk[:])
		for i, v := range h {
			binary.BigEndian.PutUint32(blk[4*i:], v)
		}
		*u = *oh
		block256(u, blk[:])
		for i := range t {
			t[i] ^= u[i]
		}
		pc.Add(2 * BlockSize256)
	}
}

// pbkdf2Iter256x2Generic runs the two chains one after the other.
func pbkdf2Iter256x2Generic(ih, oh *[8]uint32, u, t *[16]uint32, n int) {
	pbkdf2Iter256Generic(ih, oh, (*[8]uint32)(u[:8]), (*[8]uint32)(t[:8]), n)
	pbkdf2Iter256Generic(ih, oh, (*[8]uint32)(u[8:]), (*[8]uint32)(t[8:]), n)
}
