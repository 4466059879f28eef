package sha256

import (
	"bytes"
	"crypto/sha256"
	"hash"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestVectors runs every sha2 vector of this package's algorithms: the
// quick ones (CAVP short and long messages, ACVP, Monte Carlo) on every
// implementation, and the multi-GiB ACVP large-data cases (slow, 1 to 8 GiB
// each) once, on the default dispatch, outside -short: running those on the
// portable code too would take the best part of an hour. Lengths past 2^32
// bytes are also checked on every implementation by TestLongLengths.
func TestVectors(t *testing.T) {
	algs := map[string]func() hash.Hash{"SHA2-256": New, "SHA2-224": New224}
	hashtest.AllImplementations(t, "sha256", func(t *testing.T) {
		if n := hashtest.CheckFixedVectors(t, "sha2", algs, hashtest.QuickVectors); n < 800 {
			t.Fatalf("only %d vectors checked", n)
		}
	})
	t.Run("slow", func(t *testing.T) {
		if testing.Short() {
			t.Skip("the multi-GiB vectors run only without -short")
		}
		if n := hashtest.CheckFixedVectors(t, "sha2", algs, hashtest.SlowVectors); n == 0 && hashtest.VectorsDir() != "" {
			t.Fatal("no slow vectors found")
		}
	})
}

func TestConformance(t *testing.T) {
	hashtest.AllImplementations(t, "sha256", func(t *testing.T) {
		t.Run("SHA-256", func(t *testing.T) { hashtest.TestHash(t, New) })
		t.Run("SHA-224", func(t *testing.T) { hashtest.TestHash(t, New224) })
	})
}

func TestStdlib(t *testing.T) {
	hashtest.AllImplementations(t, "sha256", func(t *testing.T) {
		msg := hashtest.RandBytes(1, 1100)
		for n := 0; n <= len(msg); n++ {
			if got, want := Sum256(msg[:n]), sha256.Sum256(msg[:n]); got != want {
				t.Fatalf("Sum256 of %d bytes: %x, want %x", n, got, want)
			}
			if got, want := Sum224(msg[:n]), sha256.Sum224(msg[:n]); got != want {
				t.Fatalf("Sum224 of %d bytes: %x, want %x", n, got, want)
			}
		}
		// Past 64 KiB the standard library's path writes in pieces.
		long := hashtest.RandBytes(2, 3<<16+5)
		if got, want := Sum256(long), sha256.Sum256(long); got != want {
			t.Fatalf("Sum256 of %d bytes: %x, want %x", len(long), got, want)
		}
		if got, want := Sum224(long), sha256.Sum224(long); got != want {
			t.Fatalf("Sum224 of %d bytes: %x, want %x", len(long), got, want)
		}
		// Marshalled states move between hashkit and the standard library.
		for _, n := range []int{0, 1, 63, 64, 65, 200} {
			ours, std := New(), sha256.New()
			ours.Write(msg[:n])
			std.Write(msg[:n])
			a, _ := ours.(interface{ MarshalBinary() ([]byte, error) }).MarshalBinary()
			b, _ := std.(interface{ MarshalBinary() ([]byte, error) }).MarshalBinary()
			if !bytes.Equal(a, b) {
				t.Fatalf("marshalled state after %d bytes differs from crypto/sha256", n)
			}
		}
	})
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

// TestExtraMethods: the hashers export only the methods of their interfaces,
// as crypto/sha256's (its TestExtraMethods).
func TestExtraMethods(t *testing.T) {
	hashtest.NoExtraMethods(t, New())
	hashtest.NoExtraMethods(t, New224())
}
