package bao

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"runtime"
	"sync"

	"github.com/hashkit/hashkit/blake3/internal/seam"
)

// Encode returns the combined encoding of data and its root hash (the
// BLAKE3 hash, or keyed hash, of data). The error is ErrGroupSize for
// invalid Options. Inputs with subtrees of 2 MiB or more are encoded on up
// to GOMAXPROCS goroutines.
func Encode(data []byte, opt *Options) (encoding []byte, root [32]byte, err error) {
	return appendEncode(nil, data, false, opt)
}

// EncodeOutboard returns the outboard encoding of data (its length and
// parents, without the data) and its root hash.
func EncodeOutboard(data []byte, opt *Options) (outboard []byte, root [32]byte, err error) {
	return appendEncode(nil, data, true, opt)
}

// AppendEncode appends the combined encoding of data to dst and returns
// the extended slice and the root hash, as Encode. Where dst has the
// capacity, the encoding is written straight into it, with no buffer
// allocated for it and without zeroing it first: encoding into a reused
// buffer costs the hashing and one write of each byte. (The encoder's own
// working state, about 25 KB, and one more such state for each further
// goroutine it runs on, are allocated at each call.)
func AppendEncode(dst, data []byte, opt *Options) (encoding []byte, root [32]byte, err error) {
	return appendEncode(dst, data, false, opt)
}

// AppendEncodeOutboard appends the outboard encoding of data to dst, as
// AppendEncode.
func AppendEncodeOutboard(dst, data []byte, opt *Options) (outboard []byte, root [32]byte, err error) {
	return appendEncode(dst, data, true, opt)
}

// Root returns the root hash of data's Bao tree: its BLAKE3 hash (or keyed
// hash, or derived key material) for every group size.
func Root(data []byte, opt *Options) ([32]byte, error) {
	t, err := newTree(opt)
	if err != nil {
		return [32]byte{}, err
	}
	var h hasher
	return t.leafCV(&h, data, 0, true), nil
}

func appendEncode(dst, data []byte, outboard bool, opt *Options) ([]byte, [32]byte, error) {
	t, err := newTree(opt)
	if err != nil {
		return dst, [32]byte{}, err
	}
	n := uint64(len(data))
	size := HeaderSize + t.encSize(n, outboard)
	if size > uint64(math.MaxInt-len(dst)) {
		return dst, [32]byte{}, fmt.Errorf("%w: %d bytes do not fit beside the %d of dst", ErrLength, size, len(dst))
	}
	if uint64(cap(dst)-len(dst)) < size {
		grown := make([]byte, len(dst), len(dst)+int(size))
		copy(grown, dst)
		dst = grown
	}
	out := dst[len(dst) : len(dst)+int(size)]
	binary.LittleEndian.PutUint64(out, n)
	pf := !outboard && n > moveMaxBytes && seam.PrefetchStream()
	nt := !outboard && n >= ntMinBytes && !pf
	e := &bufEncoder{t: &t, data: data, out: out[HeaderSize:], outboard: outboard, par: runtime.GOMAXPROCS(0),
		move: !outboard && (n <= moveMaxBytes || nt || pf), nt: nt, pf: pf}
	root := e.node(0, n, true, 0)
	e.flush()
	return dst[:len(dst)+int(size)], root, nil
}

// EncodeSized encodes the n bytes read from src, an input whose length is
// known in advance (a file's), to dst from offset 0, as the combined (or,
// if outboard, the outboard) encoding, and returns the root hash. The
// length fixes the layout, so each node is written once, at its place, as
// soon as it is known: one pass over the input, nothing read back (dst
// need only be an io.WriterAt, and nothing is rewritten as by an Encoder),
// and memory of O(log n) plus a complete subtree and its encoding (256 KiB
// or two groups). Bytes of src after the first n are not read. The error is
// src's (io.ErrUnexpectedEOF, wrapped, if it ends first), dst's, or
// ErrLength or ErrGroupSize.
func EncodeSized(dst io.WriterAt, src io.Reader, n uint64, outboard bool, opt *Options) ([32]byte, error) {
	t, err := sizedTree(n, opt)
	if err != nil {
		return [32]byte{}, err
	}
	var hdr [HeaderSize]byte
	binary.LittleEndian.PutUint64(hdr[:], n)
	if _, err := dst.WriteAt(hdr[:], 0); err != nil {
		return [32]byte{}, err
	}
	e := newSizedEncoder(&t, outboard)
	e.src, e.dst = src, dst
	root := e.node(0, n, true, 0)
	return root, e.err
}

