package hashtest

import (
	"bytes"
	"crypto"
	"testing"
)

// TestRegistered checks that importing the package made h available through
// crypto.RegisterHash, and that h.New() hashes as sum does.
func TestRegistered(t *testing.T, h crypto.Hash, sum func([]byte) []byte) {
	t.Helper()
	if !h.Available() {
		t.Fatalf("%v is not registered", h)
	}
	msg := RandBytes(uint64(h), 300)
	d := h.New()
	d.Write(msg)
	if got, want := d.Sum(nil), sum(msg); !bytes.Equal(got, want) || d.Size() != h.Size() {
		t.Errorf("%v.New(): %x (Size %d), want %x", h, got, d.Size(), want)
	}
}
