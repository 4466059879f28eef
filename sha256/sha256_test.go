package sha256

import (
	"crypto/sha256"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

// variants are this package's functions with their crypto/sha256 twins.
var variants = &digesttest.Variants{Pkg: "sha256", Family: "sha2", BlockSize: BlockSize, MinVectors: 800,
	List: []digesttest.Variant{
		{Name: "SHA2-256", New: New, Ref: sha256.New, Magic: "sha\x03", SumArray: func(b []byte) { Sum256(b) },
			Sum: func(b []byte) []byte { s := Sum256(b); return s[:] }, RefSum: func(b []byte) []byte { s := sha256.Sum256(b); return s[:] }},
		{Name: "SHA2-224", New: New224, Ref: sha256.New224, Magic: "sha\x02", SumArray: func(b []byte) { Sum224(b) },
			Sum: func(b []byte) []byte { s := Sum224(b); return s[:] }, RefSum: func(b []byte) []byte { s := sha256.Sum224(b); return s[:] }},
	}}

// TestVariants runs the tests sha256 and sha512 share on every function:
// every sha2 vector of this package's algorithms, the quick ones (CAVP short
// and long messages, ACVP, Monte Carlo) on every implementation and the
// multi-GiB ACVP large-data cases (1 to 8 GiB each) once, on the default
// dispatch, outside -short (running those on the portable code too would
// take the best part of an hour; lengths past 2^32 bytes are also checked on
// every implementation by TestLongLengths); the hash.Hash checks and the
// method sets; the one-shot sums and marshalled states against
// crypto/sha256's; and the allocations.
func TestVariants(t *testing.T) {
	variants.Test(t)
}
