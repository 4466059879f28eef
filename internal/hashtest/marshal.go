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

// AddStateSeeds adds to f the marshalled state of a hasher from mk after
// writing msg, and the bare magic.
func AddStateSeeds(f *testing.F, mk func() hash.Hash, msg []byte, magic string) {
	h := mk()
	h.Write(msg)
	st, err := h.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(st)
	f.Add([]byte(magic))
}

// CheckUnmarshal is the body of an UnmarshalBinary fuzz target: arbitrary
// bytes must not make a hasher from mk panic; an accepted state must marshal
// back to the same bytes, be accepted by a hasher from ref (unless ref is
// nil; refName names it) with the same Sum, and take more input.
func CheckUnmarshal(t *testing.T, b []byte, mk func() hash.Hash, refName string, ref func() hash.Hash) {
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
