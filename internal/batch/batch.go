// Package batch spreads the work of the many-message functions (sha256,
// sha3 and blake3 SumMany and friends) and of the leaves of KT128 and
// ParallelHash over goroutines: the shared part of their parallel paths,
// the hashing itself staying in each family.
package batch

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// LengthsOK reports whether data of dataLen bytes holds exactly n messages
// of msgLen bytes, without computing n*msgLen (which could overflow): the
// check of every batch function, which returns an error and writes nothing
// when it fails.
func LengthsOK(n, dataLen, msgLen int) bool {
	if msgLen == 0 {
		return dataLen == 0
	}
	return msgLen > 0 && dataLen%msgLen == 0 && dataLen/msgLen == n
}

// Workers returns how many goroutines should share n items whose hashing
// reads total bytes: 1 below minTotal, otherwise at most GOMAXPROCS and at
// most one per perWorker bytes. The callers' minTotal is about a quarter
// of a millisecond of work on one core: less does not pay on a virtual
// machine, where a go statement can cost the caller ten microseconds and
// the helper starts tens of microseconds later.
func Workers(total, n, minTotal, perWorker int) int {
	if total < minTotal || n < 2 {
		return 1
	}
	return max(min(runtime.GOMAXPROCS(0), total/max(perWorker, 1), n), 1)
}

// RunBytes returns how many bytes of hashing each run of a Split should
// hold when w goroutines share total bytes: at least minRun, so that
// handing a run over costs little against hashing it, and otherwise a
// sixteenth of a goroutine's share, up to 1 MiB: few runs, so that their
// hand-overs and the copies out of the helpers' slots stay a small part of
// the work, yet enough that a goroutine slowed by other load does fewer.
func RunBytes(total, w, minRun int) int {
	return max(minRun, min(total/(16*max(w, 1)), 1<<20))
}

// Split hands the runs of a batch (consecutive ranges of items) to the
// calling goroutine and helper goroutines, for the batch functions that
// write into the caller's dst. The runs are taken from a shared counter
// rather than split in equal parts up front, so a goroutine that gets less
// CPU (on a busy machine) does fewer of them instead of holding up the
// others; and the caller waits for the runs, not for the goroutines, so one
// that only starts after the work is gone finds nothing to do and ends.
// Passing dst itself to other goroutines would make it escape to the heap: a caller's dst on its stack would cost an allocation even for
// small batches, which never start a goroutine. So the calling goroutine
// writes its runs straight into dst, while each helper writes a run into a
// slot (a buffer of one run's output) and delivers it; the caller copies the
// delivered runs into dst after each run of its own (Own) and at the end
// (Wait). The copies overlap the helpers' hashing and read slots that are
// still in cache, and no buffer of the whole output's size is needed.
type Split struct {
	n, run, runs, size int
	next               atomic.Int64
	free               chan []byte // slots a helper may fill
	full               chan delivery
	arena              *[]byte
	done               int // runs in dst, counted by the caller
}

type delivery struct {
	start int // the run's first item
	out   []byte
}

// slotsPerHelper lets a helper deliver a run and go on with more while the
// caller is still busy with a run of its own.
const slotsPerHelper = 3

// NewSplit cuts n items of size output bytes each into runs of run (at
// least 1) items, for the caller and helpers more goroutines.
func NewSplit(n, run, size, helpers int) *Split {
	run = max(run, 1)
	s := &Split{n: n, run: run, runs: (n + run - 1) / run, size: size}
	k, slot := slotsPerHelper*max(helpers, 1), run*size
	s.free = make(chan []byte, k)
	s.full = make(chan delivery, k)
	s.arena = buffer(k * slot)
	for i := range k {
		s.free <- (*s.arena)[i*slot : (i+1)*slot : (i+1)*slot]
	}
	return s
}

// Next hands out the next run, items start to end; ok is false when none
// is left.
func (s *Split) Next() (start, end int, ok bool) {
	r := int(s.next.Add(1) - 1)
	if r >= s.runs {
		return 0, 0, false
	}
	return r * s.run, min((r+1)*s.run, s.n), true
}

// Slot returns, to a helper, a buffer for the output of its run of items
// start to end, waiting until the caller has emptied one if need be.
func (s *Split) Slot(start, end int) []byte {
	return (<-s.free)[:(end-start)*s.size]
}

// Deliver hands a helper's finished run, in the slot Slot returned, to the
// caller.
func (s *Split) Deliver(start int, out []byte) {
	s.full <- delivery{start, out}
}

// Own records, for the caller, a run it wrote into dst itself, and copies
// into dst the runs the helpers have delivered meanwhile.
func (s *Split) Own(dst []byte) {
	s.done++
	for {
		select {
		case d := <-s.full:
			s.take(dst, d)
		default:
			return
		}
	}
}

// Wait copies the helpers' runs into dst as they are delivered until every
// run is there. The helpers touch no slot after that.
func (s *Split) Wait(dst []byte) {
	for s.done < s.runs {
		s.take(dst, <-s.full)
	}
	release(s.arena)
}

func (s *Split) take(dst []byte, d delivery) {
	copy(dst[d.start*s.size:], d.out)
	s.done++
	s.free <- d.out[:cap(d.out)]
}

// The helpers' slots are reused between calls, so a batch call allocates
// none in the steady state.
var buffers sync.Pool // of *[]byte

// buffer returns a buffer of n bytes (with unspecified contents), to be
// handed back with release.
func buffer(n int) *[]byte {
	if p, ok := buffers.Get().(*[]byte); ok && cap(*p) >= n {
		*p = (*p)[:n]
		return p
	}
	b := make([]byte, n)
	return &b
}

// release makes b available to later calls of buffer.
func release(b *[]byte) { buffers.Put(b) }
