package bao

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"runtime"
	"sync"

	"github.com/hashkit/hashkit/blake3/internal/seam"
)

// source is one stream a decoder reads: the encoding (or the outboard), or
// the input beside an outboard. It knows its position, so that skipping a
// subtree is a Seek, or reading and discarding where it cannot seek. In a
// slice the skipped subtrees are absent, so a source of a slice does not
// move.
type source struct {
	r      io.Reader
	s      io.Seeker // nil if r is not an io.Seeker
	base   int64     // r's offset at position 0, if s != nil
	pos    uint64
	slice  bool
	copyTo io.Writer // every byte read, for slice extraction
	// mem, if not nil, is the whole stream in memory (Decode,
	// DecodeOutboard): view returns parts of it without a copy.
	mem []byte
}

// inMemory returns the unread bytes of r if it is a *bytes.Reader, whose
// WriteTo hands them over in one Write, and leaves r's offset where it
// was. A decoder then reads them where they are, as Decode does, instead
// of copying each subtree out of the reader before hashing it. ok is false
// for any other reader, or if WriteTo ever writes in pieces.
func inMemory(r io.Reader) (b []byte, ok bool) {
	br, isBytes := r.(*bytes.Reader)
	if !isBytes || br.Len() == 0 {
		return nil, false
	}
	want := br.Len()
	base, _ := br.Seek(0, io.SeekCurrent)
	var g grab
	br.WriteTo(&g)
	br.Seek(base, io.SeekStart)
	if g.writes != 1 || len(g.b) != want {
		return nil, false
	}
	return g.b, true
}

// grab keeps the one slice written to it. It breaks io.Writer's rule not
// to retain p, which is safe for a bytes.Reader's own bytes only.
type grab struct {
	b      []byte
	writes int
}

func (g *grab) Write(p []byte) (int, error) {
	g.b, g.writes = p, g.writes+1
	return len(p), nil
}

var errBackward = errors.New("hashkit/blake3/bao: cannot seek backwards in an encoding that is not an io.Seeker")

func newSource(r io.Reader) (*source, error) {
	src := &source{r: r}
	// An *os.File of a pipe is an io.Seeker whose Seek fails: it is read
	// forwards.
	if s, ok := r.(io.Seeker); ok {
		if base, err := s.Seek(0, io.SeekCurrent); err == nil {
			src.s, src.base = s, base
		}
	}
	return src, nil
}

// moveTo makes off the next position read.
func (s *source) moveTo(off uint64) error {
	if s.slice || off == s.pos {
		return nil
	}
	if s.s != nil {
		if off > uint64(maxLen-s.base) {
			return fmt.Errorf("%w: offset %d is past any seekable end", ErrTruncated, off)
		}
		if _, err := s.s.Seek(s.base+int64(off), io.SeekStart); err != nil {
			return err
		}
		s.pos = off
		return nil
	}
	if off < s.pos {
		return errBackward
	}
	if off-s.pos > maxLen {
		return fmt.Errorf("%w: offset %d is past any readable end", ErrTruncated, off)
	}
	n, err := io.CopyN(io.Discard, s.r, int64(off-s.pos))
	s.pos += uint64(n)
	if err == io.EOF {
		return fmt.Errorf("%w: ends at %d, before %d", ErrTruncated, s.pos, off)
	}
	return err
}

// read fills b from offset off.
func (s *source) read(b []byte, off uint64, what string) error {
	if s.mem != nil {
		v, err := s.view(b, off, what)
		copy(b, v)
		return err
	}
	if err := s.moveTo(off); err != nil {
		return err
	}
	// One Read fills b from the readers decoders are usually given
	// (bytes.Reader, *os.File); io.ReadFull's loop is for the others.
	n, err := s.r.Read(b)
	if n < len(b) && (err == nil || err == io.EOF) {
		var k int
		k, err = io.ReadFull(s.r, b[n:])
		n += k
	}
	if n == len(b) {
		err = nil
	}
	s.pos += uint64(n)
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return fmt.Errorf("%w: %s at %d: %d of %d bytes", ErrTruncated, what, off, n, len(b))
	}
	if err == nil && s.copyTo != nil {
		_, err = s.copyTo.Write(b)
	}
	return err
}

