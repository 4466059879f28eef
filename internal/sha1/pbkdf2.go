package sha1

import (
	"encoding/binary"

	"github.com/hashkit/hashkit/internal/preempt"
)

// PBKDF2Iter runs n iterations of the U chain of PBKDF2 with HMAC-SHA-1
// (RFC 8018 section 5.2, function F): n times, u = HMAC(P, u) and t ^= u.
// ih and oh are the chaining values after compressing the HMAC key block
// XOR ipad and XOR opad (RFC 2104); u and t are 20-byte values as five
// words (big-endian byte order, as in a chaining value). Each HMAC is two
// compressions of one block laid out the same way: u or the inner digest,
// then the padding of a message of one key block and 20 bytes. With the
// SHA extensions the whole chain runs in registers.
func PBKDF2Iter(ih, oh, u, t *[5]uint32, n int) {
	if !pbkdf2Asm() {
		pbkdf2IterGeneric(ih, oh, u, t, n)
		return
	}
	// 512 iterations hash 64 KiB: the bound of one assembly call.
	preempt.Steps(n, preempt.Piece/(2*BlockSize), func(i, j int) { pbkdf2IterAsm(ih, oh, u, t, j-i) })
}

// PBKDF2Iterx2 is PBKDF2Iter on two independent chains with the same key,
// such as the blocks T_i and T_i+1 of a derived key longer than 20 bytes:
// u[0:5], t[0:5] are one chain and u[5:10], t[5:10] the other. The kernels
// interleave the two, which costs much less than running them one after
// the other, since one chain waits on the latency of the SHA-1 rounds.
func PBKDF2Iterx2(ih, oh *[5]uint32, u, t *[10]uint32, n int) {
	if !pbkdf2Asm() {
		pbkdf2Iterx2Generic(ih, oh, u, t, n)
		return
	}
	// 256 iterations of two chains hash 64 KiB.
	preempt.Steps(n, preempt.Piece/(4*BlockSize), func(i, j int) { pbkdf2Iterx2Asm(ih, oh, u, t, j-i) })
}

// pbkdf2IterGeneric is PBKDF2Iter on block.
func pbkdf2IterGeneric(ih, oh, u, t *[5]uint32, n int) {
	var blk [BlockSize]byte
	blk[Size] = 0x80
	binary.BigEndian.PutUint64(blk[BlockSize-8:], (BlockSize+Size)*8)
	var pc preempt.Counter // a preemption point per preempt.Piece hashed
	for range n {
		for i, v := range u {
			binary.BigEndian.PutUint32(blk[4*i:], v)
		}
		h := *ih
		block(&h, blk[:])
		for i, v := range h {
			binary.BigEndian.PutUint32(blk[4*i:], v)
		}
		*u = *oh
		block(u, blk[:])
		for i := range t {
			t[i] ^= u[i]
		}
		pc.Add(2 * BlockSize)
	}
}

// pbkdf2Iterx2Generic runs the two chains one after the other.
func pbkdf2Iterx2Generic(ih, oh *[5]uint32, u, t *[10]uint32, n int) {
	pbkdf2IterGeneric(ih, oh, (*[5]uint32)(u[:5]), (*[5]uint32)(t[:5]), n)
	pbkdf2IterGeneric(ih, oh, (*[5]uint32)(u[5:]), (*[5]uint32)(t[5:]), n)
}
