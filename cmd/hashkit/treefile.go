package main

import (
	"io"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/hashkit/hashkit/blake3"
	"github.com/hashkit/hashkit/blake3/hazmat"
)

// A fileReader is a digest that can read a regular file itself, with
// ReadAt, instead of being written its bytes in order.
type fileReader interface {
	readFile(f io.ReaderAt, size int64, prog *progress) error
}

// minTreeFile is the smallest file read by its digest's readFile (see
// readInto), the size from which readInto also reads ahead: a smaller file
// takes one or two reads into one buffer, whose Write blake3 spreads over
// the cores itself.
const minTreeFile = 2 * largeBuffer

// treeUnit is the piece of a file that one goroutine reads and hashes as a
// BLAKE3 subtree: a power of two of chunks, small enough that the bytes a
// read copies are still in the core's cache when they are hashed, and below
// the size at which blake3's Write spreads one write over several cores.
const treeUnit = 1 << 20

var treeBufs = sync.Pool{New: func() any { b := make([]byte, treeUnit); return &b }}

// blake3Digest is BLAKE3's digest: written to in order, it is the Hasher's;
// a large regular file is instead hashed by readFile.
type blake3Digest struct {
	xofDigest
	mode hazmat.Mode
	// The children of the root of a file hashed by readFile.
	l, r   hazmat.ChainingValue
	byFile bool
}

func newBLAKE3Digest(h *blake3.Hasher, mode hazmat.Mode, n int) *blake3Digest {
	d := &blake3Digest{mode: mode}
	d.xofDigest = xofDigest{w: h, n: n, out: func() io.Reader {
		if d.byFile {
			return hazmat.MergeRootXOF(d.l, d.r, d.mode)
		}
		return h.XOF()
	}}
	return d
}

// treeSegment is how many units readFile hashes between two merges of
// their chaining values, so that it keeps 32 bytes per unit of a segment
// and 32 per segment (1 GiB) of the file. A variable so tests can lower it.
var treeSegment = 1024

// readFile hashes the size bytes of f on GOMAXPROCS goroutines, each of
// which reads a treeUnit at a time with ReadAt and hashes it as a subtree:
// the copy out of the page cache and the hashing are spread over every
// core with no hand-off between a reader and the hashers, and a unit is
// hashed while it is in the cache of the core that read it. The units'
// chaining values are merged a segment at a time (every segment but the
// last is a whole subtree), and the segments' at the end.
func (d *blake3Digest) readFile(f io.ReaderAt, size int64, prog *progress) error {
	units := int((size + treeUnit - 1) / treeUnit)
	cvs := make([]hazmat.ChainingValue, min(units, treeSegment))
	var segments []hazmat.ChainingValue
	for first := 0; first < units; first += treeSegment {
		n := min(treeSegment, units-first)
		if err := readUnits(f, size, first, cvs[:n], d.mode, prog); err != nil {
			return err
		}
		if units <= treeSegment {
			// One segment (two units or more): the units are the tree.
			d.l, d.r = d.children(cvs[:n])
			d.byFile = true
			return nil
		}
		segments = append(segments, d.subtree(cvs[:n]))
	}
	d.l, d.r = d.children(segments)
	d.byFile = true
	return nil
}

// readUnits hashes the units first, first+1, ... of f (of size bytes)
// into cvs, on GOMAXPROCS goroutines that each take the next unit.
func readUnits(f io.ReaderAt, size int64, first int, cvs []hazmat.ChainingValue, mode hazmat.Mode, prog *progress) error {
	var next atomic.Int64
	var failed atomic.Pointer[error]
	work := func() {
		bp := treeBufs.Get().(*[]byte)
		defer treeBufs.Put(bp)
		for failed.Load() == nil {
			i := int(next.Add(1) - 1)
			if i >= len(cvs) {
				return
			}
			off := int64(first+i) * treeUnit
			buf := (*bp)[:min(treeUnit, size-off)]
			if n, err := f.ReadAt(buf, off); n < len(buf) {
				if err == nil || err == io.EOF {
					err = errChanged // it ends before its size at open
				}
				failed.CompareAndSwap(nil, &err)
				return
			}
			// The offset is a multiple of the chunk size and the unit no
			// longer than the subtree there may be: no error.
			s, _ := hazmat.NewSubtree(mode, uint64(off))
			s.Write(buf)
			cvs[i], _ = s.ChainingValue()
			prog.add(len(buf))
		}
	}
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(cvs)) - 1 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work()
		}()
	}
	work()
	wg.Wait()
	if err := failed.Load(); err != nil {
		return *err
	}
	return nil
}

// children returns the chaining values of the root's children of the tree
// over the units whose chaining values are cvs (at least two): every unit
// but the last is a whole subtree of treeUnit, so the root's left child
// spans the largest power of two of units short of all of them.
func (d *blake3Digest) children(cvs []hazmat.ChainingValue) (l, r hazmat.ChainingValue) {
	left := 1
	for 2*left < len(cvs) {
		left *= 2
	}
	return d.subtree(cvs[:left]), d.subtree(cvs[left:])
}

// subtree returns the chaining value of the non-root node over cvs.
func (d *blake3Digest) subtree(cvs []hazmat.ChainingValue) hazmat.ChainingValue {
	if len(cvs) == 1 {
		return cvs[0]
	}
	l, r := d.children(cvs)
	return hazmat.MergeNonRoot(l, r, d.mode)
}
