package hashtest

import (
	"bytes"
	"encoding"
	"hash"
	"testing"
)

// Marshal returns h's MarshalBinary, failing the test on an error.
func Marshal(t testing.TB, h any) []byte {
	t.Helper()
	st, err := h.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// Unmarshal is h's UnmarshalBinary of st.
func Unmarshal(h any, st []byte) error {
	return h.(encoding.BinaryUnmarshaler).UnmarshalBinary(st)
}

// FuzzUnmarshal fuzzes UnmarshalBinary of hashers from mk with checkUnmarshal,
// seeded with the marshalled state after writing seed and with the bare
// magic.
func FuzzUnmarshal(f *testing.F, mk func() hash.Hash, seed []byte, magic, refName string, ref func() hash.Hash) {
	h := mk()
	h.Write(seed)
	f.Add(Marshal(f, h))
	f.Add([]byte(magic))
	f.Fuzz(func(t *testing.T, b []byte) { checkUnmarshal(t, b, mk, refName, ref) })
}

// checkUnmarshal is the body of FuzzUnmarshal: arbitrary
// bytes must not make a hasher from mk panic; an accepted state must marshal
// back to the same bytes, be accepted by a hasher from ref (unless ref is
// nil; refName names it) with the same Sum, and take more input.
func checkUnmarshal(t *testing.T, b []byte, mk func() hash.Hash, refName string, ref func() hash.Hash) {
	t.Helper()
	h := mk()
	if err := Unmarshal(h, b); err != nil {
		return
	}
	again, err := h.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil || !bytes.Equal(again, b) {
		t.Fatalf("accepted %x but marshals %x (%v)", b, again, err)
	}
	if ref != nil {
		std := ref()
		if err := Unmarshal(std, b); err != nil {
			t.Fatalf("%s rejects a state we accept: %v", refName, err)
		}
		if !bytes.Equal(std.Sum(nil), h.Sum(nil)) {
			t.Fatalf("%s and hashkit disagree on an accepted state", refName)
		}
	}
	h.Write([]byte("more"))
	h.Sum(nil)
}

// StateHash is what every unkeyed hasher implements: hash.Hash, hash.Cloner
// and the binary marshalling interfaces. Tests assert it at compile time,
// var _ hashtest.StateHash = (*digest)(nil).
type StateHash interface {
	hash.Hash
	hash.Cloner
	encoding.BinaryMarshaler
	encoding.BinaryAppender
	encoding.BinaryUnmarshaler
}
