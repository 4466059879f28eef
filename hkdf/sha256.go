package hkdf

import (
	"encoding/binary"

	"github.com/hashkit/hashkit/internal/sha2"
)

// key256 is HMAC-SHA-256 (or -224) for HKDF: internal/sha2's key, with
// one-shot MACs over up to three pieces, all on the stack.
type key256 struct{ sha2.HMACKey256 }

// mac sets out (its first Size bytes) to the MAC of a | b | c.
func (k *key256) mac(out *[32]byte, a []byte, b string, c []byte) {
	if n := len(a) + len(b) + len(c); n < sha2.BlockSize256-8 {
		// The common case in HKDF: the message and its padding fit in one
		// block, built here directly instead of through the buffer.
		var blk [sha2.BlockSize256]byte
		p := copy(blk[:], a)
		p += copy(blk[p:], b)
		copy(blk[p:], c)
		blk[n] = 0x80
		binary.BigEndian.PutUint64(blk[56:], uint64(sha2.BlockSize256+n)<<3)
		h := k.IH
		sha2.Block256(&h, blk[:])
		k.Outer(&h, out)
		return
	}
	m := sha2.HMAC256{HMACKey256: k.HMACKey256}
	m.Reset()
	m.Write(a)
	m.WriteString(b)
	m.Write(c)
	*out = m.Sum()
}

// expand fills out with HKDF-Expand under the key k (RFC 5869 section 2.3).
func (k *key256) expand(out []byte, info string) {
	var t [32]byte
	var ctr [1]byte
	prev := t[:0]
	for done := 0; done < len(out); {
		ctr[0]++
		k.mac(&t, prev, info, ctr[:])
		prev = t[:k.Size()]
		done += copy(out[done:], prev)
	}
	clear(t[:])
}
