package kdfwork

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// A freshly allocated working array is usually memory the kernel has not
// mapped yet: a derivation's first sweep over it then takes a page fault
// every 4 KiB, which can cost as much as its hashing. When the derivation
// leaves a thread idle, a Prefault writes into the pages the sweep has not
// reached, from the last element back, on a goroutine of its own, so that
// those faults are taken there. The array is cut into pieces, each owned by
// whoever claims it first: the sweep (before it writes into the piece) or
// the Prefault (while it writes its zeros), so that the two never write the
// same memory at once.

// Piece states.
const (
	pieceFree     = iota // neither has touched it
	pieceTouching        // the Prefault is writing into it
	pieceTaken           // the Prefault is done with it, or the sweep has it
)

// Piece and page sizes, in bytes.
const (
	pieceBytes = 64 << 10
	pageBytes  = 4 << 10
)

// Prefault faults in an array of elements ahead of the sweep that fills it.
type Prefault struct {
	n        int             // elements
	perPiece int             // elements a piece
	perPage  int             // elements a page, at least 1
	state    []atomic.Uint32 // of piece i
	stop     atomic.Bool
	wg       sync.WaitGroup
}

// NewPrefault returns a Prefault for an array of n elements of size bytes
// each (a power of two); Take the elements written already, then Start it.
func NewPrefault(n, size int) *Prefault {
	perPiece := max(pieceBytes/size, 1)
	return &Prefault{n: n, perPiece: perPiece, perPage: max(pageBytes/size, 1),
		state: make([]atomic.Uint32, (n+perPiece-1)/perPiece)}
}

// Start runs touch(i), which writes into element i, for one element a page
// of the pieces nobody has taken, from the last piece back.
func (pf *Prefault) Start(touch func(i int)) {
	pf.wg.Add(1)
	go func() {
		defer pf.wg.Done()
		for p := len(pf.state) - 1; p >= 0 && !pf.stop.Load(); p-- {
			if !pf.state[p].CompareAndSwap(pieceFree, pieceTouching) {
				continue // the sweep got here first (with several, earlier ones may not have)
			}
			for i := p * pf.perPiece; i < min((p+1)*pf.perPiece, pf.n); i += pf.perPage {
				touch(i)
			}
			pf.state[p].Store(pieceTaken)
		}
	}()
}

// Take makes element i's piece the sweep's, waiting while the Prefault
// writes into it. The sweep calls it before writing into a piece.
func (pf *Prefault) Take(i int) {
	s := &pf.state[i/pf.perPiece]
	for !s.CompareAndSwap(pieceFree, pieceTaken) && s.Load() != pieceTaken {
		runtime.Gosched()
	}
}

// Sweep takes the pieces of elements from to to-1 for a sweep whose
// elements below from are in pieces it has taken, and returns the new
// from: a sweep calls from = pf.Sweep(from, to) before it writes elements
// up to to-1.
func (pf *Prefault) Sweep(from, to int) int {
	for from < to {
		pf.Take(from)
		from = (from/pf.perPiece + 1) * pf.perPiece
	}
	return from
}

// End stops the Prefault and waits until it has.
func (pf *Prefault) End() {
	pf.stop.Store(true)
	pf.wg.Wait()
}
