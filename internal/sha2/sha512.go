package sha2

import (
	"encoding/binary"
	"errors"
	"hash"
	"math/bits"

	"github.com/hashkit/hashkit/internal/mdhash"
)

const (
	Size384      = 48
	Size512      = 64
	Size512_224  = 28
	Size512_256  = 32
	BlockSize512 = 128
)

// Initial hash values, FIPS 180-4 sections 5.3.4 to 5.3.6 (the SHA-512/t
// values come from the IV generation function of section 5.3.6).
var (
	IV384     = [8]uint64{0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17, 0x152fecd8f70e5939, 0x67332667ffc00b31, 0x8eb44a8768581511, 0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4}
	IV512     = [8]uint64{0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1, 0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179}
	IV512_224 = [8]uint64{0x8c3d37c819544da2, 0x73e1996689dcd4d6, 0x1dfab7ae32ff9c82, 0x679dd514582f9fcf, 0x0f6d2b697bd44da8, 0x77e36f7304c48942, 0x3f9d85a86a1d36c8, 0x1112e6ad91d692a1}
	IV512_256 = [8]uint64{0x22312194fc2bf72c, 0x9f555fa3c84c64c2, 0x2393b86b6f53b151, 0x963877195940eabd, 0x96283ee2a88effe3, 0xbe5e1e2553863992, 0x2b0199fc2c85b8aa, 0x0eb72ddc81c52ca2}
)

// Kind512 selects a member of the SHA-512 family.
type Kind512 uint8

const (
	SHA512 Kind512 = iota
	SHA384
	SHA512_224
	SHA512_256
)

var kinds512 = [...]struct {
	iv    *[8]uint64
	size  int
	magic string
	name  string
}{
	SHA512:     {&IV512, Size512, "sha\x07", "sha512"},
	SHA384:     {&IV384, Size384, "sha\x04", "sha384"},
	SHA512_224: {&IV512_224, Size512_224, "sha\x05", "sha512_224"},
	SHA512_256: {&IV512_256, Size512_256, "sha\x06", "sha512_256"},
}

// Size returns the digest size of the family member k.
func (k Kind512) Size() int { return kinds512[k].size }

// Digest512 is a computation of SHA-512, SHA-384, SHA-512/224 or SHA-512/256.
type Digest512 struct {
	h    [8]uint64
	x    [BlockSize512]byte
	nx   int
	len  uint64 // bytes; the 128-bit length field's high word is len>>61
	kind Kind512
}

// init sets d to the initial state of kind.
func (d *Digest512) init(kind Kind512) { *d = Digest512{h: *kinds512[kind].iv, kind: kind} }

// New512 returns a new digest of kind.
func New512(kind Kind512) *Digest512 { d := new(Digest512); d.init(kind); return d }

func (d *Digest512) Reset()         { d.init(d.kind) }
func (d *Digest512) Size() int      { return kinds512[d.kind].size }
func (d *Digest512) BlockSize() int { return BlockSize512 }

func (d *Digest512) Write(p []byte) (int, error) {
	d.len += uint64(len(p))
	d.nx = mdhash.Write(d.x[:], d.nx, p, func() { block512(&d.h, d.x[:]) }, func(i, j int) { block512(&d.h, p[i:j]) })
	return len(p), nil
}

func (d *Digest512) Sum(in []byte) []byte {
	h := d.h // Sum must not change the state
	sum := finish512(&h, d.x[:d.nx], d.len)
	return append(in, sum[:d.Size()]...)
}

// checksum finishes the computation and returns the 64-byte final hash
// value, of which the first Size() bytes are the digest. It changes d (its
// chaining value); Sum does not.
func (d *Digest512) checksum() [64]byte {
	return finish512(&d.h, d.x[:d.nx], d.len)
}

func (d *Digest512) Clone() (hash.Cloner, error) {
	c := *d
	return &c, nil
}

// The marshalled format is the standard library's (crypto/sha512).
const marshaledSize512 = 4 + 8*8 + BlockSize512 + 8

func (d *Digest512) MarshalBinary() ([]byte, error) {
	return d.AppendBinary(make([]byte, 0, marshaledSize512))
}

func (d *Digest512) AppendBinary(b []byte) ([]byte, error) {
	b = append(b, kinds512[d.kind].magic...)
	for _, v := range d.h {
		b = binary.BigEndian.AppendUint64(b, v)
	}
	b = append(b, d.x[:d.nx]...)
	b = append(b, make([]byte, BlockSize512-d.nx)...)
	return binary.BigEndian.AppendUint64(b, d.len), nil
}

func (d *Digest512) UnmarshalBinary(b []byte) error {
	if len(b) < 4 || string(b[:4]) != kinds512[d.kind].magic {
		return errors.New("hashkit/sha512: invalid hash state identifier")
	}
	if len(b) != marshaledSize512 {
		return errors.New("hashkit/sha512: invalid hash state size")
	}
	b = b[4:]
	for i := range d.h {
		d.h[i] = binary.BigEndian.Uint64(b)
		b = b[8:]
	}
	copy(d.x[:], b[:BlockSize512])
	b = b[BlockSize512:]
	d.len = binary.BigEndian.Uint64(b)
	d.nx = int(d.len % BlockSize512)
	return nil
}

// Block512 runs the SHA-512 compression function over p, whose length must
// be a multiple of 128, updating h, on the fastest kernel this CPU has.
func Block512(h *[8]uint64, p []byte) { block512(h, p) }

// k512 are the SHA-384/512 constants, FIPS 180-4 section 4.2.3. The amd64
// kernels read this table too (·k512).
var k512 = [80]uint64{
	0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc,
	0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118,
	0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2,
	0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694,
	0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
	0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5,
	0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4,
	0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70,
	0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df,
	0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
	0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30,
	0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8,
	0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8,
	0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3,
	0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
	0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b,
	0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178,
	0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b,
	0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c,
	0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
}

// block512Generic is FIPS 180-4 section 6.4.2, one 128-byte block at a time.
func block512Generic(h *[8]uint64, p []byte) {
	var w [80]uint64
	for len(p) >= BlockSize512 {
		blk := (*[BlockSize512]byte)(p)
		for t := range 16 {
			w[t] = binary.BigEndian.Uint64(blk[8*t:])
		}
		for t := 16; t < 80; t++ {
			s0 := bits.RotateLeft64(w[t-15], -1) ^ bits.RotateLeft64(w[t-15], -8) ^ w[t-15]>>7
			s1 := bits.RotateLeft64(w[t-2], -19) ^ bits.RotateLeft64(w[t-2], -61) ^ w[t-2]>>6
			w[t] = s1 + w[t-7] + s0 + w[t-16]
		}
		a, b, c, d, e, f, g, hh := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
		for t := range 80 {
			S1 := bits.RotateLeft64(e, -14) ^ bits.RotateLeft64(e, -18) ^ bits.RotateLeft64(e, -41)
			ch := (e & f) ^ (^e & g)
			t1 := hh + S1 + ch + k512[t] + w[t]
			S0 := bits.RotateLeft64(a, -28) ^ bits.RotateLeft64(a, -34) ^ bits.RotateLeft64(a, -39)
			maj := (a & b) ^ (a & c) ^ (b & c)
			hh, g, f, e, d, c, b, a = g, f, e, d+t1, c, b, a, t1+S0+maj
		}
		h[0] += a
		h[1] += b
		h[2] += c
		h[3] += d
		h[4] += e
		h[5] += f
		h[6] += g
		h[7] += hh
		p = p[BlockSize512:]
	}
}
