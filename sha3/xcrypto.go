package sha3

import (
	"hash"
	"io"

	"github.com/hashkit/hashkit/internal/keccak"
)

// This file holds golang.org/x/crypto/sha3's names that the standard
// library's crypto/sha3 lacks, so that code written for either compiles
// with only the import path changed. The one conflict is New224 to New512:
// x/crypto's return hash.Hash, these (like crypto/sha3's) return *SHA3, so a
// function value of type func() hash.Hash is written
// func() hash.Hash { return sha3.New256() }.

// ShakeHash is x/crypto/sha3's interface for SHAKE and cSHAKE: a hash.Hash
// whose Sum appends Size bytes of output (32 for the 128-bit functions, 64
// for the 256-bit ones) without changing the state, and whose Read squeezes
// any amount of output; after Read, Write and Sum panic.
type ShakeHash interface {
	hash.Hash
	io.Reader
	// Clone returns an independent copy of the ShakeHash in its state.
	Clone() ShakeHash
}

// shakeHash adds Size, Sum and a ShakeHash-typed Clone to SHAKE.
type shakeHash struct {
	SHAKE
	size int
}

// NewShake128 returns SHAKE128 as a ShakeHash (as x/crypto/sha3); Sum
// appends 32 bytes. Security is 128 bits against all attacks when at least
// 32 bytes of output are used.
func NewShake128() ShakeHash { return &shakeHash{*NewSHAKE128(), 32} }

// NewShake256 returns SHAKE256 as a ShakeHash (as x/crypto/sha3); Sum
// appends 64 bytes. Security is 256 bits when at least 64 bytes of output
// are used.
func NewShake256() ShakeHash { return &shakeHash{*NewSHAKE256(), 64} }

// NewCShake128 returns cSHAKE128 with function name N and customization S
// as a ShakeHash (see NewCSHAKE128); Sum appends 32 bytes.
func NewCShake128(N, S []byte) ShakeHash { return &shakeHash{*NewCSHAKE128(N, S), 32} }

// NewCShake256 returns cSHAKE256 with function name N and customization S
// as a ShakeHash (see NewCSHAKE256); Sum appends 64 bytes.
func NewCShake256(N, S []byte) ShakeHash { return &shakeHash{*NewCSHAKE256(N, S), 64} }

// ShakeSum128 writes len(hash) bytes of SHAKE128 output of data into hash
// (x/crypto/sha3's form of SumSHAKE128).
func ShakeSum128(hash, data []byte) { sumSHAKE(hash, data, keccak.Rate128) }

// ShakeSum256 writes len(hash) bytes of SHAKE256 output of data into hash.
func ShakeSum256(hash, data []byte) { sumSHAKE(hash, data, keccak.Rate256) }

func (x *shakeHash) Size() int { return x.size }

// Sum appends Size bytes of output to b without changing the state. It
// panics after Read, as x/crypto's does.
func (x *shakeHash) Sum(b []byte) []byte {
	if x.squeezing() {
		panic("hashkit/sha3: Sum after Read")
	}
	var out [64]byte
	if stdlibKernel != 0 && x.lib {
		h := x.std
		h.Read(out[:x.size])
		return append(b, out[:x.size]...)
	}
	s := x.s
	s.Squeeze(out[:x.size])
	return append(b, out[:x.size]...)
}

func (x *shakeHash) Clone() ShakeHash {
	c := *x
	return &c
}

// legacyKeccak is what NewLegacyKeccak224 to 512 return: a fixed-size hash
// that also squeezes more output with Read, as x/crypto's does (Ethereum
// clients read a Keccak-256 digest into a buffer through Read).
type legacyKeccak struct {
	SHA3
}

func newLegacy(kind uint8) *legacyKeccak {
	k := &legacyKeccak{SHA3{kind: kind}}
	k.init()
	return k
}

// NewLegacyKeccak224 returns a new Keccak-224 hash: the Keccak submission's
// padding (domain byte 0x01) instead of SHA-3's. As x/crypto/sha3's, the
// value also implements Read, which squeezes output after the digest's
// first bytes; after Read, Write and Sum panic.
//
// Legacy Keccak is not SHA-3 and is not a NIST standard. Use it only where a
// protocol requires it (Ethereum uses Keccak-256); otherwise use SHA-3.
func NewLegacyKeccak224() hash.Hash { return newLegacy(kindKeccak224) }

// NewLegacyKeccak256 returns a new Keccak-256 hash, the hash Ethereum calls
// keccak256 (see NewLegacyKeccak224 for Read and the warning). For a
// one-shot hash, SumKeccak256 is faster.
func NewLegacyKeccak256() hash.Hash { return newLegacy(kindKeccak256) }

// NewLegacyKeccak384 returns a new Keccak-384 hash (see NewLegacyKeccak224).
func NewLegacyKeccak384() hash.Hash { return newLegacy(kindKeccak384) }

// NewLegacyKeccak512 returns a new Keccak-512 hash (see NewLegacyKeccak224).
func NewLegacyKeccak512() hash.Hash { return newLegacy(kindKeccak512) }

// Write absorbs more data. It panics after Read.
func (k *legacyKeccak) Write(p []byte) (int, error) {
	if k.s.Squeezing() {
		panic("hashkit/sha3: Write after Read")
	}
	k.s.Absorb(p)
	return len(p), nil
}

// Sum appends the digest to b without changing the state. It panics after
// Read.
func (k *legacyKeccak) Sum(b []byte) []byte {
	if k.s.Squeezing() {
		panic("hashkit/sha3: Sum after Read")
	}
	return k.SHA3.Sum(b)
}

// Read fills p with the next len(p) bytes of output; the first Size bytes
// are the digest. It never returns an error.
func (k *legacyKeccak) Read(p []byte) (int, error) {
	k.s.Squeeze(p)
	return len(p), nil
}

func (k *legacyKeccak) Clone() (hash.Cloner, error) {
	c := *k
	return &c, nil
}

// UnmarshalBinary restores a state of the same algorithm, which may be
// squeezing (after Read).
func (k *legacyKeccak) UnmarshalBinary(b []byte) error { return k.unmarshal(b, true) }