// view returns the len(buf) bytes at offset off: a part of s.mem, or else
// buf filled from the reader.
func (s *source) view(buf []byte, off uint64, what string) ([]byte, error) {
	if s.mem == nil {
		return buf, s.read(buf, off, what)
	}
	if s.slice {
		off = s.pos
	}
	n := uint64(len(buf))
	if off > uint64(len(s.mem)) || n > uint64(len(s.mem))-off {
		return nil, fmt.Errorf("%w: %s at %d: %d bytes, the encoding ends at %d", ErrTruncated, what, off, n, len(s.mem))
	}
	s.pos = off + n
	return s.mem[off : off+n : off+n], nil
}

// pending is a subtree the decoder has verified the chaining value of (in
// its parent, or as the root) and not read yet.
type pending struct {
	start, n uint64 // input bytes [start, start+n)
	enc      uint64 // offset of its first node in the tree stream
	cv       [32]byte
	root     bool
}

// Decoder reads the verified input of a Bao encoding. It implements
// io.Reader, io.Seeker and io.WriterTo (see the package's Security
// section).
type Decoder struct {
	t        tree
	tree     *source
	data     *source // the input beside an outboard; tree if combined
	outboard bool
	verify   bool
	rootHash [32]byte

	started  bool
	length   uint64 // from the header; authentic once lengthOK
	lengthOK bool
	pos      uint64

	stack [64]pending // the subtrees right of the loaded region, the next on top
	depth int

	region      []byte // verified input at regionStart: in buf, or in data.mem
	regionStart uint64
	regionOK    bool

	buf     []byte // storage of region, when read from an io.Reader
	sbuf    []byte // a complete subtree's encoding, read at once (stage)
	staged  source // sbuf
	node    [ParentSize]byte
	pbuf    []byte
	parents []byte // the parents of a complete subtree, in pbuf or tree.mem
	check   bufEncoder
	h       hasher
	err     error

	// ntOut: Decode verifies each subtree in d.buf, which stays in the
	// cache, and copies it to an output larger than the caches with
	// non-temporal stores (see ntMinBytes).
	ntOut bool

	// aliasOK: DecodeOutboard returns the caller's input itself, so the
	// region may be verified where it is; elsewhere the region is the
	// decoder's own copy of what it verified (see loadLeaf).
	aliasOK bool

	slice    bool // decoding a slice: [sliceStart, sliceEnd) only
	sliceEnd uint64
}

// NewDecoder returns a Decoder of the combined encoding read from encoding,
// checked against root. If encoding is an io.Seeker, the Decoder seeks in
// it to skip subtrees and to read from any offset; otherwise it reads and
// discards forwards, and a Seek backwards fails at the next Read. A
// *bytes.Reader is read in place, its offset left as it is: the Decoder
// then hashes the leaves as it copies them out, as Decode does, with no
// copy out of the reader first; what it hands out is the copy it verified,
// even if the reader's bytes change meanwhile (memory another process
// writes). The error is ErrGroupSize for invalid Options.
func NewDecoder(encoding io.Reader, root *[32]byte, opt *Options) (*Decoder, error) {
	d, err := newDecoder(encoding, nil, root, opt)
	if err == nil {
		d.tree.mem, d.check.move = inMemory(encoding)
	}
	return d, err
}

// NewOutboardDecoder returns a Decoder of the input read from data, checked
// with the outboard encoding read from outboard against root. Either may be
// an io.Seeker, or a *bytes.Reader read in place, as for NewDecoder.
func NewOutboardDecoder(data, outboard io.Reader, root *[32]byte, opt *Options) (*Decoder, error) {
	d, err := newDecoder(outboard, data, root, opt)
	if err == nil {
		d.tree.mem, _ = inMemory(outboard)
		d.data.mem, _ = inMemory(data)
	}
	return d, err
}

