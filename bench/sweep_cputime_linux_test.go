package bench

import (
	"os"
	"regexp"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestSweepCPUTime is BenchmarkSweep by thread CPU time (cpuTimeMedians),
// for machines too busy for wall-clock benchmarks: each algorithm against
// its peer at every length of sweepSizes, the ratio peer/hashkit logged and
// marked where hashkit is slower. Run it with HASHKIT_CPUTIME=1 go test -run
// SweepCPUTime -v, HASHKIT_SWEEP a regular expression for the algorithms
// (all by default), and HASHKIT_DISABLE for another tier.
func TestSweepCPUTime(t *testing.T) {
	measuring(t)
	re, err := regexp.Compile(os.Getenv("HASHKIT_SWEEP"))
	if err != nil {
		t.Fatalf("HASHKIT_SWEEP: %v", err)
	}
	for _, a := range sweepAlgs() {
		if !re.MatchString(a.name) {
			continue
		}
		for _, size := range sweepSizes {
			buf := make([]byte, size+3*4096)
			msg := buf[:copy(buf, hashtest.RandBytes(uint64(size), size))]
			n := max(10, 2_000_000/(size+100))
			mo, mp := cpuTimeMedians(t, n, 11, func() { a.hk(msg) }, func() { a.peer(msg) })
			r := float64(mp) / float64(mo)
			mark := ""
			if r < 1 {
				mark = "  <- slower"
			}
			t.Logf("%-12s %5d B: hashkit %8v, peer %8v: %.2fx%s", a.name, size, mo, mp, r, mark)
		}
	}
}
