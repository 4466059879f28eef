//go:build (loong64 || ppc64 || ppc64le || riscv64 || s390x) && !purego

package sha512

import (
	stdsha512 "crypto/sha512"
	"hash"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/preempt"
	"github.com/hashkit/hashkit/internal/sha2"
	"github.com/hashkit/hashkit/internal/stdhash"
)

// The standard library's SHA-512 has assembly on these GOARCHes (CPACF on
// s390x) and hashkit has no kernel: the hash objects and one-shots are
// crypto/sha512's, as package sha256 explains, under the name
// "sha512/stdlib". One difference: crypto/sha512 counts bits in 64 bits, so
// a state unmarshalled with a count of 2^61 bytes or more hashes to another
// value than hashkit's 128-bit count gives (FIPS 180-4 allows up to 2^128
// bits); no real message is that long.
// stdlibKernel is the role's dispatch variable: 1 for its one kernel, 0
// for hashkit's portable code.
var stdlibKernel cpu.KernelID

func init() { cpu.RegisterStdlib("sha512", &stdlibKernel) }

func new512(kind sha2.Kind512) hash.Hash {
	if stdlibKernel == 0 {
		return sha2.New512(kind)
	}
	return stdhash.Wrap(stdNew512(kind))
}

func stdNew512(kind sha2.Kind512) hash.Hash {
	switch kind {
	case sha2.SHA384:
		return stdsha512.New384()
	case sha2.SHA512_224:
		return stdsha512.New512_224()
	case sha2.SHA512_256:
		return stdsha512.New512_256()
	}
	return stdsha512.New()
}

// sum returns the hash of data for kind in the first bytes of its result.
func sum(kind sha2.Kind512, data []byte) (out [64]byte) {
	if stdlibKernel == 0 {
		return sha2.Sum512(kind, data)
	}
	if len(data) > preempt.Piece {
		copy(out[:], stdhash.Sum(stdNew512(kind), data))
		return out
	}
	switch kind {
	case sha2.SHA384:
		s := stdsha512.Sum384(data)
		copy(out[:], s[:])
	case sha2.SHA512_224:
		s := stdsha512.Sum512_224(data)
		copy(out[:], s[:])
	case sha2.SHA512_256:
		s := stdsha512.Sum512_256(data)
		copy(out[:], s[:])
	default:
		out = stdsha512.Sum512(data)
	}
	return out
}