func newDecoder(enc, data io.Reader, root *[32]byte, opt *Options) (*Decoder, error) {
	t, err := newTree(opt)
	if err != nil {
		return nil, err
	}
	d := &Decoder{t: t, verify: true}
	if root != nil {
		d.rootHash = *root
	}
	if d.tree, err = newSource(enc); err != nil {
		return nil, err
	}
	d.data = d.tree
	if data != nil {
		d.outboard = true
		if d.data, err = newSource(data); err != nil {
			return nil, err
		}
	}
	d.check.t = &d.t
	d.check.outboard = true
	return d, nil
}

var errZeroDecoder = errors.New("hashkit/blake3/bao: Decoder not made by NewDecoder, NewOutboardDecoder or NewSliceDecoder")

// fail makes err the Decoder's error from now on.
func (d *Decoder) fail(err error) error {
	if d.err == nil {
		d.err = err
	}
	return d.err
}

// begin reads the header.
func (d *Decoder) begin() error {
	if d.started {
		return nil
	}
	if d.tree == nil {
		return errZeroDecoder
	}
	hdr, err := d.tree.view(d.node[:HeaderSize], 0, "length header")
	if err != nil {
		return err
	}
	d.length = binary.LittleEndian.Uint64(hdr)
	if d.length > maxLen {
		return fmt.Errorf("%w (%d)", ErrLength, d.length)
	}
	d.started = true
	return nil
}

// rootPending is the whole tree, to be read.
func (d *Decoder) rootPending() pending {
	return pending{n: d.length, enc: HeaderSize, cv: d.rootHash, root: true}
}

// load makes the region the verified input around target, or the last leaf
// if target is at or past the end: it goes down from the root, or on from
// the subtrees pending right of the last region, verifying each parent on
// the way and skipping the subtrees left of target: the region is a leaf,
// or a complete subtree of at most span bytes (or two leaves). If dst is
// not nil and target starts a leaf that fits in dst, it loads the largest
// such subtree starting at target that fits in dst into dst itself, and on
// failure zeroes what it wrote there.
func (d *Decoder) load(target uint64, dst []byte, span uint64) error {
	direct := dst != nil && d.verify && !d.slice && target < d.length && target%d.t.g == 0 && uint64(len(dst)) >= min(d.t.g, d.length-target)
	if target >= d.length {
		target = max(d.length, 1) - 1
	}
	for d.depth > 0 && d.stack[d.depth-1].start+d.stack[d.depth-1].n <= target {
		d.depth--
	}
	if d.depth == 0 || d.stack[d.depth-1].start > target {
		d.stack[0] = d.rootPending()
		d.depth = 1
	}
	d.regionOK = false
	for {
		d.depth--
		p := d.stack[d.depth]
		complete := p.n > d.t.g && p.n%d.t.g == 0 && p.n <= max(span, 2*d.t.g) && bits.OnesCount64(p.n/d.t.g) == 1
		if direct && p.start == target && p.n <= uint64(len(dst)) && (p.n <= d.t.g || complete) {
			own := d.buf
			d.buf = dst[:p.n]
			var err error
			if p.n <= d.t.g {
				err = d.loadLeaf(&p)
			} else {
				err = d.loadComplete(&p)
			}
			if err != nil {
				clear(dst[:p.n])
			} else if &d.region[0] != &dst[0] {
				copy(dst, d.region)
			}
			d.buf = own
			return err
		}
		if p.n <= d.t.g {
			return d.loadLeaf(&p)
		}
		if !direct && complete && d.verify && !d.slice {
			return d.loadComplete(&p)
		}
		b, err := d.tree.view(d.node[:], p.enc, "parent")
		if err != nil {
			return err
		}
		// A copy: the children's chaining values are taken from what was
		// hashed, not read again from memory that may have changed.
		node := [ParentSize]byte(b)
		if d.verify {
			cv := d.t.parentCV(&node, p.root)
			if !equal(cv[:], p.cv[:]) {
				return fmt.Errorf("%w: parent node at encoding offset %d (input offset %d)", ErrHashMismatch, p.enc, p.start)
			}
		}
		l := d.t.left(p.n)
		d.stack[d.depth] = pending{start: p.start + l, n: p.n - l, enc: p.enc + ParentSize + d.t.encSize(l, d.outboard), cv: [32]byte(node[32:])}
		d.depth++
		if target < p.start+l {
			d.stack[d.depth] = pending{start: p.start, n: l, enc: p.enc + ParentSize, cv: [32]byte(node[:32])}
			d.depth++
		}
	}
}

