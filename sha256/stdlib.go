//go:build (386 || loong64 || ppc64 || ppc64le || riscv64 || s390x) && !purego

package sha256

import (
	stdsha256 "crypto/sha256"
	"hash"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/sha2"
	"github.com/hashkit/hashkit/internal/stdhash"
)

// On these GOARCHes the standard library has SHA-256 assembly (CPACF on
// s390x) and hashkit has no kernel, so the hash objects and one-shots are
// crypto/sha256's, whose outputs and marshalled states are hashkit's.
// Registered as "sha256/stdlib", so tests run both paths and
// HASHKIT_DISABLE=sha256/stdlib returns to hashkit's portable code.
//
// The SHA-2 engine that hmac, hkdf and pbkdf2 run directly stays portable:
// they use it only for hashkit's own digests, so over these hash objects
// they run their generic code on crypto/sha256, as crypto/hmac does.
// stdlibKernel is the role's dispatch variable: 1 for its one kernel, 0
// for hashkit's portable code.
var stdlibKernel cpu.KernelID

func init() { cpu.RegisterStdlib("sha256", &stdlibKernel) }

func new256() hash.Hash {
	if stdlibKernel != 0 {
		return stdhash.Wrap(stdsha256.New())
	}
	return sha2.New256()
}

func new224() hash.Hash {
	if stdlibKernel != 0 {
		return stdhash.Wrap(stdsha256.New224())
	}
	return sha2.New224()
}

func sum256(data []byte) [Size]byte {
	if stdlibKernel == 0 {
		return sha2.Sum256(data)
	}
	return stdhash.SumOf(data, stdsha256.Sum256, stdsha256.New)
}

func sum224(data []byte) [Size224]byte {
	if stdlibKernel == 0 {
		return sha2.Sum224(data)
	}
	return stdhash.SumOf(data, stdsha256.Sum224, stdsha256.New224)
}
