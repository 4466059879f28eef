package main

import (
	"io"
	"os"
	"sync"
	"sync/atomic"
)

type result struct {
	sum []byte
	out io.Reader // the output, not yet read, of a streamed digest
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
// Inputs that are not regular files (standard input "-", pipes, FIFOs,
// devices) may be one stream under several names: "-" twice, "-" and
// /dev/stdin, a FIFO named twice. Reading two of them at once would split
// the stream's bytes between them, so each is read only once every input
// before it has been opened and every stream before it read: the first
// takes all of a pipe's bytes and the later ones hash what is left
// (nothing, as with coreutils, which reads one input at a time).
func hashFiles(e *env, files []string, jobs int, prog *progress, mk func(i int) (digest, error)) (next func() result) {
	return hashFilesAhead(e, files, jobs, lookahead, false, prog, mk)
}

// hashFilesAhead is hashFiles with at most ahead results waiting to be
// printed. With stream, a digest that can be read piece by piece (an XOF)
// is not read: its result's out is.
func hashFilesAhead(e *env, files []string, jobs, ahead int, stream bool, prog *progress, mk func(i int) (digest, error)) (next func() result) {
	window := min(ahead, max(len(files), 1))
	ring := make([]chan result, window)
	tokens := make(chan struct{}, window)
	for i := range ring {
		ring[i] = make(chan result, 1)
		tokens <- struct{}{}
	}
	order := newStreamOrder(window)
	var claimed atomic.Int64
	work := func() {
		for {
			<-tokens
			i := int(claimed.Add(1) - 1)
			if i >= len(files) {
				tokens <- struct{}{}
				return
			}
			d, err := hashFile(e, files[i], prog, func() (digest, error) { return mk(i) }, func(stream bool) {
				if stream {
					order.wait(i)
				} else {
					order.settle(i)
				}
			})
			order.settle(i) // a stream once read; any input that failed
			r := result{err: err}
			if s, ok := d.(streamer); ok && stream && err == nil {
				r.out = s.Output()
			} else if err == nil {
				r.sum = d.Finish()
			}
			ring[i%window] <- r
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

// streamOrder lets a stream be read only once every input before it has
// settled: been opened, if a regular file, or read, if a stream (or
// failed). Inputs are claimed in order and at most window ahead of the
// oldest unsettled one, so a ring of window flags holds every pending one.
type streamOrder struct {
	mu      sync.Mutex
	cond    sync.Cond
	settled []bool // of input i at i % len
	prefix  int    // the inputs before it have all settled
}

func newStreamOrder(window int) *streamOrder {
	o := &streamOrder{settled: make([]bool, window)}
	o.cond.L = &o.mu
	return o
}

// settle marks input i settled; it may be called more than once.
func (o *streamOrder) settle(i int) {
	o.mu.Lock()
	if i >= o.prefix {
		o.settled[i%len(o.settled)] = true
	}
	advanced := false
	for o.settled[o.prefix%len(o.settled)] {
		o.settled[o.prefix%len(o.settled)] = false
		o.prefix++
		advanced = true
	}
	o.mu.Unlock()
	if advanced {
		o.cond.Broadcast()
	}
}

// wait returns once every input before i has settled.
func (o *streamOrder) wait(i int) {
	o.mu.Lock()
	for o.prefix < i {
		o.cond.Wait()
	}
	o.mu.Unlock()
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

// readingAhead counts the files being read by readAhead.
var readingAhead atomic.Int32

// readAhead is readInto for a regular file of two large buffers or more: a
// goroutine reads the next buffer while d hashes the last, so reading (a
// copy out of the page cache, or the disk's wait) and hashing overlap.
func readAhead(d digest, r io.Reader, size int64, prog *progress) error {
	type read struct {
		buf *[]byte
		n   int
		err error
	}
	full := make(chan read, 1)
	free := make(chan *[]byte, 2)
	for range cap(free) {
		free <- largeBufs.Get().(*[]byte)
	}
	go func() {
		defer close(full)
		var total int64
		for {
			bp := <-free
			n, err := readSome(r, *bp, &total, size)
			full <- read{bp, n, err}
			if err != nil {
				return
			}
		}
	}()
	var err error
	for rd := range full {
		if rd.n > 0 {
			d.Write((*rd.buf)[:rd.n])
			prog.add(rd.n)
		}
		free <- rd.buf
		if rd.err != io.EOF {
			err = rd.err
		}
	}
	for range cap(free) {
		largeBufs.Put(<-free)
	}
	return err
}

// hashFile hashes one input. turn is told whether it is a stream (standard
// input, or not a regular file), and returns when the input may be read; a
// stream is waited for before it is opened, since opening a FIFO takes its
// next writer: two names of one FIFO opened at once both met the first
// writer, and the second hashed what the first left (nothing).
func hashFile(e *env, name string, prog *progress, mk func() (digest, error), turn func(stream bool)) (digest, error) {
	var r io.Reader
	size := int64(-1) // known only for regular files
	waited := name == "-" || !isRegular(name)
	if waited {
		turn(true)
	}
	if name == "-" {
		if err := e.stdinError(); err != nil {
			return nil, err
		}
		r = e.stdin
		if f, ok := e.stdin.(*os.File); ok {
			r, size = stdinInput(f)
		}
	} else {
		f, n, err := openInput(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r, size = f, n
	}
	if !waited {
		// A file replaced by a stream since isRegular looked waits now.
		turn(size < 0)
	}
	d, err := mk()
	if err != nil {
		return nil, err
	}
	if err := readInto(d, r, size, prog); err != nil {
		return nil, err
	}
	prog.fileDone()
	return d, nil
}

// readInto writes all of r to d. size is what stat reported for a regular
// file (else -1): a short read that reaches it is taken as the end, which
// saves the read that would return EOF. A size of 0 says nothing, since
// procfs reports 0 for files of any length (/proc/kallsyms), so such files
// are read to EOF.
func readInto(d digest, r io.Reader, size int64, prog *progress) error {
	if fr, ok := d.(fileReader); ok && size >= minTreeFile {
		if f, ok := r.(io.ReaderAt); ok {
			if err := fr.readFile(f, size, prog); err != nil {
				return err
			}
			return checkSize(r, -1, size) // a file that grew since its open
		}
	}
	if size >= 2*largeBuffer {
		// Several files hashed at once already keep the cores busy, and
		// each reading ahead would double its buffers.
		if readingAhead.Add(1) <= 2 {
			defer readingAhead.Add(-1)
			return readAhead(d, r, size, prog)
		}
		readingAhead.Add(-1)
	}
	pool := &largeBufs
	if size >= 0 && size < smallBuffer {
		pool = &smallBufs
	}
	bp := pool.Get().(*[]byte)
	defer pool.Put(bp)
	buf := *bp
	var total int64
	for {
		n, err := readSome(r, buf, &total, size)
		if n > 0 {
			d.Write(buf[:n])
			prog.add(n)
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// readSome reads into buf and adds what it read to total; a short read that
// reaches size (see readInto) ends the input as io.EOF does.
func readSome(r io.Reader, buf []byte, total *int64, size int64) (int, error) {
	n, err := r.Read(buf)
	*total += int64(n)
	if err == nil && size > 0 && n < len(buf) && *total >= size {
		err = io.EOF
	}
	if err == io.EOF {
		if changed := checkSize(r, *total, size); changed != nil {
			err = changed
		}
	}
	return n, err
}