// grow returns b resized to n bytes.
func grow(b []byte, n int) []byte {
	if cap(b) < n {
		return make([]byte, n)
	}
	return b[:n]
}

// loadLeaf reads and verifies the leaf p.
func (d *Decoder) loadLeaf(p *pending) error {
	d.buf = grow(d.buf, int(p.n))
	src, at, what := d.tree, p.enc, "chunk group"
	if d.outboard {
		src, at, what = d.data, p.start, "input"
	}
	var err error
	if d.region, err = src.view(d.buf, at, what); err != nil {
		return err
	}
	if src.mem != nil && !d.aliasOK {
		// Hashed where it is, the caller's memory could change before a
		// Read copies it out (memory another process writes): only a
		// copy of ours is verified and handed out.
		d.region = d.buf[:copy(d.buf, d.region)]
	}
	if d.verify {
		cv := d.t.leafCV(&d.h, d.region, p.start, p.root)
		if !equal(cv[:], p.cv[:]) {
			return fmt.Errorf("%w: chunk group at input offset %d", ErrHashMismatch, p.start)
		}
	}
	d.setRegion(p)
	return nil
}

func (d *Decoder) setRegion(p *pending) {
	d.regionStart, d.regionOK = p.start, true
	if p.start+p.n == d.length {
		d.lengthOK = true
	}
}

// loadComplete reads and verifies the complete subtree p, of at least two
// leaves (see load): its leaves are hashed on
// the wide kernels, each level of parents at once, and each parent of the
// encoding compared with the one computed from the leaves. The leaves are
// read straight into d.buf, the parents into d.pbuf.
func (d *Decoder) loadComplete(p *pending) error {
	leaves := int(p.n / d.t.g)
	psize := (leaves - 1) * ParentSize
	d.buf = grow(d.buf, int(p.n))
	d.pbuf = grow(d.pbuf, psize)
	var err error
	var mv *move
	if d.outboard {
		if d.parents, err = d.tree.view(d.pbuf, p.enc, "parents"); err != nil {
			return err
		}
		if d.region, err = d.data.view(d.buf, p.start, "input"); err != nil {
			return err
		}
		if d.data.mem != nil && !d.aliasOK {
			// As in loadLeaf: the leaves are hashed as they are copied to
			// d.buf, and only that copy is handed out.
			mv = d.leavesCopied(p)
		}
	} else {
		d.region, d.parents = d.buf, d.pbuf
		src, at, err := d.stage(p)
		if err != nil {
			return err
		}
		mv = d.leavesMoved(src, at, p)
		if err := d.readSplit(src, at, bits.TrailingZeros(uint(leaves)), mv == nil); err != nil {
			return err
		}
	}
	if d.verify {
		// Each parent of the encoding against the one computed from the
		// leaves, in pre-order (see readSplit), in constant time.
		c := &d.check
		start, top := c.levelsOf(d.region, p.start, mv)
		level := top + 1
		var acc uint64
		pi := 0
		for i := 0; i < leaves/2; i++ {
			np := level
			if i > 0 {
				np = 1 + bits.TrailingZeros(uint(i))
			}
			for j := np; j >= 1; j-- {
				b := start[j-1] + 2*(i>>(j-1))*cvLen
				acc |= diff((*[ParentSize]byte)(c.levels[b:]), (*[ParentSize]byte)(d.parents[pi:]))
				pi += ParentSize
			}
		}
		cv := d.t.parentCV((*[ParentSize]byte)(c.levels[start[top]:]), p.root)
		if okCV := equal(cv[:], p.cv[:]); !okCV || acc != 0 {
			return fmt.Errorf("%w: subtree at encoding offset %d (input offset %d)", ErrHashMismatch, p.enc, p.start)
		}
	}
	d.setRegion(p)
	return nil
}

