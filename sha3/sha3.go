// Package sha3 implements the SHA-3 hash functions and extendable-output
// functions of [FIPS 202] (SHA3-224, SHA3-256, SHA3-384, SHA3-512, SHAKE128,
// SHAKE256), the derived functions of [SP 800-185] (cSHAKE, KMAC, TupleHash,
// ParallelHash), the original Keccak hashes used by Ethereum (legacy
// Keccak-224/256/384/512), and KeccakPRG, the Keccak team's duplex
// pseudo-random generator.
//
// The API of the FIPS 202 functions mirrors the standard library's
// crypto/sha3: New256 returns a *SHA3, Sum256 returns a [32]byte, NewSHAKE128
// returns a *SHAKE implementing hash.XOF. The fixed-size hashes (SHA3,
// KMAC, ParallelHash, legacy Keccak) implement hash.Hash and hash.Cloner;
// the XOFs implement hash.XOF and a Clone that returns their own type
// (hash.Cloner would require Sum); TupleHash takes elements through
// WriteElement instead of Write. The unkeyed ones also implement
// encoding.BinaryMarshaler, BinaryAppender and BinaryUnmarshaler.
//
// golang.org/x/crypto/sha3's names are here too: ShakeHash, NewShake128,
// NewShake256, NewCShake128, NewCShake256, ShakeSum128, ShakeSum256, and
// NewLegacyKeccak224 to 512, which return a hash.Hash whose value also
// squeezes output with Read. Code written for either package therefore
// compiles with only the import path changed, except where x/crypto's
// New224 to New512 are used as func() hash.Hash values: these return *SHA3,
// as crypto/sha3's do, so write func() hash.Hash { return sha3.New256() }.
//
// # Which function should I use?
//
// For a general-purpose hash, SHA3-256 (Sum256, New256). For output of any
// length, SHAKE256 (or SHAKE128 where 128-bit security is enough). To keep
// the outputs of different applications apart, cSHAKE with a customization
// string S. For a MAC, KMAC256 (KMAC128 for 128-bit security), and compare
// tags with Equal or KMAC.Verify, which take constant time. To hash a list of
// byte strings unambiguously, TupleHash. For very large inputs on several
// cores, ParallelHash (or KangarooTwelve in package k12, which is faster).
// Legacy Keccak only where a protocol (Ethereum) requires it.
//
// [FIPS 202]: https://doi.org/10.6028/NIST.FIPS.202
// [SP 800-185]: https://doi.org/10.6028/NIST.SP.800-185
package sha3

import (
	"errors"
	"hash"

	"github.com/hashkit/hashkit/internal/keccak"
)

// Digest sizes in bytes.
const (
	Size224 = 28
	Size256 = 32
	Size384 = 48
	Size512 = 64
)

// Algorithm identifiers in the marshalled state (byte 3 of the magic).
const (
	kindSHA3_224 = 1 + iota
	kindSHA3_256
	kindSHA3_384
	kindSHA3_512
	kindKeccak224
	kindKeccak256
	kindKeccak384
	kindKeccak512
	kindSHAKE128
	kindSHAKE256
	kindCSHAKE128
	kindCSHAKE256
)

const magic = "hk3" // followed by the kind byte

var errMarshal = errors.New("hashkit/sha3: invalid hash state")

// SHA3 is a SHA-3 hash with a fixed digest size. It
// implements hash.Hash, hash.Cloner, encoding.BinaryMarshaler,
// encoding.BinaryAppender and encoding.BinaryUnmarshaler. The zero value is
// a usable SHA3-256 hash, as crypto/sha3's is.
type SHA3 struct {
	s   keccak.Sponge
	std stdSHA3 // crypto/sha3's state on its path (stdlib.go); no room elsewhere
	// lib: std holds the state and s only the rate. Set when the hash is
	// made, so it keeps its path for life.
	lib  bool
	kind uint8
}

var (
	_ hash.Hash   = (*SHA3)(nil)
	_ hash.Cloner = (*SHA3)(nil)
)

func newSHA3(kind uint8) *SHA3 {
	d := &SHA3{kind: kind}
	d.init()
	return d
}

// sizeOf gives the digest size of a fixed-size kind; the capacity is twice
// the digest size (FIPS 202 section 6.1, and the Keccak submission).
func sizeOf(kind uint8) int {
	switch kind {
	case kindSHA3_224, kindKeccak224:
		return Size224
	case kindSHA3_256, kindKeccak256:
		return Size256
	case kindSHA3_384, kindKeccak384:
		return Size384
	}
	return Size512
}

// ready makes the zero value a SHA3-256 hash; every method calls it first,
// as crypto/sha3 does, so that a declared `var d SHA3` works.
func (d *SHA3) ready() {
	if d.kind == 0 {
		d.kind = kindSHA3_256
		d.init()
	}
}

func (d *SHA3) init() {
	ds := byte(keccak.DomainSHA3)
	if d.kind >= kindKeccak224 {
		ds = keccak.DomainKeccak
	}
	d.s.Init(keccak.StateSize-2*sizeOf(d.kind), keccak.MaxRounds, ds)
	d.lib = stdlibKernel != 0 && d.kind <= kindSHA3_512
	if d.lib {
		d.std = newStdSHA3(d.kind)
	}
}

// New224 returns a new SHA3-224 hash (collision resistance 112 bits,
// preimage resistance 224 bits).
func New224() *SHA3 { return newSHA3(kindSHA3_224) }

// New256 returns a new SHA3-256 hash (collision resistance 128 bits,
// preimage resistance 256 bits).
func New256() *SHA3 { return newSHA3(kindSHA3_256) }

