// Package batch spreads the work of the many-message functions (sha256,
// sha3 and blake3 SumMany and friends) over goroutines: the shared part of
// their parallel paths, the hashing itself staying in each family.
package batch

import (
	"runtime"
	"sync"
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

// Split is Run taken apart, for the batch functions that write into the
// caller's dst: the calling goroutine writes its ranges straight into dst,
// while the helper goroutines write theirs into a buffer of their own
// (Buffer) that the caller copies from at the end (CopyHelped). Passing dst
// itself to other goroutines would make it escape to the heap: a caller's
// dst on its stack would cost an allocation even for small batches, which
// never start a goroutine.
type Split struct {
	n, run, runs    int
	next, completed atomic.Int64
	helped          []atomic.Bool // run r was done by a helper
	done            chan struct{}
}

// NewSplit cuts n items into ranges of run (at least 1) items each.
func NewSplit(n, run int) *Split {
	run = max(run, 1)
	runs := (n + run - 1) / run
	return &Split{n: n, run: run, runs: runs, helped: make([]atomic.Bool, runs), done: make(chan struct{})}
}

// Next hands out the next range, start to end, and its index r; ok is
// false when there are none left.
func (s *Split) Next() (r, start, end int, ok bool) {
	r = int(s.next.Add(1) - 1)
	if r >= s.runs {
		return 0, 0, 0, false
	}
	return r, r * s.run, min((r+1)*s.run, s.n), true
}

// Finish records that range r is done, by a helper goroutine or by the
// caller.
func (s *Split) Finish(r int, helper bool) {
	s.helped[r].Store(helper)
	if s.completed.Add(1) == int64(s.runs) {
		close(s.done)
	}
}

// Wait returns when every range is done (at once if there are none).
func (s *Split) Wait() {
	if s.runs > 0 {
		<-s.done
	}
}

// CopyHelped copies the outputs of the ranges the helpers did from buf to
// dst, item i's size bytes at i*size in both.
func (s *Split) CopyHelped(dst, buf []byte, size int) {
	for r := range s.runs {
		if s.helped[r].Load() {
			start, end := r*s.run*size, min((r+1)*s.run, s.n)*size
			copy(dst[start:end], buf[start:end])
		}
	}
}

// Buffers for the helpers' outputs are reused between calls: a fresh one
// of tens of MiB costs a page fault per 4 KiB on first touch.
var buffers sync.Pool // of *[]byte

// Buffer returns a buffer of n bytes (with unspecified contents), to be
// handed back with Release.
func Buffer(n int) *[]byte {
	if p, ok := buffers.Get().(*[]byte); ok && cap(*p) >= n {
		*p = (*p)[:n]
		return p
	}
	b := make([]byte, n)
	return &b
}

// Release makes b available to later calls of Buffer.
func Release(b *[]byte) { buffers.Put(b) }
