package argon2

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// A freshly allocated block array is usually memory the kernel has not
// mapped yet: the first pass then takes a page fault every 4 KiB, which can
// cost as much as the pass's hashing. When the lanes leave a thread idle,
// prefault writes into the pages of the blocks the first pass has not
// reached, from the last block back, on a goroutine of its own, so that
// those faults are taken there. The blocks are cut into pieces, each owned
// by whoever claims it first: the fill (before it writes into the piece) or
// prefault (while it writes its zeros), so that the two never write the
// same memory at once.

// pieceBlocks is the size of a piece: 64 KiB, 16 pages.
const pieceBlocks = 64

// Piece states.
const (
	pieceFree     = iota // neither has touched it
	pieceTouching        // prefault is writing into it
	pieceTaken           // prefault is done with it, or the fill has it
)

type prefault struct {
	state []atomic.Uint32 // of piece i
	stop  atomic.Bool
	wg    sync.WaitGroup
}

// startPrefault starts prefaulting the blocks b, of which the first pass has
// written those in written (block indices) already, and returns it.
func startPrefault(b []block, written []uint32) *prefault {
	pf := &prefault{state: make([]atomic.Uint32, (len(b)+pieceBlocks-1)/pieceBlocks)}
	for _, i := range written {
		pf.state[i/pieceBlocks].Store(pieceTaken)
	}
	pf.wg.Add(1)
	go func() {
		defer pf.wg.Done()
		const page = 4096 / blockSize // blocks a page
		for p := len(pf.state) - 1; p >= 0 && !pf.stop.Load(); p-- {
			if !pf.state[p].CompareAndSwap(pieceFree, pieceTouching) {
				continue // the fill got here first (with several lanes, earlier lanes may not have)
			}
			end := min((p+1)*pieceBlocks, len(b))
			for i := p * pieceBlocks; i < end; i += page {
				b[i][0] = 0
			}
			pf.state[p].Store(pieceTaken)
		}
	}()
	return pf
}

// take makes block i's piece the fill's, waiting while prefault writes
// into it.
func (pf *prefault) take(i uint32) {
	s := &pf.state[i/pieceBlocks]
	for !s.CompareAndSwap(pieceFree, pieceTaken) && s.Load() != pieceTaken {
		runtime.Gosched()
	}
}

// end stops prefault and waits until it has.
func (pf *prefault) end() {
	pf.stop.Store(true)
	pf.wg.Wait()
}
