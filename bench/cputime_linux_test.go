package bench

import (
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"
)

// threadCPU returns the CPU time used so far by the calling thread.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// cpuTimeMedians runs ours and peer in interleaved batches of n calls,
// rounds times each, on one locked thread, and returns the median thread
// CPU time per call of each: on a machine shared by many processes,
// wall-clock time swings by tens of percent between runs, the CPU time of
// the measuring thread much less.
func cpuTimeMedians(t *testing.T, n, rounds int, ours, peer func()) (time.Duration, time.Duration) {
	t.Helper()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	return mediansBy(threadCPU, n, rounds, ours, peer)
}

// processCPU returns the CPU time used so far by the whole process.
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// mediansBy runs ours and peer in interleaved batches of n calls, rounds
// times each, and returns the median time per call of each by clock.
func mediansBy(clock func() time.Duration, n, rounds int, ours, peer func()) (time.Duration, time.Duration) {
	batch := func(f func()) time.Duration {
		t0 := clock()
		for range n {
			f()
		}
		return (clock() - t0) / time.Duration(n)
	}
	var o, p []time.Duration
	for range rounds {
		o = append(o, batch(ours))
		p = append(p, batch(peer))
	}
	slices.Sort(o)
	slices.Sort(p)
	return o[len(o)/2], p[len(p)/2]
}