// stage returns where loadComplete reads the complete subtree p of a
// combined encoding from: the tree source at p.enc; or, where that is a
// reader, p is checked and the input is at least ntMinBytes, d.staged at
// 0, a buffer that stays in the cache into which stage reads all of p's
// encoding at once, rather than a read per run of parents and pair of
// leaves, and from which the leaves are then moved as they are hashed.
// Smaller encodings are still in the cache from their reader: for them the
// extra pass over the buffer costs more than it saves.
func (d *Decoder) stage(p *pending) (*source, uint64, error) {
	if d.length < ntMinBytes || d.tree.mem != nil || !d.verify || d.tree.slice || p.n > maxMoved*chunkLen {
		return d.tree, p.enc, nil
	}
	d.sbuf = grow(d.sbuf, int(d.t.encSize(p.n, false)))
	if err := d.tree.read(d.sbuf, p.enc, "subtree"); err != nil {
		return nil, 0, err
	}
	d.staged = source{mem: d.sbuf}
	return &d.staged, 0, nil
}

// leavesMoved returns, where the combined encoding is in memory (Decode,
// or a subtree staged) and holds all of the complete subtree p at at in
// src, the move of its leaves from there to d.region, which loadComplete
// makes as it hashes them and readSplit then leaves out; otherwise nil. If
// the subtree fails to verify, d.region holds its unverified leaves, as it
// would if read.
func (d *Decoder) leavesMoved(src *source, at uint64, p *pending) *move {
	mem := src.mem
	size := d.t.encSize(p.n, false)
	if !d.check.move && src != &d.staged || !d.verify || mem == nil || src.slice || p.n > maxMoved*chunkLen || at > uint64(len(mem)) || size > uint64(len(mem))-at {
		return nil
	}
	c := &d.check
	enc, in := c.chunkOffsets(p.n)
	c.mv = move{dst: d.region, src: mem[at : at+size], dstOffs: in, srcOffs: enc}
	if src != &d.staged {
		// The next subtree's encoding, read from memory while this one
		// is hashed (a staged one is in the cache already).
		end := uint64(len(mem))
		c.mv.next = mem[min(at+size, end):min(at+2*size, end)]
	}
	return &c.mv
}

// leavesCopied makes d.buf the region of the complete subtree p of an
// outboard decoder's input in memory, now in d.region: the move of its
// leaves there, which loadComplete makes as it hashes them, or, where it
// hashes nothing or the subtree is larger than a move, a copy, and nil.
func (d *Decoder) leavesCopied(p *pending) *move {
	in := d.region
	d.region = d.buf[:len(in)]
	if !d.verify || p.n > maxMoved*chunkLen {
		copy(d.region, in)
		return nil
	}
	c := &d.check
	_, offs := c.chunkOffsets(p.n)
	c.mv = move{dst: d.region, src: in, dstOffs: offs, srcOffs: offs}
	return &c.mv
}

// readSplit reads the combined encoding at enc in src of a complete
// subtree of 2^level leaves, its parents to d.parents and, if leaves, its
// leaves to d.region, both in order. Pre-order puts leaves in pairs
// between runs of parents: each run is one read.
func (d *Decoder) readSplit(src *source, enc uint64, level int, leaves bool) error {
	g := int(d.t.g)
	pi, ri := 0, 0
	// Leaf pair i (from 0) follows 1 + trailing zeros of i parents, the
	// first pair the parents of the whole left edge.
	for i := 0; i < 1<<(level-1); i++ {
		np := level
		if i > 0 {
			np = 1 + bits.TrailingZeros(uint(i))
		}
		if err := src.read(d.parents[pi:pi+np*ParentSize], enc, "parent"); err != nil {
			return err
		}
		pi += np * ParentSize
		enc += uint64(np * ParentSize)
		if !leaves {
			src.pos = enc + uint64(2*g)
		} else if err := src.read(d.region[ri:ri+2*g], enc, "chunk group"); err != nil {
			return err
		}
		ri += 2 * g
		enc += uint64(2 * g)
	}
	return nil
}

