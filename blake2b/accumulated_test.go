package blake2b

import "testing"

// TestAccumulated hashes 3000 generated cases into one accumulator hash and
// compares it with the value CPython 3.11.7's hashlib (the BLAKE2 reference
// code) computes with the program given at blake2test.BLAKE2.TestAccumulated.
func TestAccumulated(t *testing.T) {
	b2.TestAccumulated(t, "3e40bf6c630d7d4551e4af6c80e3ce2cb46f8e21c0e824e30d204721a7945a0db93e30d0d6115da7cbb44339e237960309fbeb30c66ca68d7a39ce5e30dd1dc8")
}
