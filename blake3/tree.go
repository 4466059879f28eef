package blake3

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/hashkit/hashkit/internal/preempt"
)

// Hashing whole subtrees of chunks many at a time. The wide kernels hash
// several chunks side by side (hashChunks) and then each level of parents
// side by side (hashParents); this file arranges the tree around them.

const (
	// wideChunks is the largest subtree hashed in one piece by hashSubtree:
	// 64 chunks, whose chaining values take 2 KiB of stack. Larger aligned
	// subtrees are folded from 64-chunk pieces; the extra parent
	// compressions that costs (one per 64 KiB) are negligible.
	wideChunks = 64
)

// parallelMinChunks is the smallest subtree (in chunks) that Write hashes
// on several goroutines: 2 MiB, a quarter of a millisecond of work with
// the widest kernel. Less does not pay on a virtual machine, where a go
// statement can cost the caller ten microseconds and a helper starts tens
// of microseconds later. A variable so tests can lower it.
var parallelMinChunks uint64 = 2048

// unitMinChunks is the least a worker takes at a time (some fifteen
// microseconds of work), so that a helper that starts late holds up the
// others by little when it takes the last unit.
const unitMinChunks = 128

// parallelism returns how many goroutines large inputs may use.
func parallelism() int { return runtime.GOMAXPROCS(0) }

// hashSubtree returns the chaining value of the subtree of len(in)/chunkLen
// chunks (a power of two; a single chunk's chaining value is the chunk's
// own) whose first chunk has index counter.
func hashSubtree(in []byte, key *[8]uint32, counter uint64, flags uint32) [cvLen]byte {
	l, r := hashSubtreePair(in, *key, counter, flags, 1)
	if len(in) == chunkLen {
		return l
	}
	p := parentNode(&l, &r, key, flags)
	return p.chainingValue()
}

// hashSubtreeSeq is hashSubtree for any power of two of chunks, on the
// calling goroutine: pieces of wideChunks chunks are merged as they come.
func hashSubtreeSeq(in []byte, key *[8]uint32, counter uint64, flags uint32) [cvLen]byte {
	if len(in) <= wideChunks*chunkLen {
		return hashSubtree(in, key, counter, flags)
	}
	var stack [maxDepth][cvLen]byte
	depth := 0
	const piece = wideChunks * chunkLen // 64 KiB
	preempt.Steps(len(in)/piece, 1, func(i, _ int) {
		cv := hashSubtree(in[i*piece:(i+1)*piece], key, counter+uint64(i*wideChunks), flags)
		// Each trailing zero bit of the number of pieces done completes a
		// subtree twice as large.
		for t := i + 1; t&1 == 0; t >>= 1 {
			depth--
			p := parentNode(&stack[depth], &cv, key, flags)
			cv = p.chainingValue()
		}
		stack[depth] = cv
		depth++
	})
	return stack[0]
}

// hashSubtreePair returns the chaining values of the two halves of the
// subtree in (a power of two of chunks, at least two), or for a single
// chunk its chaining value and a zero value. With par > 1 and a subtree of
// at least parallelMinChunks chunks it hashes on up to par goroutines.
func hashSubtreePair(in []byte, key [8]uint32, counter uint64, flags uint32, par int) (l, r [cvLen]byte) {
	if len(in) == chunkLen {
		var out [cvLen]byte
		hashChunks(in, &key, counter, flags, out[:])
		return out, r
	}
	if par > 1 && uint64(len(in)/chunkLen) >= max(parallelMinChunks, 2) {
		return hashPairParallel(in, key, counter, flags, par)
	}
	if len(in) <= wideChunks*chunkLen {
		// The chaining values of the chunks, then each level of parents.
		var buf [wideChunks * cvLen]byte
		n := len(in) / chunkLen
		hashChunks(in, &key, counter, flags, buf[:n*cvLen])
		foldLevels(buf[:], n, &key, flags)
		return [cvLen]byte(buf[:cvLen]), [cvLen]byte(buf[cvLen:])
	}
	half := len(in) / 2
	return hashSubtreeSeq(in[:half], &key, counter, flags), hashSubtreeSeq(in[half:], &key, counter+uint64(half/chunkLen), flags)
}

// foldLevels replaces the n (at least 2) chaining values at the start of
// buf, the leaves of a tree, by the two children of its root: a level of
// parents at a time, each written over the level below (the kernels read
// all the pairs of a batch before they write its outputs, and the outputs
// of a batch end at or before the start of the pairs of the next one), an
// odd last node carried up. Pairing from the left builds BLAKE3's tree,
// whose left subtrees are complete.
func foldLevels(buf []byte, n int, key *[8]uint32, flags uint32) {
	for n > 2 {
		pairs := n / 2
		hashParents(buf[:2*pairs*cvLen], key, flags, buf[:pairs*cvLen])
		if n%2 == 1 {
			copy(buf[pairs*cvLen:], buf[(n-1)*cvLen:n*cvLen])
		}
		n = pairs + n%2
	}
}

// maxUnits bounds the pieces a parallel subtree is cut into.
const maxUnits = 64