// Read reads verified input into p. It returns io.EOF at the end of the
// input only once the last chunk group is verified; the first failed check
// or read of the encoding is its error, and every later call's.
//
// Where p has room for whole chunk groups from the read position, Read
// reads them straight into p and verifies them there, without a copy. It
// may then have written bytes to p past the n it returns that failed
// verification; it zeroes those, and n never counts a byte that is not
// verified. Groups verified before a failure in the same call are returned
// with a nil error, and the failure from the next call.
func (d *Decoder) Read(p []byte) (int, error) {
	if d.err != nil {
		return 0, d.err
	}
	if len(p) == 0 {
		return 0, nil
	}
	if err := d.begin(); err != nil {
		return 0, d.fail(err)
	}
	n := 0
	for n < len(p) && d.pos < d.length && !d.regionHas(d.pos) && !d.slice && d.pos%d.t.g == 0 && uint64(len(p)-n) >= min(d.t.g, d.length-d.pos) {
		if err := d.load(d.pos, p[n:], wideBytes); err != nil {
			d.fail(err)
			if n > 0 {
				// The verified bytes first; the error from the
				// next call.
				return n, nil
			}
			return 0, err
		}
		k := len(d.region)
		d.region, d.regionOK = nil, false
		n += k
		d.pos += uint64(k)
	}
	if n > 0 {
		return n, nil
	}
	b, err := d.next(batchBytes)
	if err != nil {
		return 0, err
	}
	n = copy(p, b)
	d.pos += uint64(n)
	return n, nil
}

// regionHas reports whether the verified region holds offset pos.
func (d *Decoder) regionHas(pos uint64) bool {
	return d.regionOK && pos >= d.regionStart && pos < d.regionStart+uint64(len(d.region))
}

// next returns the verified input from the read position to the end of the
// region, loading the region that holds it if need be (see load for
// span), or io.EOF at the end. The Decoder must have begun.
func (d *Decoder) next(span uint64) ([]byte, error) {
	if d.slice && d.pos >= d.sliceEnd && d.regionOK {
		return nil, io.EOF
	}
	if !d.regionHas(d.pos) && !(d.lengthOK && d.pos >= d.length) {
		if err := d.load(d.pos, nil, span); err != nil {
			return nil, d.fail(err)
		}
	}
	if d.pos >= d.length || (d.slice && d.pos >= d.sliceEnd) {
		return nil, io.EOF
	}
	b := d.region[d.pos-d.regionStart:]
	if d.slice {
		b = b[:min(uint64(len(b)), d.sliceEnd-d.pos)]
	}
	return b, nil
}

// WriteTo writes the verified input from the read position to w, each
// chunk group (or complete subtree of up to 256 KiB) once it is verified,
// and returns the bytes written. It is what io.Copy uses: it spares the
// copy into io.Copy's buffer. A failed check is its error, after the bytes
// verified before it.
func (d *Decoder) WriteTo(w io.Writer) (int64, error) {
	if d.err != nil {
		return 0, d.err
	}
	if err := d.begin(); err != nil {
		return 0, d.fail(err)
	}
	var total int64
	for {
		b, err := d.next(wideBytes)
		if err == io.EOF {
			return total, nil
		}
		if err != nil {
			return total, err
		}
		k, err := w.Write(b)
		total += int64(k)
		d.pos += uint64(k)
		if err != nil {
			return total, err
		}
		if k < len(b) {
			return total, io.ErrShortWrite
		}
	}
}

var (
	errWhence    = errors.New("hashkit/blake3/bao: invalid whence")
	errNegative  = errors.New("hashkit/blake3/bao: negative seek position")
	errSliceSeek = errors.New("hashkit/blake3/bao: a slice decoder does not seek")
)

