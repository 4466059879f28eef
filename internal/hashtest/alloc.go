package hashtest

import (
	"hash"
	"testing"
)

// TestAllocs checks that Reset, Write and Sum into a buffer with room
// allocate nothing. Callers keep it behind `//go:build !race` or check
// RaceEnabled themselves: race instrumentation allocates.
func TestAllocs(t *testing.T, mk func() hash.Hash) {
	t.Helper()
	h := mk()
	msg := make([]byte, 3*h.BlockSize()+1)
	out := make([]byte, 0, h.Size())
	if n := testing.AllocsPerRun(10, func() {
		h.Reset()
		h.Write(msg)
		out = h.Sum(out[:0])
	}); n > 0 {
		t.Errorf("Reset, Write, Sum allocate %v times; want 0", n)
	}
}

// NoAllocs fails t if f allocates.
func NoAllocs(t *testing.T, what string, f func()) {
	t.Helper()
	if n := testing.AllocsPerRun(10, f); n > 0 {
		t.Errorf("%s allocates %v times; want 0", what, n)
	}
}
