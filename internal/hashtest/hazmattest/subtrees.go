// Package hazmattest holds the subtree workload that blake3/hazmat's
// benchmark and the bench module's CPU-time test both measure, so that
// both time the same work.
package hazmattest

import (
	"sync"

	"github.com/hashkit/hashkit/blake3/hazmat"
)

// Subtrees hashes an input as subtrees of piece bytes on workers goroutines
// and merges their chaining values into the root: BLAKE3 spread over the
// caller's own goroutines, as package hazmat allows. Its subtree states are
// made once and reset for each input.
type Subtrees struct {
	piece, workers int
	subs           []*hazmat.Subtree
	cvs            []hazmat.ChainingValue
}

// NewSubtrees returns Subtrees for inputs of size bytes, size/piece a power
// of two of at least 2.
func NewSubtrees(size, piece, workers int) *Subtrees {
	s := &Subtrees{piece: piece, workers: workers, subs: make([]*hazmat.Subtree, size/piece), cvs: make([]hazmat.ChainingValue, size/piece)}
	for i := range s.subs {
		s.subs[i], _ = hazmat.NewSubtree(hazmat.Hash(), uint64(i*piece))
	}
	return s
}

// Root returns the BLAKE3 hash of in, of the size given to NewSubtrees.
func (s *Subtrees) Root(in []byte) [32]byte {
	var wg sync.WaitGroup
	for w := range s.workers {
		wg.Go(func() {
			for i := w; i < len(s.subs); i += s.workers {
				s.subs[i].Reset()
				s.subs[i].Write(in[i*s.piece : (i+1)*s.piece])
				s.cvs[i], _ = s.subs[i].ChainingValue()
			}
		})
	}
	wg.Wait()
	cvs := s.cvs
	for n := len(cvs); n > 2; n /= 2 {
		for i := range n / 2 {
			cvs[i] = hazmat.MergeNonRoot(cvs[2*i], cvs[2*i+1], hazmat.Hash())
		}
	}
	return hazmat.MergeRoot(cvs[0], cvs[1], hazmat.Hash())
}
