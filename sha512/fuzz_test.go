package sha512

import (
	"bytes"
	stdsha512 "crypto/sha512"
	"encoding"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
)

// FuzzStdlib compares the one-shot sums and a write split where the fuzzer
// says with crypto/sha512, on every implementation. (The kernels are also
// fuzzed directly against the portable compression in internal/sha2.)
func FuzzStdlib(f *testing.F) {
	f.Add([]byte("abc"), uint(1))
	f.Add(make([]byte, 300), uint(128))
	f.Add(make([]byte, 239), uint(112))
	f.Fuzz(func(t *testing.T, msg []byte, split uint) {
		want, want384 := stdsha512.Sum512(msg), stdsha512.Sum384(msg)
		want224, want256 := stdsha512.Sum512_224(msg), stdsha512.Sum512_256(msg)
		k := int(split % uint(len(msg)+1))
		defer cpu.Restore("sha512")
		for _, name := range append(cpu.Impls("sha512"), "") {
			cpu.Select("sha512", name)
			if got := Sum512(msg); got != want {
				t.Fatalf("%q: Sum512 %x, want %x", name, got, want)
			}
			if got := Sum384(msg); got != want384 {
				t.Fatalf("%q: Sum384 %x, want %x", name, got, want384)
			}
			if got := Sum512_224(msg); got != want224 {
				t.Fatalf("%q: Sum512_224 %x, want %x", name, got, want224)
			}
			if got := Sum512_256(msg); got != want256 {
				t.Fatalf("%q: Sum512_256 %x, want %x", name, got, want256)
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

type marshaler interface {
	encoding.BinaryMarshaler
	encoding.BinaryUnmarshaler
	Sum([]byte) []byte
	Write([]byte) (int, error)
}

// FuzzUnmarshal feeds arbitrary states to every constructor: no panics,
// crypto/sha512 accepts what we accept, and both then marshal to the same
// bytes and give the same sum.
func FuzzUnmarshal(f *testing.F) {
	pairs := func() [][2]marshaler {
		return [][2]marshaler{
			{New().(marshaler), stdsha512.New().(marshaler)},
			{New384().(marshaler), stdsha512.New384().(marshaler)},
			{New512_224().(marshaler), stdsha512.New512_224().(marshaler)},
			{New512_256().(marshaler), stdsha512.New512_256().(marshaler)},
		}
	}
	for _, p := range pairs() {
		p[0].Write([]byte("some bytes"))
		st, _ := p[0].MarshalBinary()
		f.Add(st)
	}
	f.Add([]byte("sha\x07"))
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, p := range pairs() {
			ours, std := p[0], p[1]
			if err := ours.UnmarshalBinary(b); err != nil {
				continue
			}
			if err := std.UnmarshalBinary(b); err != nil {
				t.Fatalf("crypto/sha512 rejects a state we accept: %v", err)
			}
			a, _ := ours.MarshalBinary()
			s, _ := std.MarshalBinary()
			if !bytes.Equal(a, s) {
				t.Fatalf("state %x marshals as %x, crypto/sha512 %x", b, a, s)
			}
			if !bytes.Equal(std.Sum(nil), ours.Sum(nil)) {
				t.Fatal("crypto/sha512 and hashkit disagree on an accepted state")
			}
		}
	})
}
