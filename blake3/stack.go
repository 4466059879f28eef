package blake3

import (
	"math/bits"

	"github.com/hashkit/hashkit/internal/preempt"
)

// The stack of chaining values of the subtrees left of the next chunk, and
// the subtrees a Hasher's buffer holds back from it (pending).

// cvStack holds the chaining values of the complete subtrees left of the
// next chunk, largest first: one for each 1 bit of the number of chunks
// before it (the merge rule of the specification, section 5.1.2), or more
// while merging waits to know whether more input follows.
type cvStack struct {
	cvs [maxDepth][cvLen]byte
	n   int
	// base is the index of the first chunk of the tree: 0 for a message,
	// the subtree's start for one hashed at an offset (blake3/hazmat). It
	// is a multiple of a power of two at least the subtree's chunk count,
	// so chunk counters and alignment stay absolute and only the merge rule
	// counts from it.
	base uint64
}

// merge folds the stack until it holds one chaining value per 1 bit of
// total, the number of chunks left of the next one to be pushed. Merging
// lazily, only when more input is known to follow, keeps the last parent
// for finalisation, where it may need the ROOT flag.
func (s *cvStack) merge(total uint64, key *[8]uint32, flags uint32) {
	for s.n > bits.OnesCount64(total-s.base) {
		n := parentNode(&s.cvs[s.n-2], &s.cvs[s.n-1], key, flags)
		s.cvs[s.n-2] = n.chainingValue()
		s.n--
	}
}

// push pushes the chaining value of a complete subtree whose first chunk
// has index counter.
func (s *cvStack) push(cv *[cvLen]byte, counter uint64, key *[8]uint32, flags uint32) {
	s.merge(counter, key, flags)
	s.cvs[s.n] = *cv
	s.n++
}

// pushChunks pushes the chaining values cvs of consecutive chunks, the
// first with index counter, none of them the last of the input. They are
// merged into the largest aligned subtrees first, a level of parents at a
// time with the wide kernels (written over cvs).
func (s *cvStack) pushChunks(cvs []byte, counter uint64, key *[8]uint32, flags uint32) {
	s.pushSubtrees(cvs, counter, 0, key, flags)
}

// pushSubtrees is pushChunks for the chaining values of consecutive
// subtrees of 2^level chunks each, the first starting at chunk counter (a
// multiple of 2^level).
func (s *cvStack) pushSubtrees(cvs []byte, counter uint64, level uint, key *[8]uint32, flags uint32) {
	for len(cvs) > 0 {
		size := uint64(1) << (63 - bits.LeadingZeros64(uint64(len(cvs)/cvLen)))
		if counter != 0 {
			size = min(size, (counter&-counter)>>level)
		}
		for k := size; k > 1; k /= 2 {
			hashParents(cvs[:k*cvLen], key, flags, cvs[:k/2*cvLen])
		}
		s.push((*[cvLen]byte)(cvs), counter, key, flags)
		cvs, counter = cvs[size*cvLen:], counter+size<<level
	}
}

// pendLevels is how many levels of parents above a buffer's chunks
// pending holds back: a level-l subtree is 2^l chunks.
const pendLevels = 4

// pendAlign is the chunk alignment at which a Hasher starts to hold
// subtrees back: the span of a full top level, so that every level's
// pairs are siblings.
const pendAlign = bufChunks << pendLevels

// pending is the part of the tree between the stack and the buffer that
// whole buffers written in pieces leave: n[i] (0 or 8) chaining values of
// subtrees of 2^(i+1) chunks in cvs[i], the higher levels further left.
// Hashing each buffer's parents down to one chaining value would leave
// levels of four, two and one parent, hashed one at a time or on a kernel
// call of a few lanes; here a level waits until it holds 16 subtrees and
// hashes their 8 parents at once, as for a message written in one piece.
type pending struct {
	cvs [pendLevels][bufChunks * cvLen]byte
	n   [pendLevels]uint8
}

// empty reports whether no subtree is pending.
func (p *pending) empty() bool { return p.n == [pendLevels]uint8{} }

// clear drops the pending subtrees.
func (p *pending) clear() { p.n = [pendLevels]uint8{} }