// newSizedEncoder returns a bufEncoder for EncodeSized and EncodeTo, which
// read the input from src in order and write each node to dst at its
// place: data and out are buffers for one leaf or complete subtree.
func newSizedEncoder(t *tree, outboard bool) *bufEncoder {
	batch := max(wideBytes, 2*t.g)
	return &bufEncoder{t: t, outboard: outboard, par: 1, move: !outboard,
		data: make([]byte, batch), out: make([]byte, t.encSize(batch, outboard))}
}

// batchBytes is the most input the streaming encoder hashes at once, and
// a decoder reads and verifies as one complete subtree for a Read that is
// not of whole groups: what a Read after a Seek costs.
const batchBytes = 64 << 10

// wideBytes is the most input hashed as one complete subtree (its leaves on
// the wide kernels in one call, then each level of parents in one) where
// all of it is wanted: by the whole-buffer encoder, Decode, WriteTo and
// Reads of whole groups. Larger batches make fewer calls of a few parents
// each, which use a fraction of the kernels' lanes.
const wideBytes = 256 << 10

// parallelMinBytes is the smallest subtree the whole-buffer encoder hands
// to another goroutine: as blake3.Hasher's, 2 MiB, so that the work pays
// for starting one. A variable so tests can lower it.
var parallelMinBytes uint64 = 2 << 20

// bufEncoder writes the pre-order encoding of data, whose layout the
// length fixes, into out. Its subtrees write disjoint parts of out, so
// large ones are encoded on up to par goroutines, each with a bufEncoder of
// its own.
type bufEncoder struct {
	t        *tree
	data     []byte
	out      []byte
	outboard bool
	par      int
	h        hasher
	levels   [2 * wideBytes / chunkLen * cvLen]byte
	move     bool // complete moves the leaves of combined encodings
	nt       bool // complete subtrees go out through ntBufs and CopyNT
	pf       bool // or, moved straight to their place, prefetch the next one's (seam.PrefetchStream)
	ntBufs   [2][]byte
	ntNext   int         // the one of ntBufs the next subtree is encoded in
	pend     pendingCopy // the last subtree encoded there, not yet written out
	next     []byte      // what to bring into the cache while a subtree is encoded: the input after it (nt), or its place in out (pf)
	mv       move
	encOffs  [maxMoved]int
	inOffs   [maxMoved]int
	offsOf   uint64 // the subtree length encOffs and inOffs hold offs offsets of
	offs     int

	// Streaming (EncodeSized): src gives the input in order, and each
	// node's bytes are written to dst at their place as soon as they are
	// known; data and out are then buffers for one leaf or complete
	// subtree at a time, and err the first error.
	src   io.Reader
	dst   io.WriterAt
	pnode [ParentSize]byte
	err   error
}

// input returns the n input bytes at off: a part of data, or, streaming,
// the next n bytes of src.
func (e *bufEncoder) input(off, n uint64) []byte {
	if e.src == nil {
		return e.data[off : off+n]
	}
	b := e.data[:n]
	if e.err == nil {
		k, err := io.ReadFull(e.src, b)
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			err = fmt.Errorf("hashkit/blake3/bao: the input ends at %d, before the length given: %w", off+uint64(k), io.ErrUnexpectedEOF)
		}
		e.err = err
	}
	return b
}

// put writes b, the encoding of a node or subtree, to dst at pos (after
// the header) when streaming.
func (e *bufEncoder) put(b []byte, pos uint64) {
	if e.dst == nil || e.err != nil {
		return
	}
	if _, err := e.dst.WriteAt(b, int64(HeaderSize+pos)); err != nil {
		e.err = err
	}
}

