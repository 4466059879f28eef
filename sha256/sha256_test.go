package sha256

import (
	"bytes"
	"crypto/sha256"
	"hash"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

func TestVectors(t *testing.T) {
	hashtest.AllImplementations(t, "sha256", func(t *testing.T) {
		n := hashtest.CheckFixedVectors(t, "sha2", map[string]func() hash.Hash{"SHA2-256": New, "SHA2-224": New224})
		if n < 800 {
			t.Fatalf("only %d vectors checked", n)
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