// New384 returns a new SHA3-384 hash (collision resistance 192 bits,
// preimage resistance 384 bits).
func New384() *SHA3 { return newSHA3(kindSHA3_384) }

// New512 returns a new SHA3-512 hash (collision resistance 256 bits,
// preimage resistance 512 bits).
func New512() *SHA3 { return newSHA3(kindSHA3_512) }

// Write absorbs more data into the hash's state. It never returns an error.
func (d *SHA3) Write(p []byte) (int, error) {
	d.ready()
	if stdlibKernel != 0 && d.lib {
		writeStdSHA3(&d.std, p, d.s.Rate())
		return len(p), nil
	}
	d.s.Absorb(p)
	return len(p), nil
}

// Sum appends the current hash to b and returns the resulting slice. It does
// not change the underlying hash state.
func (d *SHA3) Sum(b []byte) []byte {
	d.ready()
	if stdlibKernel != 0 && d.lib {
		return d.std.Sum(b)
	}
	s := d.s
	var out [Size512]byte
	n := sizeOf(d.kind)
	s.Squeeze(out[:n])
	return append(b, out[:n]...)
}

// Reset resets the hash to its initial state.
func (d *SHA3) Reset() {
	d.ready()
	if stdlibKernel != 0 && d.lib {
		d.std.Reset()
		return
	}
	d.s.Reset()
}

// Size returns the number of bytes Sum appends.
func (d *SHA3) Size() int { d.ready(); return sizeOf(d.kind) }

// BlockSize returns the rate of the sponge in bytes.
func (d *SHA3) BlockSize() int { d.ready(); return d.s.Rate() }

// Clone returns an independent copy of the hash. The error is always nil.
func (d *SHA3) Clone() (hash.Cloner, error) {
	d.ready()
	c := *d
	return &c, nil
}

// MarshalBinary encodes the hash state (206 bytes: a 4-byte magic naming
// the algorithm, the 200-byte state, the position in the block and a
// flag). The format is stable across versions.
func (d *SHA3) MarshalBinary() ([]byte, error) {
	return d.AppendBinary(make([]byte, 0, 4+keccak.MarshaledSize))
}

// AppendBinary appends the encoding of MarshalBinary to b.
func (d *SHA3) AppendBinary(b []byte) ([]byte, error) {
	d.ready()
	b = append(b, magic...)
	b = append(b, d.kind)
	if stdlibKernel != 0 && d.lib {
		var buf [stdMarshaledSize]byte
		st, err := d.std.AppendBinary(buf[:0])
		if err != nil {
			return nil, err
		}
		return appendFromStd(b, st), nil
	}
	return d.s.AppendBinary(b), nil
}

// UnmarshalBinary restores a state written by MarshalBinary for the same
// algorithm. It returns an error for any other input and then leaves the
// hash unchanged.
func (d *SHA3) UnmarshalBinary(b []byte) error {
	d.ready()
	// A fixed-size hash never squeezes in place (Sum works on a copy).
	return d.unmarshal(b, false)
}

// unmarshal is UnmarshalBinary, for a squeezing state too if squeezing is
// allowed (legacy Keccak's Read).
func (d *SHA3) unmarshal(b []byte, squeezing bool) error {
	if len(b) != 4+keccak.MarshaledSize || string(b[:3]) != magic || b[3] != d.kind {
		return errMarshal
	}
	s := d.s
	if err := s.UnmarshalBinary(b[4:]); err != nil || (s.Squeezing() && !squeezing) {
		return errMarshal
	}
	if stdlibKernel != 0 && d.lib {
		var buf [stdMarshaledSize]byte
		if d.std.UnmarshalBinary(toStd(&buf, stdMagicSHA3, s.Rate(), b[4:])) != nil {
			return errMarshal
		}
		return nil
	}
	d.s = s
	return nil
}

// sum is the one-shot body shared by the fixed-size functions: it runs on a
// stack sponge and writes into out without allocating.
func sum(out []byte, data []byte, ds byte) {
	if stdlibKernel != 0 && ds == keccak.DomainSHA3 {
		sumStd(out, data)
		return
	}
	keccak.Sum(out, data, keccak.StateSize-2*len(out), keccak.MaxRounds, ds)
}

// Sum224 returns the SHA3-224 hash of data.
func Sum224(data []byte) (out [Size224]byte) { sum(out[:], data, keccak.DomainSHA3); return }

// Sum256 returns the SHA3-256 hash of data.
func Sum256(data []byte) (out [Size256]byte) { sum(out[:], data, keccak.DomainSHA3); return }

// Sum384 returns the SHA3-384 hash of data.
func Sum384(data []byte) (out [Size384]byte) { sum(out[:], data, keccak.DomainSHA3); return }

// Sum512 returns the SHA3-512 hash of data.
func Sum512(data []byte) (out [Size512]byte) { sum(out[:], data, keccak.DomainSHA3); return }

// SumKeccak224 returns the legacy Keccak-224 hash of data (see
// NewLegacyKeccak224 for the warning).
func SumKeccak224(data []byte) (out [Size224]byte) { sum(out[:], data, keccak.DomainKeccak); return }

// SumKeccak256 returns the legacy Keccak-256 hash of data, Ethereum's
// keccak256. It does not allocate.
func SumKeccak256(data []byte) (out [Size256]byte) { sum(out[:], data, keccak.DomainKeccak); return }

// SumKeccak384 returns the legacy Keccak-384 hash of data.
func SumKeccak384(data []byte) (out [Size384]byte) { sum(out[:], data, keccak.DomainKeccak); return }

// SumKeccak512 returns the legacy Keccak-512 hash of data.
func SumKeccak512(data []byte) (out [Size512]byte) { sum(out[:], data, keccak.DomainKeccak); return }