// node encodes the subtree of n bytes at input offset off into out at pos
// and returns its chaining value (the root hash if root).
func (e *bufEncoder) node(off, n uint64, root bool, pos uint64) [32]byte {
	t := e.t
	if e.err != nil {
		// Streaming failed (a source shorter than n): hashing the rest of
		// a length it does not have would cost time in proportion to n.
		return [32]byte{}
	}
	if n <= t.g {
		data := e.input(off, n)
		if e.dst != nil && !e.outboard {
			e.put(data, pos)
		} else if !e.outboard {
			copy(e.out[pos:], data)
		}
		return t.leafCV(&e.h, data, off, root)
	}
	if n%t.g == 0 && n <= max(wideBytes, 2*t.g) && bits.OnesCount64(n/t.g) == 1 {
		if e.nt {
			// Encoded in a buffer that stays in the cache, then written
			// out with stores that do not read the lines they write, while
			// the next subtree is hashed (see complete), whose input comes
			// into the cache while this one is.
			size := t.encSize(n, false)
			data := e.data[off : off+n]
			buf := &e.ntBufs[e.ntNext]
			e.ntNext ^= 1
			if uint64(len(*buf)) < size {
				*buf = make([]byte, size)
			}
			end := uint64(len(e.data))
			e.next = e.data[min(off+n, end):min(off+2*n, end)]
			cv := e.complete(data, off, root, (*buf)[:size])
			e.next = nil
			e.pend = pendingCopy{dst: e.out[pos : pos+size], src: (*buf)[:size]}
			return cv
		}
		if e.dst == nil {
			if e.pf {
				// The leaves go straight to their place, and the place of
				// the subtree encoded next (about: parents may come first)
				// comes into the cache meanwhile.
				size, end := t.encSize(n, false), uint64(len(e.out))
				e.next = e.out[min(pos+size, end):min(pos+2*size, end)]
			}
			cv := e.complete(e.data[off:off+n], off, root, e.out[pos:])
			e.next = nil
			return cv
		}
		cv := e.complete(e.input(off, n), off, root, e.out)
		e.put(e.out[:t.encSize(n, e.outboard)], pos)
		return cv
	}
	l := t.left(n)
	lpos := pos + ParentSize
	rpos := lpos + t.encSize(l, e.outboard)
	var lcv, rcv [32]byte
	if e.par > 1 && n-l >= parallelMinBytes {
		// The left subtree on a new goroutine, with a share of the
		// goroutines as large as its share of the input.
		lpar := max(1, min(e.par-1, int(uint64(e.par)*l/n)))
		sub := &bufEncoder{t: t, data: e.data, out: e.out, outboard: e.outboard, par: lpar, move: e.move, nt: e.nt, pf: e.pf}
		par := e.par
		e.par -= lpar
		var wg sync.WaitGroup
		wg.Go(func() {
			lcv = sub.node(off, l, false, lpos)
			sub.flush()
		})
		rcv = e.node(off+l, n-l, false, rpos)
		wg.Wait()
		e.par = par
	} else {
		lcv = e.node(off, l, false, lpos)
		rcv = e.node(off+l, n-l, false, rpos)
	}
	p := &e.pnode
	if e.dst == nil {
		p = (*[ParentSize]byte)(e.out[pos:])
	}
	copy(p[:32], lcv[:])
	copy(p[32:], rcv[:])
	e.put(p[:], pos)
	return t.parentCV(p, root)
}

// complete is node for a complete subtree of at least two leaves, whose
// input data starts at input offset off, encoded to out: their chaining
// values first, each level of parents from the one below, then the nodes
// in pre-order.
func (e *bufEncoder) complete(data []byte, off uint64, root bool, out []byte) [32]byte {
	var mv *move
	if e.move && uint64(len(data)) <= maxMoved*chunkLen {
		// The leaves go to their places in out as they are hashed, and
		// meanwhile the subtree encoded before goes out and the next one's
		// input comes into the cache.
		enc, in := e.chunkOffsets(uint64(len(data)))
		e.mv = move{dst: out, src: data, dstOffs: enc, srcOffs: in, ntDst: e.pend.dst, ntSrc: e.pend.src, next: e.next}
		e.pend = pendingCopy{}
		mv = &e.mv
	} else {
		e.flush()
	}
	start, top := e.levelsOf(data, off, mv)
	e.emit(out, data, start[:top+1], mv != nil)
	p := (*[ParentSize]byte)(e.levels[start[top] : start[top]+ParentSize])
	return e.t.parentCV(p, root)
}

// pendingCopy is the encoding of a complete subtree in one of a
// bufEncoder's ntBufs, src, and where it goes, dst.
type pendingCopy struct{ dst, src []byte }

// flush writes out the subtree encoding that waits for the next subtree's
// hashing, if any: once the last subtree is encoded.
func (e *bufEncoder) flush() {
	if e.pend.src != nil {
		seam.CopyNT(e.pend.dst, e.pend.src, true)
		e.pend = pendingCopy{}
	}
}

