package blake2b

import "testing"

// TestKernels compares every kernel with the portable code at every length
// up to 1100 bytes (nine blocks), one-shot and written in random pieces.
func TestKernels(t *testing.T) {
	b2.TestKernels(t, 1100, func(b []byte) []byte { s := Sum512(b); return s[:] })
}
