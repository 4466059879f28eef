package sha512

import (
	"crypto/sha512"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

// variants are this package's functions with their crypto/sha512 twins.
var variants = []digesttest.Variant{
	{Name: "SHA2-512", New: New, Ref: sha512.New, Sum: func(b []byte) []byte { s := Sum512(b); return s[:] }, RefSum: func(b []byte) []byte { s := sha512.Sum512(b); return s[:] }},
	{Name: "SHA2-384", New: New384, Ref: sha512.New384, Sum: func(b []byte) []byte { s := Sum384(b); return s[:] }, RefSum: func(b []byte) []byte { s := sha512.Sum384(b); return s[:] }},
	{Name: "SHA2-512/224", New: New512_224, Ref: sha512.New512_224, Sum: func(b []byte) []byte { s := Sum512_224(b); return s[:] }, RefSum: func(b []byte) []byte { s := sha512.Sum512_224(b); return s[:] }},
	{Name: "SHA2-512/256", New: New512_256, Ref: sha512.New512_256, Sum: func(b []byte) []byte { s := Sum512_256(b); return s[:] }, RefSum: func(b []byte) []byte { s := sha512.Sum512_256(b); return s[:] }},
}

// TestVectors runs every sha2 vector of this package's algorithms: the
// quick ones (CAVP short and long messages, ACVP, Monte Carlo) on every
// implementation, and the multi-GiB ACVP large-data cases (slow, 1 to 8 GiB
// each) once, on the default dispatch, outside -short: running those on the
// portable code too would take the best part of an hour. Lengths past 2^32
// bytes are also checked on every implementation by TestLongLengths.
func TestVectors(t *testing.T) {
	digesttest.TestVariantVectors(t, "sha512", "sha2", 3000, variants)
}

// TestConformance runs the hash.Hash checks on every function and checks
// that the hashers export only the methods of their interfaces, as
// crypto/sha512's.
func TestConformance(t *testing.T) {
	digesttest.TestVariants(t, "sha512", variants)
}

// TestStdlib compares the one-shot sums and the marshalled states with
// crypto/sha512's.
func TestStdlib(t *testing.T) {
	digesttest.TestStdlibVariants(t, "sha512", BlockSize, variants)
}

func TestAllocations(t *testing.T) {
	if hashtest.RaceEnabled {
		t.Skip("the race detector allocates")
	}
	hashtest.TestAllocs(t, New)
	msg := make([]byte, 100)
	hashtest.NoAllocs(t, "Sum512", func() { Sum512(msg) })
	hashtest.NoAllocs(t, "Sum384", func() { Sum384(msg) })
}
