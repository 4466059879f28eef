package hmac

import (
	"encoding/binary"
	"hash"

	"github.com/hashkit/hashkit/internal/sha2"
)

// The SHA-2 fast path. After the key blocks, HMAC's inner and outer hashes
// are SHA-2 computations that have processed exactly one block, so all that
// must be kept is their chaining values (FIPS 198-1 section 6 allows these
// intermediate results to be precomputed). Reset restores the inner chaining
// value by assignment; Sum pads the inner message in a stack block and
// compresses the inner digest, itself padded to one block, from the outer
// chaining value.

// hmac256 is HMAC-SHA-256 or HMAC-SHA-224.
type hmac256 struct {
	h    [8]uint32 // inner chaining value
	x    [sha2.BlockSize256]byte
	nx   int
	n    uint64 // message bytes written since Reset
	ih   [8]uint32
	oh   [8]uint32
	size int

	// pad is the padding block of a message of whole blocks whose bit
	// length, key block included, is padBits (0: not made yet).
	pad     [sha2.BlockSize256]byte
	padBits uint64
}

func (m *hmac256) init(size int, key []byte) {
	m.ih, m.oh = sha2.HMACKeys256(size, key)
	m.size = size
	m.Reset()
}

func (m *hmac256) Size() int      { return m.size }
func (m *hmac256) BlockSize() int { return sha2.BlockSize256 }

func (m *hmac256) Reset() {
	m.h = m.ih
	m.nx = 0
	m.n = 0
}

func (m *hmac256) Write(p []byte) (int, error) {
	n := len(p)
	m.n += uint64(n)
	if m.nx > 0 {
		c := copy(m.x[m.nx:], p)
		m.nx += c
		p = p[c:]
		if m.nx < sha2.BlockSize256 {
			return n, nil
		}
		sha2.Block256(&m.h, m.x[:])
		m.nx = 0
	}
	if len(p) >= sha2.BlockSize256 {
		k := len(p) &^ (sha2.BlockSize256 - 1)
		sha2.Block256(&m.h, p[:k])
		p = p[k:]
	}
	m.nx = copy(m.x[:], p)
	return n, nil
}

func (m *hmac256) Sum(in []byte) []byte {
	out := m.sum()
	return append(in, out[:m.size]...)
}

// sum returns the MAC (its first size bytes) without changing m.
func (m *hmac256) sum() [32]byte {
	// Inner hash: FIPS 180-4 section 5.1.1 padding of the message, which
	// follows one key block, so the bit length counts 64 more bytes.
	h := m.h
	var blk [sha2.BlockSize256]byte
	bits := (m.n + sha2.BlockSize256) << 3
	if m.nx == 0 {
		// The message filled whole blocks: the last block is padding only.
		// It is kept from one Sum to the next (MACs of same-length messages
		// are common), so the kernel reads bytes written long before rather
		// than waiting for just-made stores.
		if m.padBits != bits {
			m.pad = [sha2.BlockSize256]byte{0: 0x80}
			binary.BigEndian.PutUint64(m.pad[56:], bits)
			m.padBits = bits
		}
		sha2.Block256(&h, m.pad[:])
		return outer256(&m.oh, &h, m.size, &blk)
	}
	copy(blk[:], m.x[:m.nx])
	blk[m.nx] = 0x80
	if m.nx >= sha2.BlockSize256-8 {
		sha2.Block256(&h, blk[:])
		blk = [sha2.BlockSize256]byte{}
	}
	binary.BigEndian.PutUint64(blk[56:], bits)
	sha2.Block256(&h, blk[:])
	return outer256(&m.oh, &h, m.size, &blk)
}

// outer256 finishes HMAC-SHA-256 or -224 from the inner chaining value h;
// blk is scratch space for SHA-224.
func outer256(oh, h *[8]uint32, size int, blk *[sha2.BlockSize256]byte) [32]byte {
	if size == sha2.Size256 {
		var out [32]byte
		sha2.Outer256(oh, h, &out)
		return out
	}
	return outer256Generic(oh, h, size, blk)
}

