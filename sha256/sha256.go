// Package sha256 implements the SHA-224 and SHA-256 hash algorithms as
// defined in [FIPS 180-4]. It is a drop-in replacement for crypto/sha256:
// the same functions, the same outputs and the same marshalled states.
//
// On amd64 it uses the SHA extensions (SHA-NI) when the CPU has them, and
// an AVX2 and BMI2 kernel otherwise; on arm64 the SHA2 instructions; on
// GOARCHes where crypto/sha256 has assembly, crypto/sha256; elsewhere, and
// with the purego build tag, portable Go.
//
// Which function to use: [Sum256] for a message in memory (no allocation),
// [New] for a stream or to save and resume a state (it implements
// hash.Hash, hash.Cloner and encoding.BinaryMarshaler); [SumMany] and
// [SumPairs] hash many messages of one length in one call, side by side on
// the vector lanes (Merkle trees: SumPairs); [Sum224] and [New224] for
// SHA-224. For a MAC use package hmac with New.
//
// SHA-256 gives 128-bit collision resistance and 256-bit preimage
// resistance; for new designs that want a faster hash with the same
// security, consider BLAKE3 (package blake3).
//
// [FIPS 180-4]: https://doi.org/10.6028/NIST.FIPS.180-4
package sha256

import "hash"

// The size of a SHA-256 and a SHA-224 checksum in bytes.
const (
	Size    = 32
	Size224 = 28
)

// BlockSize is the block size of SHA-256 and SHA-224 in bytes.
const BlockSize = 64

// New returns a new hash.Hash computing the SHA-256 checksum. It also
// implements hash.Cloner, encoding.BinaryMarshaler, encoding.BinaryAppender
// and encoding.BinaryUnmarshaler, with crypto/sha256's state format.
func New() hash.Hash { return new256() }

// New224 returns a new hash.Hash computing the SHA-224 checksum, with the
// same extra interfaces as New.
func New224() hash.Hash { return new224() }

// Sum256 returns the SHA-256 checksum of data. It does not allocate.
func Sum256(data []byte) [Size]byte { return sum256(data) }

// Sum224 returns the SHA-224 checksum of data. It does not allocate.
func Sum224(data []byte) [Size224]byte { return sum224(data) }
