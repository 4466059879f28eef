package md5

import (
	"bytes"
	stdmd5 "crypto/md5"
	"encoding"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
)

// FuzzStdlib compares a split write (at the split point the fuzzer picks)
// with crypto/md5's one-shot result.
func FuzzStdlib(f *testing.F) {
	f.Add([]byte("abc"), uint(1))
	f.Add(make([]byte, 200), uint(64))
	f.Fuzz(func(t *testing.T, msg []byte, split uint) {
		want := stdmd5.Sum(msg)
		if got := Sum(msg); got != want {
			t.Fatalf("Sum %x, want %x", got, want)
		}
		k := int(split % uint(len(msg)+1))
		h := New()
		h.Write(msg[:k])
		h.Write(msg[k:])
		if got := h.Sum(nil); !bytes.Equal(got, want[:]) {
			t.Fatalf("split at %d: %x, want %x", k, got, want)
		}
	})
}

// FuzzKernels compares every available kernel with blockGeneric.
func FuzzKernels(f *testing.F) {
	f.Add(make([]byte, 128), uint32(0))
	f.Fuzz(func(t *testing.T, msg []byte, seed uint32) {
		msg = msg[:len(msg)&^(BlockSize-1)]
		var want digest
		want.Reset()
		want.s[0] ^= seed
		start := want
		blockGeneric(&want, msg)
		defer cpu.Restore("md5")
		for _, name := range cpu.Impls("md5") {
			cpu.Select("md5", name)
			got := start
			block(&got, msg)
			if got.s != want.s {
				t.Fatalf("%s: %x, generic %x", name, got.s, want.s)
			}
		}
	})
}

// FuzzUnmarshal feeds arbitrary states: no panics, and an accepted state
// marshals back to the same bytes and is accepted by crypto/md5.
func FuzzUnmarshal(f *testing.F) {
	h := New()
	h.Write([]byte("some bytes"))
	st, _ := h.(encoding.BinaryMarshaler).MarshalBinary()
	f.Add(st)
	f.Add([]byte("md5\x01"))
	f.Fuzz(func(t *testing.T, b []byte) {
		h := New()
		if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(b); err != nil {
			return
		}
		again, _ := h.(encoding.BinaryMarshaler).MarshalBinary()
		if !bytes.Equal(again, b) {
			t.Fatalf("accepted %x but marshals %x", b, again)
		}
		std := stdmd5.New()
		if err := std.(encoding.BinaryUnmarshaler).UnmarshalBinary(b); err != nil {
			t.Fatalf("crypto/md5 rejects a state we accept: %v", err)
		}
		if !bytes.Equal(std.Sum(nil), h.Sum(nil)) {
			t.Fatal("crypto/md5 and hashkit disagree on an accepted state")
		}
	})
}
