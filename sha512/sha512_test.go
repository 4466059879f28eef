package sha512

import (
	"bytes"
	"crypto/sha512"
	"hash"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

func TestVectors(t *testing.T) {
	hashtest.AllImplementations(t, "sha512", func(t *testing.T) {
		n := hashtest.CheckFixedVectors(t, "sha2", map[string]func() hash.Hash{"SHA2-512": New, "SHA2-384": New384, "SHA2-512/224": New512_224, "SHA2-512/256": New512_256})
		if n < 3000 {
			t.Fatalf("only %d vectors checked", n)
		}
	})
}

func TestConformance(t *testing.T) {
	hashtest.AllImplementations(t, "sha512", func(t *testing.T) {
		t.Run("SHA-512", func(t *testing.T) { hashtest.TestHash(t, New) })
		t.Run("SHA-384", func(t *testing.T) { hashtest.TestHash(t, New384) })
		t.Run("SHA-512/224", func(t *testing.T) { hashtest.TestHash(t, New512_224) })
		t.Run("SHA-512/256", func(t *testing.T) { hashtest.TestHash(t, New512_256) })
	})
}

func TestStdlib(t *testing.T) {
	hashtest.AllImplementations(t, "sha512", func(t *testing.T) {
		msg := hashtest.RandBytes(1, 1100)
		for n := 0; n <= len(msg); n++ {
			if got, want := Sum512(msg[:n]), sha512.Sum512(msg[:n]); got != want {
				t.Fatalf("Sum512 of %d bytes: %x, want %x", n, got, want)
			}
			if got, want := Sum384(msg[:n]), sha512.Sum384(msg[:n]); got != want {
				t.Fatalf("Sum384 of %d bytes: %x, want %x", n, got, want)
			}
			if got, want := Sum512_224(msg[:n]), sha512.Sum512_224(msg[:n]); got != want {
				t.Fatalf("Sum512_224 of %d bytes: %x, want %x", n, got, want)
			}
			if got, want := Sum512_256(msg[:n]), sha512.Sum512_256(msg[:n]); got != want {
				t.Fatalf("Sum512_256 of %d bytes: %x, want %x", n, got, want)
			}
		}
		// Marshalled states move between hashkit and the standard library.
		for _, n := range []int{0, 1, 127, 128, 129, 300} {
			ours, std := New(), sha512.New()
			ours.Write(msg[:n])
			std.Write(msg[:n])
			a, _ := ours.(interface{ MarshalBinary() ([]byte, error) }).MarshalBinary()
			b, _ := std.(interface{ MarshalBinary() ([]byte, error) }).MarshalBinary()
			if !bytes.Equal(a, b) {
				t.Fatalf("marshalled state after %d bytes differs from crypto/sha512", n)
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
	hashtest.NoAllocs(t, "Sum512", func() { Sum512(msg) })
	hashtest.NoAllocs(t, "Sum384", func() { Sum384(msg) })
}
