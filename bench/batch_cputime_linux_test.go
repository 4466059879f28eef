package bench

import (
	"os"
	"runtime"
	"slices"
	"strings"
	"syscall"
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
// the batch functions stay on the calling goroutine below 256 KiB, and the
// cases are below that except the Merkle layer, run with GOMAXPROCS 1).
func TestBatchCPUTimeRatios(t *testing.T) {
	only := os.Getenv("HASHKIT_CPUTIME")
	if only == "" {
		t.Skip("set HASHKIT_CPUTIME=1 to run")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	threadCPU := func() time.Duration {
		var ru syscall.Rusage
		syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
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
