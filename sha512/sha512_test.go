package sha512

import (
	"crypto/sha512"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

// variants are this package's functions with their crypto/sha512 twins.
var variants = &digesttest.Variants{Pkg: "sha512", Family: "sha2", BlockSize: BlockSize, MinVectors: 3000,
	List: []digesttest.Variant{
		{Name: "SHA2-512", New: New, Ref: sha512.New, Magic: "sha\x07", SumArray: func(b []byte) { Sum512(b) },
			Sum: func(b []byte) []byte { s := Sum512(b); return s[:] }, RefSum: func(b []byte) []byte { s := sha512.Sum512(b); return s[:] }},
		{Name: "SHA2-384", New: New384, Ref: sha512.New384, Magic: "sha\x04", SumArray: func(b []byte) { Sum384(b) },
			Sum: func(b []byte) []byte { s := Sum384(b); return s[:] }, RefSum: func(b []byte) []byte { s := sha512.Sum384(b); return s[:] }},
		{Name: "SHA2-512/224", New: New512_224, Ref: sha512.New512_224, Magic: "sha\x05", SumArray: func(b []byte) { Sum512_224(b) },
			Sum: func(b []byte) []byte { s := Sum512_224(b); return s[:] }, RefSum: func(b []byte) []byte { s := sha512.Sum512_224(b); return s[:] }},
		{Name: "SHA2-512/256", New: New512_256, Ref: sha512.New512_256, Magic: "sha\x06", SumArray: func(b []byte) { Sum512_256(b) },
			Sum: func(b []byte) []byte { s := Sum512_256(b); return s[:] }, RefSum: func(b []byte) []byte { s := sha512.Sum512_256(b); return s[:] }},
	}}

// TestVariants runs the tests sha256 and sha512 share on every function:
// every sha2 vector of this package's algorithms, the quick ones (CAVP short
// and long messages, ACVP, Monte Carlo) on every implementation and the
// multi-GiB ACVP large-data cases (1 to 8 GiB each) once, on the default
// dispatch, outside -short (running those on the portable code too would
// take the best part of an hour; lengths past 2^32 bytes are also checked on
// every implementation by TestLongLengths); the hash.Hash checks and the
// method sets; the one-shot sums and marshalled states against
// crypto/sha512's; and the allocations.
func TestVariants(t *testing.T) {
	variants.Test(t)
}
