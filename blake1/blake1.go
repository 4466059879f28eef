// Package blake1 implements BLAKE, the SHA-3 finalist of Aumasson, Henzen,
// Meier and Phan, in its final version ([BLAKE], v1.3, with 14 rounds for
// BLAKE-224 and BLAKE-256 and 16 rounds for BLAKE-384 and BLAKE-512), with
// the optional salt of the specification.
//
// BLAKE is not BLAKE2 (hashkit/blake2b, hashkit/blake2s) and not BLAKE3
// (hashkit/blake3): the three give different outputs. Use this package only
// to interoperate with systems that chose BLAKE itself (some cryptocurrencies
// use BLAKE-256 with 14 or 8 rounds; only the 14-round function is here).
// For new designs BLAKE2 or BLAKE3 is faster and better studied.
//
// # Which function
//
//   - Sum256 / New256 (BLAKE-256) and Sum512 / New512 (BLAKE-512) for the
//     full-size digests; Sum224, Sum384 and their New functions for the
//     truncated variants, which use their own initial values (those of
//     SHA-224 and SHA-384).
//   - New224Salt, New256Salt (16-byte salt) and New384Salt, New512Salt
//     (32-byte salt) for salted hashing; a salt of another length is an
//     error. An all-zero salt gives the unsalted result.
//
// Every hasher implements hash.Hash, hash.Cloner, encoding.BinaryMarshaler,
// encoding.BinaryAppender and encoding.BinaryUnmarshaler. The marshalled
// state includes the salt.
//
// On amd64, AVX-512 kernels (BLAKE-224/256 and BLAKE-384/512) and an SSE4.1
// kernel (BLAKE-224/256) are used where the CPU has them.
//
// [BLAKE]: https://www.aumasson.jp/blake/blake.pdf
package blake1

import (
	"errors"
	"hash"
)

const (
	// Size224 is the size of a BLAKE-224 checksum in bytes.
	Size224 = 28
	// Size256 is the size of a BLAKE-256 checksum in bytes.
	Size256 = 32
	// Size384 is the size of a BLAKE-384 checksum in bytes.
	Size384 = 48
	// Size512 is the size of a BLAKE-512 checksum in bytes.
	Size512 = 64

	// BlockSize256 is the block size of BLAKE-224 and BLAKE-256 in bytes.
	BlockSize256 = 64
	// BlockSize512 is the block size of BLAKE-384 and BLAKE-512 in bytes.
	BlockSize512 = 128

	// SaltSize256 is the salt size of BLAKE-224 and BLAKE-256 in bytes.
	SaltSize256 = 16
	// SaltSize512 is the salt size of BLAKE-384 and BLAKE-512 in bytes.
	SaltSize512 = 32
)

var (
	errSalt256 = errors.New("hashkit/blake1: invalid salt size: BLAKE-224 and BLAKE-256 take 16 bytes")
	errSalt512 = errors.New("hashkit/blake1: invalid salt size: BLAKE-384 and BLAKE-512 take 32 bytes")
)

// New224 returns a new BLAKE-224 hasher (112-bit collision resistance).
func New224() hash.Hash { return newDigest256(Size224, nil) }

// New256 returns a new BLAKE-256 hasher (128-bit collision resistance).
func New256() hash.Hash { return newDigest256(Size256, nil) }

// New384 returns a new BLAKE-384 hasher (192-bit collision resistance).
func New384() hash.Hash { return newDigest512(Size384, nil) }

// New512 returns a new BLAKE-512 hasher (256-bit collision resistance).
func New512() hash.Hash { return newDigest512(Size512, nil) }

// New224Salt returns a BLAKE-224 hasher with the 16-byte salt, or an error
// if salt is not 16 bytes long.
func New224Salt(salt []byte) (hash.Hash, error) {
	if len(salt) != SaltSize256 {
		return nil, errSalt256
	}
	return newDigest256(Size224, salt), nil
}

// New256Salt returns a BLAKE-256 hasher with the 16-byte salt, or an error
// if salt is not 16 bytes long.
func New256Salt(salt []byte) (hash.Hash, error) {
	if len(salt) != SaltSize256 {
		return nil, errSalt256
	}
	return newDigest256(Size256, salt), nil
}

// New384Salt returns a BLAKE-384 hasher with the 32-byte salt, or an error
// if salt is not 32 bytes long.
func New384Salt(salt []byte) (hash.Hash, error) {
	if len(salt) != SaltSize512 {
		return nil, errSalt512
	}
	return newDigest512(Size384, salt), nil
}

// New512Salt returns a BLAKE-512 hasher with the 32-byte salt, or an error
// if salt is not 32 bytes long.
func New512Salt(salt []byte) (hash.Hash, error) {
	if len(salt) != SaltSize512 {
		return nil, errSalt512
	}
	return newDigest512(Size512, salt), nil
}

// Sum224 returns the BLAKE-224 checksum of data.
func Sum224(data []byte) [Size224]byte {
	var d digest256
	d.init(Size224, nil)
	d.Write(data)
	var out [Size224]byte
	sum := d.checkSum()
	copy(out[:], sum[:])
	return out
}

// Sum256 returns the BLAKE-256 checksum of data.
func Sum256(data []byte) [Size256]byte {
	var d digest256
	d.init(Size256, nil)
	d.Write(data)
	return d.checkSum()
}

// Sum384 returns the BLAKE-384 checksum of data.
func Sum384(data []byte) [Size384]byte {
	var d digest512
	d.init(Size384, nil)
	d.Write(data)
	var out [Size384]byte
	sum := d.checkSum()
	copy(out[:], sum[:])
	return out
}

// Sum512 returns the BLAKE-512 checksum of data.
func Sum512(data []byte) [Size512]byte {
	var d digest512
	d.init(Size512, nil)
	d.Write(data)
	return d.checkSum()
}
