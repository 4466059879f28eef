package bench

import (
	"runtime"
	"slices"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// onOneThread keeps the test's goroutine on its OS thread until t ends:
// the thread's CPU time then counts the measured work and nothing else.
func onOneThread(t *testing.T) {
	runtime.LockOSThread()
	t.Cleanup(runtime.UnlockOSThread)
}

// cpuClock reads a CPU-time clock: the scheduler's exact run time, in
// nanoseconds, where getrusage's times advance by scheduler ticks, so
// batches of a millisecond or less can be timed.
func cpuClock(id int32) time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(id, &ts); err != nil {
		panic(err)
	}
	return time.Duration(ts.Nano())
}

// threadCPU returns the CPU time used so far by the calling thread.
func threadCPU() time.Duration { return cpuClock(unix.CLOCK_THREAD_CPUTIME_ID) }

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
func processCPU() time.Duration { return cpuClock(unix.CLOCK_PROCESS_CPUTIME_ID) }

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
