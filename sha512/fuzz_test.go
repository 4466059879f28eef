package sha512

import (
	"encoding/binary"
	"testing"
)

// FuzzStdlib compares the one-shot sums and a write split where the fuzzer
// says with crypto/sha512, on every implementation. (The kernels are also
// fuzzed directly against the portable compression in internal/sha2.)
func FuzzStdlib(f *testing.F) {
	f.Add(make([]byte, 300), uint(128))
	f.Add(make([]byte, 239), uint(112))
	variants.FuzzStdlib(f)
}

// FuzzUnmarshal feeds arbitrary states to every constructor: no panics,
// crypto/sha512 accepts what we accept, and both then marshal to the same
// bytes and give the same sum, for byte counts below 2^61: past them the
// standard library's bit count wraps (see TestLongLengths).
func FuzzUnmarshal(f *testing.F) {
	variants.FuzzState(f, func(st []byte) bool {
		return stdlibKernel != 0 || binary.BigEndian.Uint64(st[len(st)-8:]) < 1<<61
	})
}
