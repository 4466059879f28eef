// Package batch spreads the work of the many-message functions (sha256,
// sha3 and blake3 SumMany and friends) over goroutines: the shared part of
// their parallel paths, the hashing itself staying in each family.
package batch

import (
	"runtime"
	"sync/atomic"
)

// Workers returns how many goroutines should share n items whose hashing
// reads total bytes: 1 below minTotal, otherwise at most GOMAXPROCS and at
// most one per perWorker bytes.
func Workers(total, n, minTotal, perWorker int) int {
	if total < minTotal || n < 2 {
		return 1
	}
	return max(min(runtime.GOMAXPROCS(0), total/max(perWorker, 1), n), 1)
}

// Run calls f(start, end) for consecutive ranges of [0, n) of run items
// each (the last may be shorter), on the calling goroutine and w-1 more,
// and returns when every range is done. The ranges are taken from a shared
// counter rather than split in w equal parts up front, so a goroutine that
// gets less CPU (on a busy machine) does fewer of them instead of holding
// up the others; and the caller waits for the ranges, not for the
// goroutines, so one that only starts after the work is gone finds nothing
// to do and ends.
func Run(n, run, w int, f func(start, end int)) {
	run = max(run, 1)
	runs := (n + run - 1) / run
	if w <= 1 || runs <= 1 {
		if n > 0 {
			f(0, n)
		}
		return
	}
	var next, completed atomic.Int64
	allDone := make(chan struct{})
	work := func() {
		for {
			r := int(next.Add(1) - 1)
			if r >= runs {
				return
			}
			f(r*run, min((r+1)*run, n))
			if completed.Add(1) == int64(runs) {
				close(allDone)
			}
		}
	}
	for range min(w, runs) - 1 {
		go work()
	}
	work()
	<-allDone
}
