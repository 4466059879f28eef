// Package sha2 holds the SHA-256 and SHA-512 engines (FIPS 180-4) shared by
// the sha256 and sha512 packages and by the constructions built on them
// (hmac, hkdf, pbkdf2, scrypt), which use Block256/Block512 and the keyed
// HMAC states HMAC256/HMAC512 (hmacstate.go).
//
// The digest types contain no pointers or slices: assigning one copies the
// whole state, which is how HMAC saves and restores its keyed states.
package sha2

import (
	"encoding/binary"
	"errors"
	"hash"
	"math/bits"
)

const (
	Size224      = 28
	Size256      = 32
	BlockSize256 = 64
)

// Initial hash values, FIPS 180-4 sections 5.3.2 and 5.3.3.
var (
	IV224 = [8]uint32{0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4}
	IV256 = [8]uint32{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19}
)

// Digest256 is a SHA-256 or SHA-224 computation.
type Digest256 struct {
	h     [8]uint32
	x     [BlockSize256]byte
	nx    int
	len   uint64
	is224 bool
}

// init256 and init224 set d to the initial state of SHA-256 and SHA-224.
func (d *Digest256) init256() { *d = Digest256{h: IV256} }
func (d *Digest256) init224() { *d = Digest256{h: IV224, is224: true} }

// New256 and New224 return new digests.
func New256() *Digest256 { d := new(Digest256); d.init256(); return d }
func New224() *Digest256 { d := new(Digest256); d.init224(); return d }

func (d *Digest256) Reset() {
	if d.is224 {
		d.init224()
	} else {
		d.init256()
	}
}

func (d *Digest256) Size() int {
	if d.is224 {
		return Size224
	}
	return Size256
}

func (d *Digest256) BlockSize() int { return BlockSize256 }

// Write is written out with direct calls of block256, not through
// internal/mdhash.Write as Digest512's is: the calls of function values
// there cost measurably on the short messages that the SHA-NI kernel hashes
// fastest.
func (d *Digest256) Write(p []byte) (int, error) {
	n := len(p)
	d.len += uint64(n)
	if d.nx > 0 {
		c := copy(d.x[d.nx:], p)
		d.nx += c
		p = p[c:]
		if d.nx < BlockSize256 {
			return n, nil
		}
		block256(&d.h, d.x[:])
		d.nx = 0
	}
	if len(p) >= BlockSize256 {
		m := len(p) &^ (BlockSize256 - 1)
		block256(&d.h, p[:m])
		p = p[m:]
	}
	d.nx = copy(d.x[:], p)
	return n, nil
}

func (d *Digest256) Sum(in []byte) []byte {
	h := d.h // Sum must not change the state
	sum := finish256(&h, d.x[:d.nx], d.len)
	return append(in, sum[:d.Size()]...)
}

// checksum finishes the computation and returns the digest, of which the
// first Size() bytes are the hash. It may change d (its chaining value), so
// d needs a Reset before further use; Sum does not change d.
func (d *Digest256) checksum() [32]byte {
	return finish256(&d.h, d.x[:d.nx], d.len)
}

func (d *Digest256) Clone() (hash.Cloner, error) {
	c := *d
	return &c, nil
}

// The marshalled format is the standard library's (crypto/sha256), so saved
// states move between the two: magic, the eight words, the block buffer
// padded to 64 bytes, the byte count.
const (
	magic224         = "sha\x02"
	magic256         = "sha\x03"
	marshaledSize256 = len(magic256) + 8*4 + BlockSize256 + 8
)

func (d *Digest256) MarshalBinary() ([]byte, error) {
	return d.AppendBinary(make([]byte, 0, marshaledSize256))
}

func (d *Digest256) AppendBinary(b []byte) ([]byte, error) {
	if d.is224 {
		b = append(b, magic224...)
	} else {
		b = append(b, magic256...)
	}
	for _, v := range d.h {
		b = binary.BigEndian.AppendUint32(b, v)
	}
	b = append(b, d.x[:d.nx]...)
	b = append(b, make([]byte, BlockSize256-d.nx)...)
	return binary.BigEndian.AppendUint64(b, d.len), nil
}

func (d *Digest256) UnmarshalBinary(b []byte) error {
	if len(b) < len(magic256) || (d.is224 && string(b[:4]) != magic224) || (!d.is224 && string(b[:4]) != magic256) {
		return errors.New("hashkit/sha256: invalid hash state identifier")
	}
	if len(b) != marshaledSize256 {
		return errors.New("hashkit/sha256: invalid hash state size")
	}
	b = b[4:]
	for i := range d.h {
		d.h[i] = binary.BigEndian.Uint32(b)
		b = b[4:]
	}
	copy(d.x[:], b[:BlockSize256])
	b = b[BlockSize256:]
	d.len = binary.BigEndian.Uint64(b)
	d.nx = int(d.len % BlockSize256)
	return nil
}

// Block256 runs the SHA-256 compression function over p, whose length must be
// a multiple of 64, updating h, on the fastest kernel this CPU has.
func Block256(h *[8]uint32, p []byte) { block256(h, p) }

// k256 are the SHA-256 constants, FIPS 180-4 section 4.2.2. The amd64
// kernels read this table too (·k256).
var k256 = [64]uint32{
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
}

// block256Generic is FIPS 180-4 section 6.2.2, one 64-byte block at a time.
func block256Generic(h *[8]uint32, p []byte) {
	var w [64]uint32
	for len(p) >= BlockSize256 {
		blk := (*[BlockSize256]byte)(p)
		// 1. Prepare the message schedule.
		for t := range 16 {
			w[t] = binary.BigEndian.Uint32(blk[4*t:])
		}
		for t := 16; t < 64; t++ {
			s0 := bits.RotateLeft32(w[t-15], -7) ^ bits.RotateLeft32(w[t-15], -18) ^ w[t-15]>>3
			s1 := bits.RotateLeft32(w[t-2], -17) ^ bits.RotateLeft32(w[t-2], -19) ^ w[t-2]>>10
			w[t] = s1 + w[t-7] + s0 + w[t-16]
		}
		// 2. Initialise the working variables.
		a, b, c, d, e, f, g, hh := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
		// 3. The 64 rounds.
		for t := range 64 {
			S1 := bits.RotateLeft32(e, -6) ^ bits.RotateLeft32(e, -11) ^ bits.RotateLeft32(e, -25)
			ch := (e & f) ^ (^e & g)
			t1 := hh + S1 + ch + k256[t] + w[t]
			S0 := bits.RotateLeft32(a, -2) ^ bits.RotateLeft32(a, -13) ^ bits.RotateLeft32(a, -22)
			maj := (a & b) ^ (a & c) ^ (b & c)
			t2 := S0 + maj
			hh, g, f, e, d, c, b, a = g, f, e, d+t1, c, b, a, t1+t2
		}
		// 4. The intermediate hash value.
		h[0] += a
		h[1] += b
		h[2] += c
		h[3] += d
		h[4] += e
		h[5] += f
		h[6] += g
		h[7] += hh
		p = p[BlockSize256:]
	}
}
