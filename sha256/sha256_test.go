package sha256

import (
	"crypto/sha256"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

// variants are this package's functions with their crypto/sha256 twins.
var variants = []digesttest.Variant{
	{Name: "SHA2-256", New: New, Ref: sha256.New, Sum: func(b []byte) []byte { s := Sum256(b); return s[:] }, RefSum: func(b []byte) []byte { s := sha256.Sum256(b); return s[:] }},
	{Name: "SHA2-224", New: New224, Ref: sha256.New224, Sum: func(b []byte) []byte { s := Sum224(b); return s[:] }, RefSum: func(b []byte) []byte { s := sha256.Sum224(b); return s[:] }},
}

// TestVectors runs every sha2 vector of this package's algorithms: the
// quick ones (CAVP short and long messages, ACVP, Monte Carlo) on every
// implementation, and the multi-GiB ACVP large-data cases (slow, 1 to 8 GiB
// each) once, on the default dispatch, outside -short: running those on the
// portable code too would take the best part of an hour. Lengths past 2^32
// bytes are also checked on every implementation by TestLongLengths.
func TestVectors(t *testing.T) {
	digesttest.TestVariantVectors(t, "sha256", "sha2", 800, variants)
}

// TestConformance runs the hash.Hash checks on every function and checks
// that the hashers export only the methods of their interfaces, as
// crypto/sha256's.
func TestConformance(t *testing.T) {
	digesttest.TestVariants(t, "sha256", variants)
}

// TestStdlib compares the one-shot sums and the marshalled states with
// crypto/sha256's.
func TestStdlib(t *testing.T) {
	digesttest.TestStdlibVariants(t, "sha256", BlockSize, variants)
}

func TestAllocations(t *testing.T) {
	if hashtest.RaceEnabled {
		t.Skip("the race detector allocates")
	}
	hashtest.TestAllocs(t, New)
	msg := make([]byte, 100)
	hashtest.NoAllocs(t, "Sum256", func() { Sum256(msg) })
	hashtest.NoAllocs(t, "Sum224", func() { Sum224(msg) })
}
