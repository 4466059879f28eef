package hkdf

import (
	"encoding/binary"

	"github.com/hashkit/hashkit/internal/sha2"
)

// key256 is HMAC-SHA-256 (or -224) reduced to what HKDF needs: the chaining
// values after the inner and outer key blocks, and one-shot MACs over up to
// three pieces, all on the stack.
type key256 struct {
	size   int
	ih, oh [8]uint32
}

// init keys k with key (FIPS 198-1 section 4, steps 1 to 3).
func (k *key256) init(key []byte) { k.ih, k.oh = sha2.HMACKeys256(k.size, key) }

// mac sets out (its first size bytes) to the MAC of a | b | c.
func (k *key256) mac(out *[32]byte, a []byte, b string, c []byte) {
	var blk [sha2.BlockSize256]byte
	var h [8]uint32
	if n := len(a) + len(b) + len(c); n < sha2.BlockSize256-8 {
		// The common case in HKDF: the message and its padding fit in one
		// block, built here directly.
		p := copy(blk[:], a)
		p += copy(blk[p:], b)
		copy(blk[p:], c)
		blk[n] = 0x80
		binary.BigEndian.PutUint64(blk[56:], uint64(sha2.BlockSize256+n)<<3)
		h = k.ih
		sha2.Block256(&h, blk[:])
	} else {
		s := inner256{h: k.ih}
		s.write(a)
		s.writeString(b)
		s.write(c)
		h = s.finish(sha2.BlockSize256)
	}
	k.outer(&h, out)
}

// outer sets out (its first size bytes) to the outer hash of the inner
// chaining value h.
func (k *key256) outer(h *[8]uint32, out *[32]byte) {
	if k.size == sha2.Size256 {
		sha2.Outer256(&k.oh, h, out)
		return
	}
	k.outerGeneric(h, out)
}

// outerGeneric sets out (its first size bytes) to the outer hash: the
// inner digest h padded to one block, compressed from oh.
func (k *key256) outerGeneric(h *[8]uint32, out *[32]byte) {
	var blk [sha2.BlockSize256]byte
	putWords(blk[:k.size], h)
	blk[k.size] = 0x80
	binary.BigEndian.PutUint64(blk[56:], uint64(sha2.BlockSize256+k.size)<<3)
	o := k.oh
	sha2.Block256(&o, blk[:])
	putWords(out[:], &o)
}

// expand fills out with HKDF-Expand under the key k (RFC 5869 section 2.3).
func (k *key256) expand(out []byte, info string) {
	var t [32]byte
	var ctr [1]byte
	prev := t[:0]
	for done := 0; done < len(out); {
		ctr[0]++
		k.mac(&t, prev, info, ctr[:])
		prev = t[:k.size]
		done += copy(out[done:], prev)
	}
	clear(t[:])
}

// putWords stores the first len(b)/4 words of h big-endian into b.
func putWords(b []byte, h *[8]uint32) {
	for i := range len(b) / 4 {
		binary.BigEndian.PutUint32(b[4*i:], h[i])
	}
}

// inner256 is a SHA-256 computation from a chaining value.
type inner256 struct {
	h  [8]uint32
	x  [sha2.BlockSize256]byte
	nx int
	n  uint64
}

func (s *inner256) write(p []byte) {
	s.n += uint64(len(p))
	if s.nx > 0 {
		c := copy(s.x[s.nx:], p)
		s.nx += c
		p = p[c:]
		if s.nx < sha2.BlockSize256 {
			return
		}
		sha2.Block256(&s.h, s.x[:])
		s.nx = 0
	}
	if len(p) >= sha2.BlockSize256 {
		m := len(p) &^ (sha2.BlockSize256 - 1)
		sha2.Block256(&s.h, p[:m])
		p = p[m:]
	}
	s.nx = copy(s.x[:], p)
}

// writeString is write for a string, through the block buffer so that no
// conversion to []byte is needed.
func (s *inner256) writeString(p string) {
	s.n += uint64(len(p))
	for len(p) > 0 {
		c := copy(s.x[s.nx:], p)
		s.nx += c
		p = p[c:]
		if s.nx == sha2.BlockSize256 {
			sha2.Block256(&s.h, s.x[:])
			s.nx = 0
		}
	}
}

// finish pads (FIPS 180-4 section 5.1.1) and returns the final chaining
// value; prefix is the number of bytes hashed before the chaining value s
// started from (the key block).
func (s *inner256) finish(prefix uint64) [8]uint32 {
	s.x[s.nx] = 0x80
	clear(s.x[s.nx+1:])
	if s.nx >= sha2.BlockSize256-8 {
		sha2.Block256(&s.h, s.x[:])
		clear(s.x[:])
	}
	binary.BigEndian.PutUint64(s.x[56:], (s.n+prefix)<<3)
	sha2.Block256(&s.h, s.x[:])
	return s.h
}
