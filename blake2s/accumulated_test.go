package blake2s

import "testing"

// TestAccumulated hashes 3000 generated cases into one accumulator hash and
// compares it with the value CPython 3.11.7's hashlib (the BLAKE2 reference
// code) computes with the program given at blake2test.BLAKE2.TestAccumulated.
func TestAccumulated(t *testing.T) {
	b2.TestAccumulated(t, "6cfedeb865f5e6a81de6b2094aa2a1295234ec9f69013bce2e4a89940f8d9f2c")
}
