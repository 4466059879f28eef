//go:build (386 || arm || loong64 || s390x) && !purego

package sha1

import (
	stdsha1 "crypto/sha1"
	"hash"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/stdhash"
)

// The standard library's SHA-1 has assembly on these GOARCHes (CPACF on
// s390x) and hashkit has no kernel: New and Sum are crypto/sha1's, as
// package sha256 explains, under the name "sha1/stdlib".
// stdlibKernel is the role's dispatch variable: 1 for its one kernel, 0
// for hashkit's portable code.
var stdlibKernel cpu.KernelID

func init() { cpu.RegisterStdlib("sha1", &stdlibKernel) }

func stdlibNew() hash.Hash { return &stdlibDigest{*stdhash.Wrap(stdsha1.New())} }

func stdlibSum(data []byte) [Size]byte { return stdhash.SumOf(data, stdsha1.Sum, stdsha1.New) }

// stdlibDigest is crypto/sha1's hash object with its writes bounded
// (internal/stdhash) and its ConstantTimeSum, which hashkit's SHA-1 has too.
type stdlibDigest struct{ stdhash.Hash }

func (d *stdlibDigest) ConstantTimeSum(b []byte) []byte {
	return stdhash.Inner(&d.Hash).(interface{ ConstantTimeSum([]byte) []byte }).ConstantTimeSum(b)
}

// Clone returns an independent copy of d.
func (d *stdlibDigest) Clone() (hash.Cloner, error) {
	c, err := d.Hash.Clone()
	if err != nil {
		return nil, err
	}
	return &stdlibDigest{*c.(*stdhash.Hash)}, nil
}