// outer256Generic finishes HMAC from the inner chaining value h: the inner
// digest (its first size bytes) padded to one block, compressed from oh. blk
// is scratch space.
func outer256Generic(oh, h *[8]uint32, size int, blk *[sha2.BlockSize256]byte) [32]byte {
	*blk = [sha2.BlockSize256]byte{}
	for i := range size / 4 {
		binary.BigEndian.PutUint32(blk[4*i:], h[i])
	}
	blk[size] = 0x80
	binary.BigEndian.PutUint64(blk[56:], uint64(sha2.BlockSize256+size)<<3)
	o := *oh
	sha2.Block256(&o, blk[:])
	var out [32]byte
	for i, v := range o {
		binary.BigEndian.PutUint32(out[4*i:], v)
	}
	return out
}

func (m *hmac256) Clone() (hash.Cloner, error) {
	c := *m
	return &c, nil
}

// hmac512 is HMAC with SHA-512, SHA-384, SHA-512/224 or SHA-512/256.
type hmac512 struct {
	h    [8]uint64
	x    [sha2.BlockSize512]byte
	nx   int
	n    uint64
	ih   [8]uint64
	oh   [8]uint64
	size int
}

func (m *hmac512) init(kind sha2.Kind512, key []byte) {
	m.ih, m.oh = sha2.HMACKeys512(kind, key)
	m.size = kind.Size()
	m.Reset()
}

func (m *hmac512) Size() int      { return m.size }
func (m *hmac512) BlockSize() int { return sha2.BlockSize512 }

func (m *hmac512) Reset() {
	m.h = m.ih
	m.nx = 0
	m.n = 0
}

func (m *hmac512) Write(p []byte) (int, error) {
	n := len(p)
	m.n += uint64(n)
	if m.nx > 0 {
		c := copy(m.x[m.nx:], p)
		m.nx += c
		p = p[c:]
		if m.nx < sha2.BlockSize512 {
			return n, nil
		}
		sha2.Block512(&m.h, m.x[:])
		m.nx = 0
	}
	if len(p) >= sha2.BlockSize512 {
		k := len(p) &^ (sha2.BlockSize512 - 1)
		sha2.Block512(&m.h, p[:k])
		p = p[k:]
	}
	m.nx = copy(m.x[:], p)
	return n, nil
}

func (m *hmac512) Sum(in []byte) []byte {
	out := m.sum()
	return append(in, out[:m.size]...)
}

func (m *hmac512) sum() [64]byte {
	// FIPS 180-4 section 5.1.2: a 128-bit bit length, of the message plus
	// the key block.
	h := m.h
	var blk [sha2.BlockSize512]byte
	copy(blk[:], m.x[:m.nx])
	blk[m.nx] = 0x80
	if m.nx >= sha2.BlockSize512-16 {
		sha2.Block512(&h, blk[:])
		blk = [sha2.BlockSize512]byte{}
	}
	total := m.n + sha2.BlockSize512
	hi := total >> 61
	if total < m.n {
		hi += 8 // the byte count carried past 2^64
	}
	binary.BigEndian.PutUint64(blk[112:], hi)
	binary.BigEndian.PutUint64(blk[120:], total<<3)
	sha2.Block512(&h, blk[:])
	return outer512(&m.oh, &h, m.size, &blk)
}

// outer512 is outer256 for the SHA-512 family; size may be 28 (SHA-512/224),
// which ends in the middle of a word.
func outer512(oh, h *[8]uint64, size int, blk *[sha2.BlockSize512]byte) [64]byte {
	*blk = [sha2.BlockSize512]byte{}
	var d [64]byte
	for i, v := range h {
		binary.BigEndian.PutUint64(d[8*i:], v)
	}
	copy(blk[:], d[:size])
	blk[size] = 0x80
	binary.BigEndian.PutUint64(blk[120:], uint64(sha2.BlockSize512+size)<<3)
	o := *oh
	sha2.Block512(&o, blk[:])
	var out [64]byte
	for i, v := range o {
		binary.BigEndian.PutUint64(out[8*i:], v)
	}
	return out
}

func (m *hmac512) Clone() (hash.Cloner, error) {
	c := *m
	return &c, nil
}
