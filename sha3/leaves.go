package sha3

import (
	"runtime"
	"sync"

	"github.com/hashkit/hashkit/internal/keccak"
)

// ParallelHash's leaves: each B-byte block X_i is hashed to
// cSHAKE(X_i, 2*capacity, "", ""), which is SHAKE128 with 32 bytes of output
// or SHAKE256 with 64 (SP 800-185 section 6.3). The leaves are independent,
// which is what lets ParallelHash use several cores.

// parallelMin is the input size from which leaves are spread over several
// goroutines: below it, starting goroutines costs more than it saves (one
// 24-round permutation is well under a microsecond, a goroutine hand-off a
// few microseconds).
const parallelMin = 256 << 10

// hashLeaves writes the chaining value of each of the len(data)/b leaves of
// data (len(data) a multiple of b) to cvs, cvLen bytes each, using several
// goroutines for large inputs. rate selects SHAKE128 or SHAKE256.
func hashLeaves(cvs, data []byte, b, rate, cvLen int) {
	n := len(data) / b
	workers := min(runtime.GOMAXPROCS(0), n)
	if len(data) < parallelMin || workers < 2 {
		hashLeavesSequential(cvs, data, b, rate, cvLen)
		return
	}
	var wg sync.WaitGroup
	for w := range workers {
		lo, hi := n*w/workers, n*(w+1)/workers
		wg.Go(func() {
			hashLeavesSequential(cvs[lo*cvLen:hi*cvLen], data[lo*b:hi*b], b, rate, cvLen)
		})
	}
	wg.Wait()
}

// hashLeavesSequential hashes the leaves one after another with the scalar
// sponge.
func hashLeavesSequential(cvs, data []byte, b, rate, cvLen int) {
	var s keccak.Sponge
	for len(data) > 0 {
		s.Init(rate, keccak.MaxRounds, keccak.DomainSHAKE)
		s.Absorb(data[:b])
		s.Squeeze(cvs[:cvLen])
		data, cvs = data[b:], cvs[cvLen:]
	}
}
