package bao

import (
	"encoding/binary"
	"fmt"
	"io"

	"github.com/hashkit/hashkit/blake3/hazmat"
)

// streamUnit is the size of the aligned subtrees whose chaining values
// EncodeTo keeps from its first read and encodes whole in its second. A
// variable so tests can lower it.
var streamUnit uint64 = 4 << 20

// EncodeTo writes the combined (or, if outboard, the outboard) encoding of
// the n bytes of src to dst, a stream that cannot be written out of order (a
// pipe, a network connection), and returns the root hash. An encoding starts
// with the root's parent, known only once the whole input is hashed, so src
// is read twice: first to keep the chaining value of each 4 MiB unit of the
// input, then to write the parents above the units from those values and
// each unit's encoding. Memory is about two units plus 32 bytes a unit.
//
// A unit that hashes differently on the second read (src changed between
// the reads) is an error wrapping ErrHashMismatch, and one that ends early,
// io.ErrUnexpectedEOF; dst then holds the start of an encoding that no
// decoder accepts. Other errors are src's, dst's, ErrLength or ErrGroupSize.
func EncodeTo(dst io.Writer, src io.ReaderAt, n uint64, outboard bool, opt *Options) ([32]byte, error) {
	t, err := sizedTree(n, opt)
	if err != nil {
		return [32]byte{}, err
	}
	unit := max(streamUnit, 2*t.g)
	if n <= unit {
		data := make([]byte, n)
		if err := readFullAt(src, data, 0); err != nil {
			return [32]byte{}, err
		}
		enc, root, err := appendEncode(nil, data, outboard, opt)
		if err != nil {
			return [32]byte{}, err
		}
		_, err = dst.Write(enc)
		return root, err
	}
	s := &streamEncoder{t: &t, dst: dst, src: src, unit: unit, outboard: outboard}
	if opt != nil {
		s.mode = opt.Mode
	}
	if err := s.hashUnits(n); err != nil {
		return [32]byte{}, err
	}
	var hdr [HeaderSize]byte
	binary.LittleEndian.PutUint64(hdr[:], n)
	if _, err := dst.Write(hdr[:]); err != nil {
		return [32]byte{}, err
	}
	s.enc = newSizedEncoder(&t, outboard)
	s.unitEnc = make([]byte, t.encSize(unit, outboard))
	root := s.cv(0, n, true)
	return root, s.node(0, n)
}

// streamEncoder is the state of EncodeTo once the input's length exceeds a
// unit.
type streamEncoder struct {
	t        *tree
	mode     hazmat.Mode
	dst      io.Writer
	src      io.ReaderAt
	unit     uint64
	outboard bool
	cvs      []hazmat.ChainingValue // each unit's, from the first read
	enc      *bufEncoder            // encodes one unit from the second read
	unitEnc  []byte
}

// hashUnits reads the n bytes of the input and keeps each unit's chaining
// value.
func (s *streamEncoder) hashUnits(n uint64) error {
	buf := make([]byte, s.unit)
	// Capacity for the units of at most 4 GiB up front: n is the caller's
	// claim, and a source that ends early must fail at its end, not make
	// this allocate 32 bytes for each unit of a length it does not have.
	s.cvs = make([]hazmat.ChainingValue, 0, min((n-1)/s.unit+1, 1024))
	for off := uint64(0); off < n; off += s.unit {
		b := buf[:min(s.unit, n-off)]
		if err := readFullAt(s.src, b, off); err != nil {
			return err
		}
		h, err := hazmat.NewSubtree(s.mode, off)
		if err != nil {
			return err
		}
		h.Write(b)
		cv, err := h.ChainingValue()
		if err != nil {
			return err
		}
		s.cvs = append(s.cvs, cv)
	}
	return nil
}

// cv returns the chaining value (the root hash if root) of the subtree at
// [off, off+n), from the units'. Splits above a unit fall on unit
// boundaries: a unit is a power of two of leaves.
func (s *streamEncoder) cv(off, n uint64, root bool) [32]byte {
	if n <= s.unit {
		return s.cvs[off/s.unit]
	}
	var p [ParentSize]byte
	l := s.t.left(n)
	lcv, rcv := s.cv(off, l, false), s.cv(off+l, n-l, false)
	copy(p[:32], lcv[:])
	copy(p[32:], rcv[:])
	return s.t.parentCV(&p, root)
}

// node writes the encoding of the subtree at [off, off+n) in pre-order:
// above the units, its parent and then its children; a unit, as encoded
// from its second read, once its chaining value matches the first.
func (s *streamEncoder) node(off, n uint64) error {
	if n > s.unit {
		l := s.t.left(n)
		lcv, rcv := s.cv(off, l, false), s.cv(off+l, n-l, false)
		if _, err := s.dst.Write(append(lcv[:], rcv[:]...)); err != nil {
			return err
		}
		if err := s.node(off, l); err != nil {
			return err
		}
		return s.node(off+l, n-l)
	}
	out := s.unitEnc[:s.t.encSize(n, s.outboard)]
	e := s.enc
	e.src, e.dst, e.err = io.NewSectionReader(s.src, int64(off), int64(n)), &bufferAt{out}, nil
	cv := e.node(off, n, false, 0)
	if e.err != nil {
		return e.err
	}
	if cv != s.cvs[off/s.unit] {
		return fmt.Errorf("hashkit/blake3/bao: the input at %d hashes differently on the second read: %w", off, ErrHashMismatch)
	}
	_, err := s.dst.Write(out)
	return err
}

// bufferAt is an io.WriterAt into b at the offsets of an encoding whose
// header and earlier nodes are elsewhere: what bufEncoder writes at
// HeaderSize+pos lands at b[pos].
type bufferAt struct{ b []byte }

func (w *bufferAt) WriteAt(p []byte, off int64) (int, error) {
	return copy(w.b[off-HeaderSize:], p), nil
}

// readFullAt fills b from src at off.
func readFullAt(src io.ReaderAt, b []byte, off uint64) error {
	k, err := src.ReadAt(b, int64(off))
	if k == len(b) {
		return nil
	}
	if err == io.EOF {
		err = fmt.Errorf("hashkit/blake3/bao: the input ends at %d, before the length given: %w", off+uint64(k), io.ErrUnexpectedEOF)
	}
	return err
}
