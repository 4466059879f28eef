package bench

import (
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestBatchCPUTimeRatios measures the batch targets by the CPU time of the
// measuring thread rather than wall-clock time (as TestSHA3CPUTimeRatios
// does, for the same reason: on a machine shared by many processes wall
// time swings by tens of percent between runs). Each case runs its batch
// function and its peers in turns, rounds times; the medians are compared.
// Run it with HASHKIT_CPUTIME=1 go test -run BatchCPUTime -v, or with
// HASHKIT_CPUTIME=merkle (any part of a case name) for those cases (one core:
// GOMAXPROCS 1, so that the Merkle layer, the one case above the batch
// functions' parallel thresholds, stays on the measuring thread).
func TestBatchCPUTimeRatios(t *testing.T) {
	only := os.Getenv("HASHKIT_CPUTIME")
	if only == "" {
		t.Skip("set HASHKIT_CPUTIME=1 to run")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	onOneThread(t)
	const rounds = 15
	for _, c := range batchCases(false) {
		if only != "1" && !strings.Contains(c.name, only) {
			continue
		}
		times := make([][]time.Duration, len(c.impls))
		for range rounds {
			for i, im := range c.impls {
				reps := c.repsCPU
				t0 := threadCPU()
				for range reps {
					im.f(c.data)
				}
				times[i] = append(times[i], (threadCPU()-t0)/time.Duration(reps))
			}
		}
		med := make([]time.Duration, len(times))
		for i, ts := range times {
			slices.Sort(ts)
			med[i] = ts[len(ts)/2]
		}
		for i := 1; i < len(c.impls); i++ {
			t.Logf("%-28s hashkit %10v, %-13s %10v: %.2fx", c.name, med[0], c.impls[i].name, med[i], float64(med[i])/float64(med[0]))
		}
	}
}

// TestBatchTwoCores runs the 2^20-message cases with GOMAXPROCS 1 and 2 in
// turns and reports, from medians of rounds, the wall-clock speed-up and
// the ratio of the process's CPU time (all threads) with two to that with
// one. On a machine shared with other jobs the wall-clock figure is only
// indicative; the CPU ratio says how much work the parallel path adds (1.00:
// none, so on two idle cores it would run twice as fast). Run it with
// HASHKIT_CPUTIME=1 go test -run BatchTwoCores -v.
func TestBatchTwoCores(t *testing.T) {
	measuring(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	const rounds = 7
	for _, c := range batchCases(true) {
		if !strings.Contains(c.name, "n=1048576") {
			continue
		}
		f := c.impls[0].f
		var wall, cpu [2][]time.Duration
		for range rounds {
			for p := range 2 {
				runtime.GOMAXPROCS(p + 1)
				w0, c0 := time.Now(), processCPU()
				f(c.data)
				wall[p] = append(wall[p], time.Since(w0))
				cpu[p] = append(cpu[p], processCPU()-c0)
			}
		}
		med := func(d []time.Duration) time.Duration { slices.Sort(d); return d[len(d)/2] }
		w1, w2, c1, c2 := med(wall[0]), med(wall[1]), med(cpu[0]), med(cpu[1])
		t.Logf("%-28s wall %9v -> %9v (%.2fx), CPU %9v -> %9v (%.2f)", c.name, w1, w2, float64(w1)/float64(w2), c1, c2, float64(c2)/float64(c1))
	}
}
