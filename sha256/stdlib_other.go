//go:build !(386 || loong64 || ppc64 || ppc64le || riscv64 || s390x) || purego

package sha256

import (
	"hash"

	"github.com/hashkit/hashkit/internal/sha2"
)

// hashkit's own code on every GOARCH where the standard library is not
// faster (see stdlib.go).
const stdlibKernel = 0

func new256() hash.Hash                { return sha2.New256() }
func new224() hash.Hash                { return sha2.New224() }
func sum256(data []byte) [Size]byte    { return sha2.Sum256(data) }
func sum224(data []byte) [Size224]byte { return sha2.Sum224(data) }