// Seek sets the offset of the next Read and returns it. Seeking relative
// to the end (io.SeekEnd) first verifies the last chunk group, reading the
// parents down to it: its error is Seek's. Other seeks read nothing; a
// Read past the end verifies the last group before it returns io.EOF.
func (d *Decoder) Seek(offset int64, whence int) (int64, error) {
	if d.err != nil {
		return 0, d.err
	}
	if d.slice {
		return 0, errSliceSeek
	}
	var base uint64
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		base = d.pos
	case io.SeekEnd:
		if err := d.begin(); err != nil {
			return 0, d.fail(err)
		}
		if !d.lengthOK {
			if err := d.load(d.length, nil, batchBytes); err != nil {
				return 0, d.fail(err)
			}
		}
		base = d.length
	default:
		return 0, errWhence
	}
	if offset < 0 && uint64(-offset) > base {
		return 0, errNegative
	}
	pos := base + uint64(offset)
	if pos > maxLen {
		return 0, fmt.Errorf("hashkit/blake3/bao: seek position %d over 2^63-1", pos)
	}
	d.pos = pos
	return int64(pos), nil
}

// Decode returns the input of the combined encoding, verified against root.
// Large inputs are verified on up to GOMAXPROCS goroutines.
func Decode(encoding []byte, root *[32]byte, opt *Options) ([]byte, error) {
	d, err := newDecoder(bytes.NewReader(encoding), nil, root, opt)
	if err != nil {
		return nil, err
	}
	d.tree.mem = encoding
	if err := d.begin(); err != nil {
		return nil, err
	}
	if d.length > uint64(len(encoding)) {
		return nil, fmt.Errorf("%w: %d bytes cannot hold the input they claim", ErrTruncated, len(encoding))
	}
	out := make([]byte, d.length)
	// Through non-temporal stores the leaves are moved out of the
	// encoding into d.buf: with 1 KiB leaves that measured slower than a
	// copy then the hashing, with larger groups faster.
	d.ntOut = d.length >= ntMinBytes && d.t.g > chunkLen
	d.check.move = d.length <= moveMaxBytes || d.ntOut
	if err := d.verifyTree(d.rootPending(), out, runtime.GOMAXPROCS(0)); err != nil {
		return nil, err
	}
	return out, nil
}

// DecodeOutboard verifies data with its outboard encoding against root and
// returns the input: data[:n] for the length n of the header, without a
// copy (bytes past it are not part of the input, as in the reference).
// Large inputs are verified on up to GOMAXPROCS goroutines.
func DecodeOutboard(data, outboard []byte, root *[32]byte, opt *Options) ([]byte, error) {
	d, err := newDecoder(bytes.NewReader(outboard), bytes.NewReader(data), root, opt)
	if err != nil {
		return nil, err
	}
	d.tree.mem, d.data.mem, d.aliasOK = outboard, data, true
	if err := d.begin(); err != nil {
		return nil, err
	}
	if d.length > uint64(len(data)) {
		return nil, fmt.Errorf("%w: the input is %d bytes, the outboard claims more", ErrTruncated, len(data))
	}
	if err := d.verifyTree(d.rootPending(), nil, runtime.GOMAXPROCS(0)); err != nil {
		return nil, err
	}
	return data[:d.length:d.length], nil
}

// verifyTree checks the subtree p, whose chaining value is known good (or is
// the root hash), on up to par goroutines, and writes its input to
// out[p.start:] unless out is nil. A complete subtree's leaves are gathered
// in d.buf: that is out, so they are copied once; or, with ntOut, a buffer
// of d's, copied to out once verified.
func (d *Decoder) verifyTree(p pending, out []byte, par int) error {
	if par > 1 && p.n > d.t.g && p.n-d.t.left(p.n) >= parallelMinBytes {
		// Check the parent, then its two subtrees side by side, each
		// with a share of the goroutines as large as its share of the
		// input (as the whole-buffer encoder splits them).
		b, err := d.tree.view(d.node[:], p.enc, "parent")
		if err != nil {
			return err
		}
		node := [ParentSize]byte(b) // a copy, as in load
		if cv := d.t.parentCV(&node, p.root); !equal(cv[:], p.cv[:]) {
			return fmt.Errorf("%w: parent node at encoding offset %d (input offset %d)", ErrHashMismatch, p.enc, p.start)
		}
		l := d.t.left(p.n)
		left := pending{start: p.start, n: l, enc: p.enc + ParentSize, cv: [32]byte(node[:32])}
		right := pending{start: p.start + l, n: p.n - l, enc: p.enc + ParentSize + d.t.encSize(l, d.outboard), cv: [32]byte(node[32:])}
		lpar := max(1, min(par-1, int(uint64(par)*l/p.n)))
		sub := d.fork()
		var lerr error
		var wg sync.WaitGroup
		wg.Go(func() { lerr = sub.verifyTree(left, out, lpar) })
		rerr := d.verifyTree(right, out, par-lpar)
		wg.Wait()
		if lerr != nil {
			return lerr
		}
		return rerr
	}
	d.stack[0], d.depth = p, 1
	for pos := p.start; ; {
		if out != nil && !d.ntOut {
			d.buf = out[pos:]
		}
		if err := d.load(pos, nil, wideBytes); err != nil {
			return err
		}
		switch {
		case out == nil || len(d.region) == 0 || &d.region[0] == &out[pos]:
		case d.ntOut:
			seam.CopyNT(out[pos:], d.region, true)
		default:
			copy(out[pos:], d.region)
		}
		pos = d.regionStart + uint64(len(d.region))
		if pos >= p.start+p.n {
			return nil
		}
	}
}