// parallelWork is a subtree cut into units of equal, power-of-two size,
// which workers take in turn: a worker whose thread is descheduled holds
// up at most the unit it is on, not a fixed share of the input.
type parallelWork struct {
	in         []byte
	key        [8]uint32
	counter    uint64
	flags      uint32
	unitChunks int
	next       atomic.Int64
	cvs        [maxUnits * cvLen]byte
}

func (w *parallelWork) run() {
	units := len(w.in) / (w.unitChunks * chunkLen)
	for {
		i := int(w.next.Add(1) - 1)
		if i >= units {
			return
		}
		unit := w.in[i*w.unitChunks*chunkLen : (i+1)*w.unitChunks*chunkLen]
		cv := hashSubtreeSeq(unit, &w.key, w.counter+uint64(i*w.unitChunks), w.flags)
		copy(w.cvs[i*cvLen:], cv[:])
	}
}

// hashPairParallel is hashSubtreePair on up to par goroutines, the calling
// one included, in units of at least unitMinChunks chunks; the result does
// not depend on par or on the unit size.
func hashPairParallel(in []byte, key [8]uint32, counter uint64, flags uint32, par int) (l, r [cvLen]byte) {
	chunks := len(in) / chunkLen
	minUnit := int(max(min(unitMinChunks, parallelMinChunks/2), 1))
	units := 2
	for units < maxUnits && chunks/(2*units) >= minUnit {
		units *= 2
	}
	w := &parallelWork{in: in, key: key, counter: counter, flags: flags, unitChunks: chunks / units}
	var wg sync.WaitGroup
	for range min(par, units) - 1 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.run()
		}()
	}
	w.run()
	wg.Wait()
	foldLevels(w.cvs[:], units, &w.key, flags)
	return [cvLen]byte(w.cvs[:cvLen]), [cvLen]byte(w.cvs[cvLen:])
}

// hashSubtreeParallel returns the chaining value of the subtree in on up
// to par goroutines.
func hashSubtreeParallel(in []byte, key [8]uint32, counter uint64, flags uint32, par int) [cvLen]byte {
	l, r := hashSubtreePair(in, key, counter, flags, par)
	p := parentNode(&l, &r, &key, flags)
	return p.chainingValue()
}

// hashChunksSerial hashes whole chunks one at a time with compressBlocks:
// the tail of hashChunks that no wide kernel takes.
func hashChunksSerial(in []byte, key *[8]uint32, counter uint64, flags uint32, out []byte) {
	for len(in) >= chunkLen {
		cv := *key
		compressBlocks(&cv, in[:chunkLen], counter, flags, flagChunkStart, flagChunkEnd)
		putCV(out, &cv)
		in, out, counter = in[chunkLen:], out[cvLen:], counter+1
	}
}

// hashParentsSerial is hashParentsGeneric with compressBlock.
func hashParentsSerial(in []byte, key *[8]uint32, flags uint32, out []byte) {
	for len(in) >= BlockSize {
		cv := *key
		compressBlock(&cv, (*[BlockSize]byte)(in), 0, BlockSize, flags|flagParent)
		putCV(out, &cv)
		in, out = in[BlockSize:], out[cvLen:]
	}
}

// outputBlocksSerial writes the root output blocks counter, counter+1, ...
// to out, whose length is a multiple of BlockSize.
func outputBlocksSerial(root *node, counter uint64, out []byte) {
	var pc preempt.Counter // a preemption point per preempt.Piece
	for len(out) >= BlockSize {
		root.rootBlock((*[BlockSize]byte)(out), counter)
		out = out[BlockSize:]
		counter++
		pc.Add(BlockSize)
	}
}

// messageRoot returns the root node of the whole message data: the tree
// of Write without its buffer.
func messageRoot(data []byte, key *[8]uint32, flags uint32) node {
	if len(data) > chunkLen && len(data) <= wideChunks*chunkLen {
		return smallRoot(data, key, 0, flags)
	}
	var s cvStack
	rest, counter := s.absorb(data, 0, chunkLen, key, flags)
	if len(rest) == 0 && counter > 0 {
		return s.root(nil, key, flags)
	}
	s.merge(counter, key, flags)
	var c chunkState
	c.reset(key, counter)
	c.update(rest, flags)
	last := c.node(flags)
	return s.root(&last, key, flags)
}

// smallRoot is messageRoot for two to wideChunks chunks, the first with
// index counter. Their chaining
// values are computed together, then each level of parents (foldLevels): a
// kernel call costs about the same for any number of lanes, and cutting
// the tree into its power-of-two subtrees first (6 chunks: 4 and 2) would
// cost one call per subtree.
func smallRoot(data []byte, key *[8]uint32, counter uint64, flags uint32) node {
	var buf [wideChunks * cvLen]byte
	n := len(data) / chunkLen
	hashChunks(data[:n*chunkLen], key, counter, flags, buf[:n*cvLen])
	if tail := data[n*chunkLen:]; len(tail) > 0 {
		var c chunkState
		c.reset(key, counter+uint64(n))
		c.update(tail, flags)
		last := c.node(flags)
		cv := last.chainingValue()
		copy(buf[n*cvLen:], cv[:])
		n++
	}
	foldLevels(buf[:], n, key, flags)
	return parentNode((*[cvLen]byte)(buf[:cvLen]), (*[cvLen]byte)(buf[cvLen:]), key, flags)
}
