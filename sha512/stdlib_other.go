//go:build !(loong64 || ppc64 || ppc64le || riscv64 || s390x) || purego

package sha512

import (
	"hash"

	"github.com/hashkit/hashkit/internal/sha2"
)

// hashkit's own code on every GOARCH where the standard library is not
// faster (see stdlib.go).
const stdlibKernel = 0

func new512(kind sha2.Kind512) hash.Hash { return sha2.New512(kind) }

func sum(kind sha2.Kind512, data []byte) [64]byte { return sha2.Sum512(kind, data) }
