package sha2

import "encoding/binary"

// The keyed HMAC-SHA-2 state shared by hmac, hkdf and pbkdf2. After the key
// blocks, HMAC's inner and outer hashes are SHA-2 computations that have
// processed exactly one block, so all that must be kept is their chaining
// values (FIPS 198-1 section 6 allows these intermediate results to be
// precomputed). Reset restores the inner chaining value by assignment; Sum
// pads the inner message in a stack block and compresses the inner digest,
// itself padded to one block, from the outer chaining value. The types hold
// no pointers, so assigning one copies the whole state (Clone).

// HMACKey256 is the key of HMAC-SHA-256 or HMAC-SHA-224: what a one-shot
// MAC over a message built in one block needs (HKDF's), without the 200
// bytes of a running HMAC256.
type HMACKey256 struct {
	IH, OH [8]uint32 // chaining values after the inner and the outer key block
	size   int
}

// SetKey keys k for HMAC of size Size256 or Size224 with key (of any
// length).
func (k *HMACKey256) SetKey(size int, key []byte) {
	k.IH, k.OH = HMACKeys256(size, key)
	k.size = size
}

// Size returns the MAC size in bytes.
func (k *HMACKey256) Size() int { return k.size }

// HMAC256 is a running HMAC-SHA-256 or HMAC-SHA-224 with a key.
type HMAC256 struct {
	HMACKey256

	// d is the running inner hash, from IH; its length counts the key
	// block.
	d Digest256

	// pad is the padding block of a message of whole blocks whose bit
	// length, key block included, is padBits (0: not made yet).
	pad     [BlockSize256]byte
	padBits uint64
}

// Init keys m for HMAC of size Size256 or Size224 with key (of any length)
// and resets it.
func (m *HMAC256) Init(size int, key []byte) {
	m.SetKey(size, key)
	m.Reset()
}

// Reset returns to the state after the key block. It sets the fields one
// by one: assigning a whole Digest256 would also clear its block buffer.
func (m *HMAC256) Reset() {
	m.d.h = m.IH
	m.d.nx = 0
	m.d.len = BlockSize256
}

// Write adds p to the message.
func (m *HMAC256) Write(p []byte) { m.d.Write(p) }

// WriteString is Write for a string, through the block buffer so that no
// conversion to []byte is needed.
func (m *HMAC256) WriteString(p string) {
	d := &m.d
	d.len += uint64(len(p))
	for len(p) > 0 {
		c := copy(d.x[d.nx:], p)
		d.nx += c
		p = p[c:]
		if d.nx == BlockSize256 {
			block256(&d.h, d.x[:])
			d.nx = 0
		}
	}
}

// Sum returns the MAC of the message so far (its first Size bytes) without
// changing the message.
func (m *HMAC256) Sum() (out [Size256]byte) {
	m.finish(&out, nil)
	return out
}

// SumWords returns the MAC as the outer hash's final chaining value (the
// MAC is the big-endian bytes of its first Size/4 words), for PBKDF2's
// chains of words.
func (m *HMAC256) SumWords() (o [8]uint32) {
	m.finish(nil, &o)
	return o
}

// finish computes the MAC into out, or as the outer chaining value into
// words if out is nil: one function, so that Sum is a single call away from
// the kernels. The inner hash is padded as FIPS 180-4 section 5.1.1 says,
// for a message that follows one key block.
func (m *HMAC256) finish(out *[Size256]byte, words *[8]uint32) {
	h := m.d.h
	bits := m.d.len << 3
	if m.d.nx == 0 {
		// The message filled whole blocks: the last block is padding only.
		// It is kept from one Sum to the next (MACs of same-length messages
		// are common), so the kernel reads bytes written long before rather
		// than waiting for just-made stores.
		if m.padBits != bits {
			m.pad = [BlockSize256]byte{0: 0x80}
			binary.BigEndian.PutUint64(m.pad[56:], bits)
			m.padBits = bits
		}
		block256(&h, m.pad[:])
	} else {
		var blk [BlockSize256]byte
		copy(blk[:], m.d.x[:m.d.nx])
		blk[m.d.nx] = 0x80
		if m.d.nx >= BlockSize256-8 {
			block256(&h, blk[:])
			blk = [BlockSize256]byte{}
		}
		binary.BigEndian.PutUint64(blk[56:], bits)
		block256(&h, blk[:])
	}
	switch {
	case out == nil:
		var blk [BlockSize256]byte
		*words = m.outerWords(&h, &blk)
	case m.size == Size256:
		outer256(&m.OH, &h, out)
	default:
		m.outer224(&h, out)
	}
}

