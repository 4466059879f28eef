//go:build (386 || arm || arm64 || loong64 || ppc64 || ppc64le || riscv64 || s390x) && !purego

package md5

import (
	stdmd5 "crypto/md5"
	"hash"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/stdhash"
)

// The standard library's MD5 has assembly on these GOARCHes and hashkit
// has no kernel: New and Sum are crypto/md5's, as package sha256
// explains, under the name "md5/stdlib".
// stdlibKernel is the role's dispatch variable: 1 for its one kernel, 0
// for hashkit's portable code.
var stdlibKernel cpu.KernelID

func init() { cpu.RegisterStdlib("md5", &stdlibKernel) }

func stdlibNew() hash.Hash { return stdhash.Wrap(stdmd5.New()) }

func stdlibSum(data []byte) [Size]byte { return stdhash.SumOf(data, stdmd5.Sum, stdmd5.New) }