// chunkOffsets returns the offsets of the chunks of a complete subtree of
// n bytes in its encoding and in its input (see tree.chunkOffsets),
// computed again only when n differs from the last call's.
func (e *bufEncoder) chunkOffsets(n uint64) (enc, in []int) {
	if e.offsOf != n {
		e.offsOf, e.offs = n, e.t.chunkOffsets(n, &e.encOffs, &e.inOffs)
	}
	return e.encOffs[:e.offs], e.inOffs[:e.offs]
}

// levelsOf computes the levels of chaining values of the complete subtree
// of at least two leaves whose input data starts at input offset off:
// level j (0: the leaves) holds leaves>>j of them at start[j] in e.levels,
// and the top level, top, has two, the children of the subtree's root.
// With mv, the leaves are copied as they are hashed (see leafCVs).
func (e *bufEncoder) levelsOf(data []byte, off uint64, mv *move) (start [16]int, top int) {
	t := e.t
	start[0] = t.leafCVs(data, off, e.levels[:], mv)
	for k := len(data) / int(t.g); k > 2; k /= 2 {
		start[top+1] = start[top] + k*cvLen
		seam.Parents(e.levels[start[top]:start[top]+k*cvLen], &t.mode, e.levels[start[top+1]:])
		top++
	}
	return start, top
}

// emit writes complete's nodes in pre-order to out: before each leaf
// (whose input is in data), the parents whose leftmost leaf it is, from
// the highest (for leaf 0 the subtree's root, at level len(start)) down.
// Leaves already in place (moved) are passed over.
func (e *bufEncoder) emit(out, data []byte, start []int, moved bool) {
	g := int(e.t.g)
	pos := 0
	for i := range len(data) / g {
		j := len(start)
		if i > 0 {
			j = bits.TrailingZeros(uint(i))
		}
		for ; j > 0; j-- {
			b := start[j-1] + (i>>j)*ParentSize
			*(*[ParentSize]byte)(out[pos:]) = *(*[ParentSize]byte)(e.levels[b:])
			pos += ParentSize
		}
		switch {
		case e.outboard:
			continue
		case !moved:
			copy(out[pos:pos+g], data[i*g:])
		}
		pos += g
	}
}

// File is the destination of an Encoder: it reads back what it wrote to
// reorder it, as *os.File can.
type File interface {
	io.ReaderAt
	io.WriterAt
}

// Encoder encodes an input of unknown length, written to it in pieces, to
// a File in one pass with O(log n) memory: it writes the tree in
// post-order as the input comes (a parent after its children), then on
// Close rewrites it in place, from the end backwards, into the pre-order
// of the Bao format. The File must be empty, or be overwritten from offset
// 0; the encoding ends where the file ends only if the file was empty.
// Where the length is known in advance, EncodeSized writes each node once.
type Encoder struct {
	t        tree
	dst      File
	outboard bool
	in       []byte // input not yet hashed: leaves not known to be the last
	leaves   uint64 // leaves hashed and pushed
	stack    [64][32]byte
	depth    int
	out      []byte // post-order output not yet written
	wpos     int64  // where out goes in dst
	h        hasher
	cvs      [2 * batchBytes / chunkLen * cvLen]byte
	node     [ParentSize]byte
	root     [32]byte
	closed   bool
	err      error
}

// NewEncoder returns an Encoder writing the combined (or, if outboard, the
// outboard) encoding of its input to dst. The error is ErrGroupSize for
// invalid Options.
func NewEncoder(dst File, outboard bool, opt *Options) (*Encoder, error) {
	t, err := newTree(opt)
	if err != nil {
		return nil, err
	}
	size := max(batchBytes, int(t.g))
	return &Encoder{t: t, dst: dst, outboard: outboard, in: make([]byte, 0, size+int(t.g)), out: make([]byte, 0, 2*size)}, nil
}

// EncodeFrom encodes all of src to dst (see Encoder) and returns the root
// hash and the input's length.
func EncodeFrom(dst File, src io.Reader, outboard bool, opt *Options) (root [32]byte, n int64, err error) {
	e, err := NewEncoder(dst, outboard, opt)
	if err != nil {
		return root, 0, err
	}
	n, err = io.Copy(e, src)
	if err != nil {
		return root, n, err
	}
	if err := e.Close(); err != nil {
		return root, n, err
	}
	return e.Root(), n, nil
}