// Outer sets out (its first Size bytes) to the MAC whose inner hash ended
// with the chaining value h. It is small enough to inline, so SHA-256's
// kernel is called directly.
func (k *HMACKey256) Outer(h *[8]uint32, out *[Size256]byte) {
	if k.size == Size256 {
		outer256(&k.OH, h, out)
		return
	}
	k.outer224(h, out)
}

func (k *HMACKey256) outer224(h *[8]uint32, out *[Size256]byte) {
	var blk [BlockSize256]byte
	o := k.outerWords(h, &blk)
	for i, v := range o {
		binary.BigEndian.PutUint32(out[4*i:], v)
	}
}

// outerWords compresses, from OH, the inner digest (the first Size bytes
// of h) padded to one block, and returns the chaining value; blk is scratch
// space.
func (k *HMACKey256) outerWords(h *[8]uint32, blk *[BlockSize256]byte) [8]uint32 {
	*blk = [BlockSize256]byte{}
	for i := range k.size / 4 {
		binary.BigEndian.PutUint32(blk[4*i:], h[i])
	}
	blk[k.size] = 0x80
	binary.BigEndian.PutUint64(blk[56:], uint64(BlockSize256+k.size)<<3)
	o := k.OH
	block256(&o, blk[:])
	return o
}

// HMAC512 is HMAC with SHA-512, SHA-384, SHA-512/224 or SHA-512/256, with a
// key.
type HMAC512 struct {
	IH, OH [8]uint64 // chaining values after the inner and the outer key block
	size   int

	// d is the running inner hash, from IH; its length counts the key
	// block.
	d Digest512
}

// Init keys m for HMAC over the family member kind with key (of any
// length) and resets it.
func (m *HMAC512) Init(kind Kind512, key []byte) {
	m.IH, m.OH = HMACKeys512(kind, key)
	m.size = kind.Size()
	m.Reset()
}

// Size returns the MAC size in bytes.
func (m *HMAC512) Size() int { return m.size }

// Reset returns to the state after the key block (see HMAC256.Reset).
func (m *HMAC512) Reset() {
	m.d.h = m.IH
	m.d.nx = 0
	m.d.len = BlockSize512
}

// Write adds p to the message.
func (m *HMAC512) Write(p []byte) { m.d.Write(p) }

// Sum returns the MAC of the message so far (its first Size bytes) without
// changing the message.
func (m *HMAC512) Sum() [Size512]byte {
	o := m.SumWords()
	var out [Size512]byte
	for i, v := range o {
		binary.BigEndian.PutUint64(out[8*i:], v)
	}
	return out
}

// SumWords returns the MAC as the outer hash's final chaining value.
func (m *HMAC512) SumWords() [8]uint64 {
	// The inner digest: the message after the key block (counted in
	// d.len), padded (FIPS 180-4 section 5.1.2).
	h := m.d.h
	d := finish512(&h, m.d.x[:m.d.nx], m.d.len)
	// The outer hash: the inner digest (its first size bytes; 28 for
	// SHA-512/224 ends in the middle of a word) padded to one block.
	var blk [BlockSize512]byte
	copy(blk[:], d[:m.size])
	blk[m.size] = 0x80
	binary.BigEndian.PutUint64(blk[120:], uint64(BlockSize512+m.size)<<3)
	o := m.OH
	block512(&o, blk[:])
	return o
}
