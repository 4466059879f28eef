// Package sha512 implements the SHA-384, SHA-512, SHA-512/224 and
// SHA-512/256 hash algorithms as defined in [FIPS 180-4]. It is a drop-in
// replacement for crypto/sha512: the same functions, the same outputs and the
// same marshalled states.
//
// On amd64 it uses an AVX-512VL or an AVX2 and BMI2 kernel when the CPU has
// them; on arm64 the SHA512 instructions; on GOARCHes where crypto/sha512
// has assembly, crypto/sha512; elsewhere, and with the purego build tag,
// portable Go.
//
// Which function to use: [Sum512] (or [Sum384], [Sum512_256], [Sum512_224])
// for a message in memory, with no allocation; [New] (or [New384],
// [New512_256], [New512_224]) for a stream or to save and resume a state.
// For a MAC use package hmac with New.
//
// SHA-512 gives 256-bit collision resistance; SHA-384 and SHA-512/256 are
// truncated variants that also resist length extension.
//
// [FIPS 180-4]: https://doi.org/10.6028/NIST.FIPS.180-4
package sha512

import (
	"hash"

	"github.com/hashkit/hashkit/internal/sha2"
)

// Sizes of the checksums in bytes.
const (
	Size    = 64
	Size224 = 28
	Size256 = 32
	Size384 = 48
)

// BlockSize is the block size of the SHA-512 family in bytes.
const BlockSize = 128

// New returns a new hash.Hash computing the SHA-512 checksum. It also
// implements hash.Cloner, encoding.BinaryMarshaler, encoding.BinaryAppender
// and encoding.BinaryUnmarshaler, with crypto/sha512's state format.
func New() hash.Hash { return new512(sha2.SHA512) }

// New384 returns a new hash.Hash computing the SHA-384 checksum.
func New384() hash.Hash { return new512(sha2.SHA384) }

// New512_224 returns a new hash.Hash computing the SHA-512/224 checksum.
func New512_224() hash.Hash { return new512(sha2.SHA512_224) }

// New512_256 returns a new hash.Hash computing the SHA-512/256 checksum.
func New512_256() hash.Hash { return new512(sha2.SHA512_256) }

// Sum512 returns the SHA-512 checksum of data. It does not allocate.
func Sum512(data []byte) [Size]byte { return sum(sha2.SHA512, data) }

// Sum384 returns the SHA-384 checksum of data. It does not allocate.
func Sum384(data []byte) [Size384]byte {
	s := sum(sha2.SHA384, data)
	return [Size384]byte(s[:Size384])
}

// Sum512_224 returns the SHA-512/224 checksum of data. It does not allocate.
func Sum512_224(data []byte) [Size224]byte {
	s := sum(sha2.SHA512_224, data)
	return [Size224]byte(s[:Size224])
}

// Sum512_256 returns the SHA-512/256 checksum of data. It does not allocate.
func Sum512_256(data []byte) [Size256]byte {
	s := sum(sha2.SHA512_256, data)
	return [Size256]byte(s[:Size256])
}
