package blake1

import (
	"bytes"
	"encoding"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
)

// FuzzSplit compares a split write, with the salt the fuzzer picks, on every
// kernel with the one-shot portable result.
func FuzzSplit(f *testing.F) {
	f.Add([]byte("abc"), uint(1), uint8(0), []byte{})
	f.Add(make([]byte, 300), uint(128), uint8(3), make([]byte, 32))
	f.Fuzz(func(t *testing.T, msg []byte, split uint, which uint8, salt []byte) {
		v := variants[int(which)%len(variants)]
		mk := func() (h interface {
			Write([]byte) (int, error)
			Sum([]byte) []byte
		}) {
			if len(salt) == v.saltSize {
				h, err := v.newSalt(salt)
				if err != nil {
					t.Fatal(err)
				}
				return h
			}
			return v.new()
		}
		defer cpu.Restore("blake1")
		cpu.Select("blake1", "")
		ref := mk()
		ref.Write(msg)
		want := ref.Sum(nil)
		if len(salt) != v.saltSize && !bytes.Equal(want, v.sum(msg)) {
			t.Fatal("Sum differs from New, Write, Sum")
		}
		k := int(split % uint(len(msg)+1))
		for _, name := range append(cpu.Impls("blake1"), "") {
			cpu.Select("blake1", name)
			h := mk()
			h.Write(msg[:k])
			h.Write(msg[k:])
			if got := h.Sum(nil); !bytes.Equal(got, want) {
				t.Fatalf("%s %q: split at %d: %x, want %x", v.name, name, k, got, want)
			}
		}
	})
}

// FuzzUnmarshal feeds arbitrary states: no panics, and an accepted state
// marshals back to the same bytes.
func FuzzUnmarshal(f *testing.F) {
	for _, v := range variants {
		h := v.new()
		h.Write([]byte("some bytes"))
		st, _ := h.(encoding.BinaryMarshaler).MarshalBinary()
		f.Add(st)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, v := range variants {
			h := v.new()
			if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(b); err != nil {
				continue
			}
			again, _ := h.(encoding.BinaryMarshaler).MarshalBinary()
			if !bytes.Equal(again, b) {
				t.Fatalf("%s accepted %x but marshals %x", v.name, b, again)
			}
			h.Write(b)
			h.Sum(nil)
		}
	})
}
