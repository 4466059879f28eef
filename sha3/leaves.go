package sha3

import (
	"github.com/hashkit/hashkit/internal/keccak"
)

// ParallelHash's leaves: each B-byte block X_i is hashed to
// cSHAKE(X_i, 2*capacity, "", ""), which is SHAKE128 with 32 bytes of output
// or SHAKE256 with 64 (SP 800-185 section 6.3). The leaves are independent,
// which is what lets ParallelHash use several cores and multi-state SIMD.

// hashLeaves writes the chaining value of each of the len(data)/b leaves of
// data (len(data) a multiple of b) to cvs, cvLen bytes each. rate selects
// SHAKE128 or SHAKE256. keccak.Leaves runs them eight (AVX-512) or four
// (AVX2) at a time and spreads large inputs over goroutines.
func hashLeaves(cvs, data []byte, b, rate, cvLen int) {
	keccak.Leaves(cvs, data, b, rate, keccak.MaxRounds, keccak.DomainSHAKE, cvLen)
}

// hashLeavesSequential hashes the leaves one after another with the scalar
// sponge: the reference hashLeaves is tested against.
func hashLeavesSequential(cvs, data []byte, b, rate, cvLen int) {
	var s keccak.Sponge
	for len(data) > 0 {
		s.Init(rate, keccak.MaxRounds, keccak.DomainSHAKE)
		s.Absorb(data[:b])
		s.Squeeze(cvs[:cvLen])
		data, cvs = data[b:], cvs[cvLen:]
	}
}
