package sha256

import "testing"

// TestLongLengths checks the length field for messages past 2^32 and 2^35
// bytes (where the bit count no longer fits 32, then 38, bits) without
// hashing gigabytes: a marshalled state claims a large byte count, and both
// hashkit and crypto/sha256 resume from it, hash a few more bytes and must
// agree.
func TestLongLengths(t *testing.T) {
	counts := []uint64{
		1<<32 - 64, 1 << 32, 1<<32 + 64, 1<<32 + 5,
		1<<35 - 3, 1 << 35, 1<<35 + 128 + 17,
		1<<61 - 1, 1<<61 + 1, // the bit count wraps past 2^64 bits: both use it mod 2^64
	}
	variants.TestLongLengths(t, 200, counts, nil)
}
