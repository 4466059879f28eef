//go:build (386 || arm || loong64 || s390x) && !purego

package sha1

import (
	stdsha1 "crypto/sha1"
	"hash"

	"github.com/hashkit/hashkit/internal/cpu"
)

// The standard library's SHA-1 has assembly on these GOARCHes (CPACF on
// s390x) and hashkit has no kernel: New and Sum are crypto/sha1's, as
// package sha256 explains, under the name "sha1/stdlib".
var useStdlib = true

func init() { cpu.Register("sha1", "stdlib", &useStdlib) }

func stdlibNew() hash.Hash             { return stdsha1.New() }
func stdlibSum(data []byte) [Size]byte { return stdsha1.Sum(data) }