// fork returns a Decoder of the same tree, with sources of its own over the
// same memory, for verifyTree's goroutines.
func (d *Decoder) fork() *Decoder {
	f := &Decoder{t: d.t, outboard: d.outboard, verify: d.verify, rootHash: d.rootHash, started: true, length: d.length}
	tree := *d.tree
	f.tree, f.data = &tree, &tree
	if d.outboard {
		data := *d.data
		f.data = &data
	}
	f.check.t = &f.t
	f.check.outboard = true
	f.check.move, f.ntOut = d.check.move, d.ntOut
	return f
}

func readAll(r io.Reader, hint int) ([]byte, error) {
	var b bytes.Buffer
	b.Grow(hint)
	_, err := b.ReadFrom(r)
	if err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// EncodedRoot returns the root hash that the combined encoding read from
// encoding commits to: the hash of its root node, the first parent after
// the header (or the one chunk group of an input of one group). Like the
// reference's hash_from_encoded, it reads the header and that node only and
// verifies nothing: decoding with the hash it returns verifies the rest.
// The error is ErrTruncated for an encoding that ends first, ErrLength for
// a length header of 2^63 or more, or ErrGroupSize.
func EncodedRoot(encoding io.Reader, opt *Options) ([32]byte, error) {
	return rootNode(encoding, nil, opt)
}

// OutboardRoot is EncodedRoot for an outboard encoding and its input data,
// which it reads only for an input of one group.
func OutboardRoot(data, outboard io.Reader, opt *Options) ([32]byte, error) {
	return rootNode(outboard, data, opt)
}

func rootNode(enc, data io.Reader, opt *Options) ([32]byte, error) {
	t, err := newTree(opt)
	if err != nil {
		return [32]byte{}, err
	}
	var hdr [HeaderSize]byte
	if _, err := io.ReadFull(enc, hdr[:]); err != nil {
		return [32]byte{}, truncated(err, "length header")
	}
	n := binary.LittleEndian.Uint64(hdr[:])
	if n > maxLen {
		return [32]byte{}, fmt.Errorf("%w (%d)", ErrLength, n)
	}
	if n > t.g {
		var node [ParentSize]byte
		if _, err := io.ReadFull(enc, node[:]); err != nil {
			return [32]byte{}, truncated(err, fmt.Sprintf("root parent at %d", HeaderSize))
		}
		return t.parentCV(&node, true), nil
	}
	if data == nil {
		data = enc
	}
	leaf := make([]byte, n)
	if _, err := io.ReadFull(data, leaf); err != nil {
		return [32]byte{}, truncated(err, fmt.Sprintf("the input's %d bytes", n))
	}
	var h hasher
	return t.leafCV(&h, leaf, 0, true), nil
}

// truncated returns err, from io.ReadFull of what, wrapping ErrTruncated
// if the stream ended early; any other error is the stream's own and is
// returned as it is: a read that fails (a directory, an I/O error) is not
// a short encoding.
func truncated(err error, what string) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return fmt.Errorf("%w: %s: %v", ErrTruncated, what, err)
	}
	return err
}
