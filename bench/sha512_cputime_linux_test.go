package bench

import (
	stdsha512 "crypto/sha512"
	"slices"
	"testing"
	"time"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/sha512"
)

// TestSHA512CPUTimeRatios times sha512.Sum512 on each SHA-512 kernel this
// CPU can run against crypto/sha512 by the CPU time of the measuring
// thread: in each round every kernel and the peer hash one short batch, in
// alternating order, and the report gives, per kernel, the median over the
// rounds of the peer's time over the kernel's. Run it with
// HASHKIT_CPUTIME=1 go test -run SHA512CPUTime -v (HASHKIT_DISABLE leaves
// kernels out).
func TestSHA512CPUTimeRatios(t *testing.T) {
	measuring(t)
	defer cpu.Restore("sha512")
	onOneThread(t)
	impls := append(cpu.Impls("sha512"), "crypto/sha512")
	peer := len(impls) - 1
	for _, size := range []int{64, 1 << 10, 1 << 20} {
		msg := hashtest.RandBytes(1, size)
		n := max(1, 300_000/(size+200)) // about a millisecond per batch
		rounds := max(201, 2_000_000_000/(n*(size+200)*len(impls)))
		times := make([][]time.Duration, len(impls))
		for r := range rounds {
			for j := range impls {
				i := j
				if r%2 == 1 {
					i = len(impls) - 1 - j
				}
				sum := func() { sink512 = stdsha512.Sum512(msg) }
				if i != peer {
					cpu.Select("sha512", impls[i])
					sum = func() { sink512 = sha512.Sum512(msg) }
				}
				t0 := threadCPU()
				for range n {
					sum()
				}
				times[i] = append(times[i], (threadCPU()-t0)/time.Duration(n))
			}
		}
		for i, name := range impls[:peer] {
			var ratios []float64
			for r := range rounds {
				ratios = append(ratios, float64(times[peer][r])/float64(times[i][r]))
			}
			slices.Sort(ratios)
			ts := slices.Sorted(slices.Values(times[i]))
			t.Logf("SHA-512 %7d B, %3d rounds: %-9s %9v (crypto/sha512 %9v): %.3fx, quartiles %.3f to %.3f", size, rounds, name,
				ts[rounds/2], slices.Sorted(slices.Values(times[peer]))[rounds/2], ratios[rounds/2], ratios[rounds/4], ratios[3*rounds/4])
		}
	}
}
