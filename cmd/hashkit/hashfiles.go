package main

import (
	"io"
	"sync"
	"sync/atomic"
)

type result struct {
	sum []byte
	err error
}

// lookahead bounds how many files may be hashed ahead of the one printed
// next, so that memory stays flat however long the list.
const lookahead = 1024

// hashFiles hashes the files on up to jobs goroutines and returns a function
// that yields their results in argument order, so the caller can print while
// later files are still being read. mk makes the digest of the i-th file.
//
// The workers take files in order from a shared counter, and a result goes
// into a ring slot that the caller has emptied: while the caller keeps up,
// nothing blocks and no goroutine is started per file.
//
// Standard input ("-") may be named several times: it is read by one file at
// a time, in argument order, so the first takes all of a pipe's bytes and the
// later ones hash what is left (nothing, as with coreutils).
func hashFiles(e *env, files []string, jobs int, prog *progress, mk func(i int) (digest, error)) (next func() result) {
	return hashFilesAhead(e, files, jobs, lookahead, prog, mk)
}

// hashFilesAhead is hashFiles with at most ahead results waiting to be
// printed.
func hashFilesAhead(e *env, files []string, jobs, ahead int, prog *progress, mk func(i int) (digest, error)) (next func() result) {
	window := min(ahead, max(len(files), 1))
	ring := make([]chan result, window)
	tokens := make(chan struct{}, window)
	for i := range ring {
		ring[i] = make(chan result, 1)
		tokens <- struct{}{}
	}
	// stdinAfter[i] is closed when the i-th file, a "-", has been read.
	stdinAfter := map[int]chan struct{}{}
	prevStdin := -1
	prevOf := map[int]int{}
	for i, name := range files {
		if name == "-" {
			stdinAfter[i] = make(chan struct{})
			prevOf[i] = prevStdin
			prevStdin = i
		}
	}
	var claimed atomic.Int64
	work := func() {
		for {
			<-tokens
			i := int(claimed.Add(1) - 1)
			if i >= len(files) {
				tokens <- struct{}{}
				return
			}
			done, isStdin := stdinAfter[i]
			if isStdin && prevOf[i] >= 0 {
				<-stdinAfter[prevOf[i]]
			}
			sum, err := hashFile(e, files[i], prog, func() (digest, error) { return mk(i) })
			if isStdin {
				close(done)
			}
			ring[i%window] <- result{sum, err}
		}
	}
	for range min(jobs, len(files)) {
		go work()
	}
	n := 0
	return func() result {
		r := <-ring[n%window]
		n++
		tokens <- struct{}{}
		return r
	}
}

// Read buffers come from two pools, so that hashing many files allocates
// nothing per file. A large buffer lets the tree hashes (BLAKE3, KT128,
// ParallelHash) spread one read over every core and makes per-call costs
// vanish; files that fit in a small one take it, and are read with one call.
const (
	largeBuffer = 4 << 20
	smallBuffer = 64 << 10
)

var (
	largeBufs = sync.Pool{New: func() any { b := make([]byte, largeBuffer); return &b }}
	smallBufs = sync.Pool{New: func() any { b := make([]byte, smallBuffer); return &b }}
)

func hashFile(e *env, name string, prog *progress, mk func() (digest, error)) ([]byte, error) {
	var r io.Reader
	size := int64(-1) // known only for regular files
	if name == "-" {
		r = e.stdin
	} else {
		f, n, err := openInput(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r, size = f, n
	}
	d, err := mk()
	if err != nil {
		return nil, err
	}
	if err := readInto(d, r, size, prog); err != nil {
		return nil, err
	}
	return d.Finish(), nil
}

// readInto writes all of r to d. size is what stat reported for a regular
// file (else -1): a short read that reaches it is taken as the end, which
// saves the read that would return EOF. A size of 0 says nothing, since
// procfs reports 0 for files of any length (/proc/kallsyms), so such files
// are read to EOF.
func readInto(d digest, r io.Reader, size int64, prog *progress) error {
	pool := &largeBufs
	if size >= 0 && size < smallBuffer {
		pool = &smallBufs
	}
	bp := pool.Get().(*[]byte)
	defer pool.Put(bp)
	buf := *bp
	var total int64
	for {
		n, err := r.Read(buf)
		if n > 0 {
			d.Write(buf[:n])
			prog.add(n)
			total += int64(n)
		}
		if err == nil && size > 0 && n < len(buf) && total >= size {
			break
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
	return nil
}
