package sha256

import "testing"

// FuzzStdlib compares the one-shot sums and a write split where the fuzzer
// says with crypto/sha256, on every implementation. (The kernels are also
// fuzzed directly against the portable compression in internal/sha2.)
func FuzzStdlib(f *testing.F) {
	f.Add(make([]byte, 200), uint(64))
	f.Add(make([]byte, 119), uint(56))
	variants.FuzzStdlib(f)
}

// FuzzUnmarshal feeds arbitrary states to both constructors: no panics,
// crypto/sha256 accepts what we accept, and both then marshal to the same
// bytes and give the same sum.
func FuzzUnmarshal(f *testing.F) {
	variants.FuzzState(f, nil)
}
