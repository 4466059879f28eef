// Package sha1 implements the SHA-1 hash algorithm of [FIPS 180-4] (also
// [RFC 3174]).
//
// # Security
//
// SHA-1 is broken for collision resistance: the SHAttered attack (2017)
// produced two different PDF files with the same SHA-1, and chosen-prefix
// collisions (2020, "SHA-1 is a Shambles") cost well under US$100,000. Do not
// use it for signatures, certificates or anything else that needs collision
// resistance. This package exists for compatibility with protocols and formats
// that still require SHA-1 (Git object names, HMAC-SHA1 and TOTP, older TLS
// and SSH). For new designs use SHA-256 (hashkit/sha256), SHA-3
// (hashkit/sha3) or BLAKE3 (hashkit/blake3).
//
// [Sum] hashes a message in memory, [New] a stream. The API mirrors
// crypto/sha1, so switching is an import-path change, and the
// hasher's marshalled state has the same format as crypto/sha1's, so a state
// saved by one can be resumed by the other. On amd64 the SHA extensions
// (SHA-NI) are used where present, otherwise SSSE3 or plain x86-64 kernels;
// on arm64 the SHA1 instructions; on 386, arm, loong64 and s390x,
// crypto/sha1 (which has assembly there).
//
// [FIPS 180-4]: https://nvlpubs.nist.gov/nistpubs/FIPS/NIST.FIPS.180-4.pdf
// [RFC 3174]: https://www.rfc-editor.org/rfc/rfc3174
package sha1

import (
	"hash"

	isha1 "github.com/hashkit/hashkit/internal/sha1"
)

// Size is the size of a SHA-1 checksum in bytes.
const Size = 20

// BlockSize is the block size of SHA-1 in bytes.
const BlockSize = 64

// New returns a new SHA-1 hasher. It also implements hash.Cloner,
// encoding.BinaryMarshaler, encoding.BinaryAppender and
// encoding.BinaryUnmarshaler; the marshalled state is interchangeable with
// crypto/sha1's.
func New() hash.Hash {
	if stdlibKernel != 0 {
		return stdlibNew()
	}
	return isha1.New()
}

// Sum returns the SHA-1 checksum of data.
func Sum(data []byte) [Size]byte {
	if stdlibKernel != 0 {
		return stdlibSum(data)
	}
	return isha1.Sum(data)
}