// chunks returns the number of chunks the pending subtrees span.
func (p *pending) chunks() uint64 {
	var c uint64
	for i, n := range p.n {
		c += uint64(n) << (i + 1)
	}
	return c
}

// add adds the 8 chaining values cvs of the level-1 subtrees of a whole
// buffer, which ends at chunk end and is followed by more input. A level
// that reaches 16 subtrees is replaced by their 8 parents one level up;
// the top level's parents become one subtree of pendAlign chunks, pushed
// onto s.
func (p *pending) add(s *cvStack, cvs *[bufChunks / 2 * cvLen]byte, end uint64, key *[8]uint32, flags uint32) {
	for i := range pendLevels {
		copy(p.cvs[i][int(p.n[i])*cvLen:], cvs[:])
		p.n[i] += bufChunks / 2
		if p.n[i] < bufChunks {
			return
		}
		p.n[i] = 0
		hashParents(p.cvs[i][:], key, flags, cvs[:])
	}
	foldLevels(cvs[:], bufChunks/2, key, flags)
	pn := parentNode((*[cvLen]byte)(cvs[:cvLen]), (*[cvLen]byte)(cvs[cvLen:]), key, flags)
	cv := pn.chainingValue()
	s.push(&cv, end-pendAlign, key, flags)
}

// flush pushes the pending subtrees, which end at chunk end and are
// followed by more input, onto s, leaving p unchanged.
func (p *pending) flush(s *cvStack, end uint64, key *[8]uint32, flags uint32) {
	counter := end - p.chunks()
	for i := pendLevels - 1; i >= 0; i-- {
		if p.n[i] == 0 {
			continue
		}
		cvs := p.cvs[i]
		n := int(p.n[i])
		s.pushSubtrees(cvs[:n*cvLen], counter, uint(i+1), key, flags)
		counter += uint64(n) << (i + 1)
	}
}

// absorb hashes whole subtrees straight from p, whose first chunk has index
// counter, while more than keep bytes (at least one chunk) are left, and
// returns the rest of p and the index of its first chunk. A subtree
// followed by more input is never the root, so one chaining value stands
// for it. One that ends p may be the root: its two halves are pushed
// instead, and merged only when more input comes (or joined with the ROOT
// flag by root).
func (s *cvStack) absorb(p []byte, counter uint64, keep int, key *[8]uint32, flags uint32) ([]byte, uint64) {
	// Written out, not preempt.Steps: each subtree's size depends on the last.
	for len(p) > keep {
		chunks := uint64(len(p)) / chunkLen
		// The largest power of two that fits and keeps the tree aligned:
		// a subtree of 2^k chunks must start at a multiple of 2^k.
		size := uint64(1) << (63 - bits.LeadingZeros64(chunks))
		if counter != 0 {
			size = min(size, counter&-counter)
		}
		par := 1
		if size >= parallelMinChunks {
			par = parallelism()
		}
		if par <= 1 {
			size = min(size, wideChunks)
		}
		sub := p[:size*chunkLen]
		l, r := hashSubtreePair(sub, *key, counter, flags, par)
		switch {
		case len(sub) == len(p):
			// size >= 2 here, since len(p) > keep >= chunkLen.
			s.push(&l, counter, key, flags)
			s.push(&r, counter+size/2, key, flags)
		case size == 1:
			s.push(&l, counter, key, flags)
		default:
			pn := parentNode(&l, &r, key, flags)
			cv := pn.chainingValue()
			s.push(&cv, counter, key, flags)
		}
		counter += size
		p = p[size*chunkLen:]
		if len(p) > chunkLen {
			preempt.Point() // between two subtrees (see internal/preempt)
		}
	}
	return p, counter
}

// root returns the root of the tree whose last chunk is last (nil: the
// input ended with a whole subtree, whose two halves are on top), folded
// into the stacked subtrees right to left. It does not change s.
func (s *cvStack) root(last *node, key *[8]uint32, flags uint32) node {
	i := s.n - 1
	var n node
	if last == nil {
		n = parentNode(&s.cvs[i-1], &s.cvs[i], key, flags)
		i -= 2
	} else {
		n = *last
	}
	for ; i >= 0; i-- {
		cv := n.chainingValue()
		n = parentNode(&s.cvs[i], &cv, key, flags)
	}
	return n
}
