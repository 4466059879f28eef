package sha512

import (
	"bytes"
	"crypto/sha512"
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
	algs := map[string]func() hash.Hash{"SHA2-512": New, "SHA2-384": New384, "SHA2-512/224": New512_224, "SHA2-512/256": New512_256}
	hashtest.AllImplementations(t, "sha512", func(t *testing.T) {
		if n := hashtest.CheckFixedVectors(t, "sha2", algs, hashtest.QuickVectors); n < 3000 {
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
		// Past 64 KiB the standard library's path writes in pieces.
		long := hashtest.RandBytes(2, 3<<16+5)
		if got, want := Sum512(long), sha512.Sum512(long); got != want {
			t.Fatalf("Sum512 of %d bytes: %x, want %x", len(long), got, want)
		}
		if got, want := Sum384(long), sha512.Sum384(long); got != want {
			t.Fatalf("Sum384 of %d bytes: %x, want %x", len(long), got, want)
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

// TestExtraMethods: the hashers export only the methods of their interfaces,
// as crypto/sha512's.
func TestExtraMethods(t *testing.T) {
	for _, mk := range []func() hash.Hash{New, New384, New512_224, New512_256} {
		hashtest.NoExtraMethods(t, mk())
	}
}
