package sha3

import (
	"bytes"
	"hash"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// keccakState is the interface go-ethereum asserts NewLegacyKeccak256's
// result to (crypto.KeccakState).
type keccakState interface {
	hash.Hash
	Read([]byte) (int, error)
}

// TestLegacyKeccakRead checks the x/crypto behaviour of legacy Keccak's
// Read: the first Size bytes are the digest, reads split anywhere agree,
// Write and Sum panic afterwards, and a squeezing state marshals.
func TestLegacyKeccakRead(t *testing.T) {
	msg := hashtest.RandBytes(30, 500)
	for name, mk := range map[string]func() hash.Hash{
		"Keccak-224": NewLegacyKeccak224, "Keccak-256": NewLegacyKeccak256,
		"Keccak-384": NewLegacyKeccak384, "Keccak-512": NewLegacyKeccak512,
	} {
		t.Run(name, func(t *testing.T) {
			k := mk().(keccakState)
			k.Write(msg)
			digest := k.Sum(nil)
			out := make([]byte, 3*k.BlockSize()+5)
			k.Read(out[:7])
			st, err := k.(interface{ MarshalBinary() ([]byte, error) }).MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			k.Read(out[7:])
			if !bytes.Equal(out[:len(digest)], digest) {
				t.Fatalf("Read's first bytes %x, want the digest %x", out[:len(digest)], digest)
			}
			r := mk().(keccakState)
			if err := r.(interface{ UnmarshalBinary([]byte) error }).UnmarshalBinary(st); err != nil {
				t.Fatalf("UnmarshalBinary of a squeezing state: %v", err)
			}
			rest := make([]byte, len(out)-7)
			r.Read(rest)
			if !bytes.Equal(rest, out[7:]) {
				t.Fatal("the unmarshalled squeezing state reads different output")
			}
			c, _ := r.(hash.Cloner).Clone()
			if _, ok := c.(keccakState); !ok {
				t.Fatal("Clone lost Read")
			}
			mustPanic(t, "Write after Read", func() { k.Write(msg) })
			mustPanic(t, "Sum after Read", func() { k.Sum(nil) })
		})
	}
}

func mustPanic(t *testing.T, what string, f func()) {
	t.Helper()
	if !hashtest.Panics(f) {
		t.Errorf("%s did not panic", what)
	}
}

// TestShakeHash checks x/crypto's SHAKE names against the standard-library
// ones: Sum is the first Size bytes of output and leaves the state alone,
// Clone continues independently, ShakeSum equals SumSHAKE.
func TestShakeHash(t *testing.T) {
	msg := hashtest.RandBytes(31, 400)
	N, S := []byte("N"), []byte("customization")
	for _, c := range []struct {
		name string
		mk   func() ShakeHash
		ref  func() *SHAKE
		size int
	}{
		{"Shake128", NewShake128, NewSHAKE128, 32},
		{"Shake256", NewShake256, NewSHAKE256, 64},
		{"CShake128", func() ShakeHash { return NewCShake128(N, S) }, func() *SHAKE { return NewCSHAKE128(N, S) }, 32},
		{"CShake256", func() ShakeHash { return NewCShake256(N, S) }, func() *SHAKE { return NewCSHAKE256(N, S) }, 64},
	} {
		t.Run(c.name, func(t *testing.T) {
			ref := c.ref()
			ref.Write(msg)
			want := make([]byte, 300)
			ref.Read(want)
			h := c.mk()
			if h.Size() != c.size {
				t.Fatalf("Size %d, want %d", h.Size(), c.size)
			}
			h.Write(msg[:99])
			h.Write(msg[99:])
			if got := h.Sum([]byte("x")); !bytes.Equal(got[1:], want[:c.size]) || got[0] != 'x' {
				t.Fatalf("Sum %x, want %x", got, want[:c.size])
			}
			cl := h.Clone()
			got := make([]byte, len(want))
			h.Read(got[:50])
			h.Read(got[50:])
			if !bytes.Equal(got, want) {
				t.Fatal("Read after Sum differs from the SHAKE output")
			}
			cl.Read(got)
			if !bytes.Equal(got, want) {
				t.Fatal("the clone reads different output")
			}
			mustPanic(t, "Sum after Read", func() { h.Sum(nil) })
			mustPanic(t, "Write after Read", func() { h.Write(nil) })
			hashtest.TestHash(t, func() hash.Hash { return c.mk() })
			hashtest.TestXOF(t, func() hash.XOF { return c.mk() })
		})
	}
	for _, n := range []int{0, 1, 32, 167, 168, 169, 500} {
		a := make([]byte, n)
		ShakeSum128(a, msg)
		if b := SumSHAKE128(msg, n); !bytes.Equal(a, b) {
			t.Errorf("ShakeSum128 of %d bytes differs", n)
		}
		ShakeSum256(a, msg)
		if b := SumSHAKE256(msg, n); !bytes.Equal(a, b) {
			t.Errorf("ShakeSum256 of %d bytes differs", n)
		}
	}
}
