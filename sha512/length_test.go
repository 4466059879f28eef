package sha512

import (
	"encoding/binary"
	"testing"

	"github.com/hashkit/hashkit/internal/sha2"
)

// TestLongLengths checks the 128-bit length field for messages past 2^32
// and 2^35 bytes, and past 2^61 bytes (where the bit count needs the high
// word), without hashing that much: a marshalled state claims a large byte
// count, and both hashkit and crypto/sha512 resume from it, hash a few more
// bytes and must agree. From 2^61 bytes on, crypto/sha512 writes zero in the
// length's high word (its comment says the upper 64 bits are always zero),
// so there the expected value is padded here by hand per FIPS 180-4
// section 5.1.2.
func TestLongLengths(t *testing.T) {
	counts := []uint64{
		1<<32 - 128, 1 << 32, 1<<32 + 128, 1<<32 + 5,
		1<<35 - 3, 1 << 35, 1<<35 + 256 + 17,
		1<<61 - 300, 1<<61 - 1, 1 << 61, 1<<61 + 129, 1<<62 + 3,
	}
	variants.TestLongLengths(t, 300, counts, func(st, more []byte) []byte {
		n := binary.BigEndian.Uint64(st[len(st)-8:])
		if n+uint64(len(more)) < 1<<61 || stdlibKernel != 0 { // the standard library's bit count wraps at 2^64
			return nil
		}
		return padByHand(st, more)
	})
}

// padByHand finishes the marshalled state st after more bytes: the buffered
// bytes and more, 0x80, zeros, and the bit length as a 128-bit big-endian
// number, compressed from st's chaining value with the portable code.
func padByHand(st, more []byte) []byte {
	var h [8]uint64
	for i := range h {
		h[i] = binary.BigEndian.Uint64(st[4+8*i:])
	}
	n := binary.BigEndian.Uint64(st[4+64+128:])
	msg := append(append([]byte{}, st[4+64:4+64+int(n%128)]...), more...)
	total := n + uint64(len(more)) // bytes; as bits: total>>61 : total<<3
	msg = append(msg, 0x80)
	for len(msg)%128 != 112 {
		msg = append(msg, 0)
	}
	msg = binary.BigEndian.AppendUint64(msg, total>>61)
	msg = binary.BigEndian.AppendUint64(msg, total<<3)
	sha2.Block512(&h, msg)
	var out []byte
	for _, v := range h {
		out = binary.BigEndian.AppendUint64(out, v)
	}
	return out
}
