package keccak

import (
	"encoding/binary"

	"github.com/hashkit/hashkit/internal/preempt"
)

// leavesGeneric hashes n leaves one after the other with a Sponge each: the
// reference the multi-state kernels are compared with.
func leavesGeneric(dst, data []byte, n, leafLen, rate, rounds int, ds byte, cvLen int) {
	var s Sponge
	var pc preempt.Counter // many short leaves: a preemption point per preempt.Piece
	for i := range n {
		s.Init(rate, rounds, ds)
		s.Absorb(data[i*leafLen : (i+1)*leafLen])
		s.Squeeze(dst[i*cvLen : (i+1)*cvLen])
		pc.Add(leafLen)
	}
}

// The multi-state kernels keep k states lane-interleaved: lane i of state j
// is word k*i+j, so that lane i of all states fills one vector register.
// padLeaves and squeezeLeaves are the Go halves of the kernels' work around
// the last block of each leaf; they are written for any width k.

// padLeaves copies the tails of the first k leaves of in (each leafLen bytes,
// the last leafLen%rate bytes after the full blocks) into consecutive
// rate-byte blocks of pad and applies the padding: the domain byte after the
// message, 0x80 in the last byte of the block (FIPS 202 pad10*1, as in
// Sponge.Pad). pad must be zero and hold k*rate bytes.
func padLeaves(pad, in []byte, k, leafLen, rate int, ds byte) {
	full := leafLen - leafLen%rate
	tail := leafLen - full
	for j := range k {
		b := pad[j*rate : (j+1)*rate]
		copy(b, in[j*leafLen+full:(j+1)*leafLen])
		b[tail] ^= ds
		b[rate-1] ^= 0x80
	}
}

// squeezeLeaves writes cvLen (<= rate) bytes of each of the first k of the
// width interleaved states in s to consecutive cvLen-byte slots of dst.
func squeezeLeaves(dst []byte, s []uint64, width, k, cvLen int) {
	for j := range k {
		out := dst[j*cvLen : (j+1)*cvLen]
		i := 0
		for ; len(out) >= 8; i++ {
			binary.LittleEndian.PutUint64(out, s[width*i+j])
			out = out[8:]
		}
		for b := range out {
			out[b] = byte(s[width*i+j] >> (8 * b))
		}
	}
}