var (
	errClosed = errors.New("hashkit/blake3/bao: Write after Close")
	errZero   = errors.New("hashkit/blake3/bao: Encoder not made by NewEncoder")
)

// Write absorbs p. Its error is dst's, or one for a Write after Close.
func (e *Encoder) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	if e.closed {
		return 0, errClosed
	}
	if e.dst == nil {
		return 0, errZero
	}
	n := len(p)
	g := int(e.t.g)
	for len(p) > 0 {
		k := copy(e.in[len(e.in):cap(e.in)], p)
		e.in = e.in[:len(e.in)+k]
		p = p[k:]
		// Hash the whole leaves followed by more input.
		if whole := (len(e.in) - 1) / g; whole > 0 && (len(p) > 0 || len(e.in) == cap(e.in)) {
			if err := e.hashLeaves(e.in[:whole*g]); err != nil {
				return n - len(p), err
			}
			e.in = e.in[:copy(e.in, e.in[whole*g:])]
		}
	}
	return n, nil
}

// hashLeaves hashes the whole leaves in, none of them the last, and writes
// them and the parents they complete in post-order.
func (e *Encoder) hashLeaves(in []byte) error {
	g := int(e.t.g)
	for len(in) > 0 {
		k := min(len(in), max(batchBytes, g))
		at := e.t.leafCVs(in[:k], e.leaves*e.t.g, e.cvs[:], nil)
		cvs := e.cvs[at : at+k/g*cvLen]
		for i := 0; i < k/g; i++ {
			if err := e.push((*[32]byte)(cvs[i*cvLen:]), in[i*g:(i+1)*g]); err != nil {
				return err
			}
		}
		in = in[k:]
	}
	return nil
}

// push merges the subtrees that leaf number e.leaves completes on its left
// (the stack keeps one per 1 bit of the leaves before it), writing their
// parents, then writes the leaf and pushes its chaining value.
func (e *Encoder) push(cv *[32]byte, leaf []byte) error {
	for e.depth > bits.OnesCount64(e.leaves) {
		if err := e.merge(false); err != nil {
			return err
		}
	}
	if !e.outboard {
		if err := e.emit(leaf); err != nil {
			return err
		}
	}
	e.stack[e.depth] = *cv
	e.depth++
	e.leaves++
	return nil
}

// merge replaces the top two chaining values by their parent's, writing
// the parent node.
func (e *Encoder) merge(root bool) error {
	p := &e.node
	copy(p[:32], e.stack[e.depth-2][:])
	copy(p[32:], e.stack[e.depth-1][:])
	e.depth--
	e.stack[e.depth-1] = e.t.parentCV(p, root)
	return e.emit(p[:])
}

// emit appends b to the post-order output.
func (e *Encoder) emit(b []byte) error {
	for len(b) > 0 {
		if len(e.out) == cap(e.out) {
			if err := e.flush(); err != nil {
				return err
			}
		}
		k := copy(e.out[len(e.out):cap(e.out)], b)
		e.out = e.out[:len(e.out)+k]
		b = b[k:]
	}
	return nil
}

func (e *Encoder) flush() error {
	if _, err := e.dst.WriteAt(e.out, e.wpos); err != nil {
		e.err = err
		return err
	}
	e.wpos += int64(len(e.out))
	e.out = e.out[:0]
	return nil
}

// Close hashes the last leaf, finishes the post-order tree, and reorders it
// into the Bao encoding. After Close, Root returns the root hash.
func (e *Encoder) Close() error {
	if e.err != nil || e.closed {
		return e.err
	}
	if e.dst == nil {
		return errZero
	}
	e.closed = true
	g := int(e.t.g)
	if len(e.in) > g {
		whole := (len(e.in) - 1) / g
		if err := e.hashLeaves(e.in[:whole*g]); err != nil {
			return err
		}
		e.in = e.in[:copy(e.in, e.in[whole*g:])]
	}
	length := e.leaves*e.t.g + uint64(len(e.in))
	last := e.t.leafCV(&e.h, e.in, e.leaves*e.t.g, e.leaves == 0)
	if e.leaves == 0 {
		e.root = last
		if !e.outboard {
			if err := e.emit(e.in); err != nil {
				return err
			}
		}
	} else {
		if err := e.push(&last, e.in); err != nil {
			return err
		}
		for e.depth > 1 {
			if err := e.merge(e.depth == 2); err != nil {
				return err
			}
		}
		e.root = e.stack[0]
	}
	var hdr [HeaderSize]byte
	binary.LittleEndian.PutUint64(hdr[:], length)
	if err := e.emit(hdr[:]); err != nil {
		return err
	}
	if err := e.flush(); err != nil {
		return err
	}
	f := flipper{t: &e.t, outboard: e.outboard}
	if err := f.run(e.dst, length, e.wpos); err != nil {
		e.err = err
		return err
	}
	return nil
}

