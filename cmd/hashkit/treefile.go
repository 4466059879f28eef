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
// readInto): below it one reader's Write is as fast.
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

// readFile hashes the size bytes of f on GOMAXPROCS goroutines, each of
// which reads a treeUnit at a time with ReadAt and hashes it as a subtree:
// the copy out of the page cache and the hashing are spread over every
// core with no hand-off between a reader and the hashers, and a unit is
// hashed while it is in the cache of the core that read it. The chaining
// values of the units (32 bytes per MiB of file) are merged at the end.
func (d *blake3Digest) readFile(f io.ReaderAt, size int64, prog *progress) error {
	units := int((size + treeUnit - 1) / treeUnit)
	cvs := make([]hazmat.ChainingValue, units)
	var next atomic.Int64
	var failed atomic.Bool
	errs := make([]error, units)
	work := func() {
		bp := treeBufs.Get().(*[]byte)
		defer treeBufs.Put(bp)
		for !failed.Load() {
			i := int(next.Add(1) - 1)
			if i >= units {
				return
			}
			off := int64(i) * treeUnit
			buf := (*bp)[:min(treeUnit, size-off)]
			if n, err := f.ReadAt(buf, off); n < len(buf) {
				if err == nil || err == io.EOF {
					err = errChangedSize // it ends before its size at open
				}
				errs[i] = err
				failed.Store(true)
				return
			}
			// The offset is a multiple of the chunk size and the unit no
			// longer than the subtree there may be: no error.
			s, _ := hazmat.NewSubtree(d.mode, uint64(off))
			s.Write(buf)
			cvs[i], _ = s.ChainingValue()
			prog.add(len(buf))
		}
	}
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), units) - 1 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work()
		}()
	}
	work()
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	d.l, d.r = d.children(cvs)
	d.byFile = true
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
