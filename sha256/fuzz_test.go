package sha256

import (
	"bytes"
	stdsha256 "crypto/sha256"
	"encoding"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
)

// FuzzStdlib compares the one-shot sums and a write split where the fuzzer
// says with crypto/sha256, on every implementation. (The kernels are also
// fuzzed directly against the portable compression in internal/sha2.)
func FuzzStdlib(f *testing.F) {
	f.Add([]byte("abc"), uint(1))
	f.Add(make([]byte, 200), uint(64))
	f.Add(make([]byte, 119), uint(56))
	f.Fuzz(func(t *testing.T, msg []byte, split uint) {
		want, want224 := stdsha256.Sum256(msg), stdsha256.Sum224(msg)
		k := int(split % uint(len(msg)+1))
		defer cpu.Restore("sha256")
		for _, name := range append(cpu.Impls("sha256"), "") {
			cpu.Select("sha256", name)
			if got := Sum256(msg); got != want {
				t.Fatalf("%q: Sum256 %x, want %x", name, got, want)
			}
			if got := Sum224(msg); got != want224 {
				t.Fatalf("%q: Sum224 %x, want %x", name, got, want224)
			}
			h := New()
			h.Write(msg[:k])
			h.Write(msg[k:])
			if got := h.Sum(nil); !bytes.Equal(got, want[:]) {
				t.Fatalf("%q: split at %d: %x, want %x", name, k, got, want)
			}
		}
	})
}

// FuzzUnmarshal feeds arbitrary states to both constructors: no panics,
// crypto/sha256 accepts what we accept, and both then marshal to the same
// bytes and give the same sum.
func FuzzUnmarshal(f *testing.F) {
	for _, mk := range []func() encoding.BinaryMarshaler{
		func() encoding.BinaryMarshaler { return New().(encoding.BinaryMarshaler) },
		func() encoding.BinaryMarshaler { return New224().(encoding.BinaryMarshaler) },
	} {
		h := mk()
		h.(interface{ Write([]byte) (int, error) }).Write([]byte("some bytes"))
		st, _ := h.MarshalBinary()
		f.Add(st)
	}
	f.Add([]byte("sha\x03"))
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, c := range []struct{ ours, std stdDigest }{
			{New().(stdDigest), stdsha256.New().(stdDigest)},
			{New224().(stdDigest), stdsha256.New224().(stdDigest)},
		} {
			if err := c.ours.UnmarshalBinary(b); err != nil {
				continue
			}
			if err := c.std.UnmarshalBinary(b); err != nil {
				t.Fatalf("crypto/sha256 rejects a state we accept: %v", err)
			}
			ours, _ := c.ours.MarshalBinary()
			std, _ := c.std.MarshalBinary()
			if !bytes.Equal(ours, std) {
				t.Fatalf("state %x marshals as %x, crypto/sha256 %x", b, ours, std)
			}
			if !bytes.Equal(c.std.Sum(nil), c.ours.Sum(nil)) {
				t.Fatal("crypto/sha256 and hashkit disagree on an accepted state")
			}
		}
	})
}

type stdDigest = interface {
	encoding.BinaryMarshaler
	encoding.BinaryUnmarshaler
	Sum([]byte) []byte
}