// Root returns the root hash of the input, once Close has returned nil.
func (e *Encoder) Root() [32]byte { return e.root }

// flipper rewrites a post-order tree (children, then their parent; the
// header last) as the pre-order encoding, in place, from the end
// backwards. Reading a parent of the post-order from the back comes before
// its subtrees, writing it to the pre-order from the back after them: each
// one is held until then, at most one per level, so the write position
// stays ahead of the read position by the header and the parents held,
// and writes never overwrite bytes not yet read.
type flipper struct {
	t        *tree
	outboard bool
	r        backReader
	w        backWriter
}

func (f *flipper) run(file File, length uint64, size int64) error {
	bufSize := 2 * max(batchBytes, int(f.t.g))
	f.r = backReader{f: file, end: size - HeaderSize, buf: make([]byte, bufSize)}
	f.r.lo, f.r.hi = bufSize, bufSize
	f.w = backWriter{f: file, end: size, buf: make([]byte, bufSize), lo: bufSize}
	if err := f.node(length); err != nil {
		return err
	}
	var hdr [HeaderSize]byte
	binary.LittleEndian.PutUint64(hdr[:], length)
	f.w.write(hdr[:])
	if err := f.w.flush(); err != nil {
		return err
	}
	if f.w.end != 0 || f.r.end != 0 {
		return fmt.Errorf("hashkit/blake3/bao: internal error: flip ended at %d/%d", f.r.end, f.w.end)
	}
	return nil
}

func (f *flipper) node(n uint64) error {
	if n <= f.t.g {
		if f.outboard {
			return nil
		}
		b, err := f.r.read(int(n))
		if err != nil {
			return err
		}
		return f.w.write(b)
	}
	b, err := f.r.read(ParentSize)
	if err != nil {
		return err
	}
	p := [ParentSize]byte(b)
	l := f.t.left(n)
	if err := f.node(n - l); err != nil {
		return err
	}
	if err := f.node(l); err != nil {
		return err
	}
	return f.w.write(p[:])
}

// backReader reads a file backwards from end: buf[lo:hi] holds the bytes
// just before end.
type backReader struct {
	f      io.ReaderAt
	end    int64
	buf    []byte
	lo, hi int
}

// read returns the n bytes before end (valid until the next read) and
// moves end back by n.
func (r *backReader) read(n int) ([]byte, error) {
	if r.hi-r.lo < n {
		keep := r.hi - r.lo
		copy(r.buf[len(r.buf)-keep:], r.buf[r.lo:r.hi])
		r.hi = len(r.buf)
		r.lo = r.hi - keep
		want := min(int64(r.lo), r.end-int64(keep))
		if _, err := r.f.ReadAt(r.buf[r.lo-int(want):r.lo], r.end-int64(keep)-want); err != nil {
			return nil, err
		}
		r.lo -= int(want)
		if r.hi-r.lo < n {
			return nil, fmt.Errorf("%w: reading back the post-order tree", ErrTruncated)
		}
	}
	b := r.buf[r.hi-n : r.hi]
	r.hi -= n
	r.end -= int64(n)
	return b, nil
}

// backWriter writes a file backwards, ending at end: buf[lo:] is written at
// end-(len(buf)-lo) on flush.
type backWriter struct {
	f   io.WriterAt
	end int64
	buf []byte
	lo  int
	err error
}

func (w *backWriter) write(p []byte) error {
	if len(p) > w.lo {
		if err := w.flush(); err != nil {
			return err
		}
	}
	w.lo -= copy(w.buf[w.lo-len(p):w.lo], p)
	return nil
}

func (w *backWriter) flush() error {
	if w.err != nil {
		return w.err
	}
	k := len(w.buf) - w.lo
	if _, err := w.f.WriteAt(w.buf[w.lo:], w.end-int64(k)); err != nil {
		w.err = err
		return err
	}
	w.end -= int64(k)
	w.lo = len(w.buf)
	return nil
}
