package blake3

import (
	"errors"
	"io"
)

// The extendable output of a root node: any 64-byte block of it is one
// compression with its counter.

// OutputReader reads the extended output of a BLAKE3 root node: a stream of
// 2^64 bytes, any 64-byte block of which can be computed directly, so Seek to
// any offset is cheap. It implements [io.Reader] and [io.Seeker].
type OutputReader struct {
	root node
	pos  uint64          // offset of the next byte to read, modulo 2^64
	end  bool            // all 2^64 bytes have been read (pos is 0)
	buf  [BlockSize]byte // the output block containing pos, if pos%64 != 0
}

var _ io.ReadSeeker = (*OutputReader)(nil)

// Read fills p with the next len(p) bytes of output. The error is nil until
// the end of the 2^64-byte stream: a Read there returns what is left, and
// the next one 0, [io.EOF].
func (r *OutputReader) Read(p []byte) (int, error) {
	if r.end {
		return 0, io.EOF
	}
	if left := -r.pos; r.pos != 0 && uint64(len(p)) > left {
		p = p[:left]
	}
	n := len(p)
	if off := r.pos % BlockSize; off != 0 {
		k := copy(p, r.buf[off:])
		p = p[k:]
		r.pos += uint64(k)
	}
	if len(p) >= BlockSize {
		k := len(p) &^ (BlockSize - 1)
		outputBlocks(&r.root, r.pos/BlockSize, p[:k])
		p = p[k:]
		r.pos += uint64(k)
	}
	if len(p) > 0 {
		r.root.rootBlock(&r.buf, r.pos/BlockSize)
		k := copy(p, r.buf[:])
		r.pos += uint64(k)
	}
	// Only reading the stream's last byte brings a non-empty read back to 0.
	r.end = n > 0 && r.pos == 0
	return n, nil
}

// Seek sets the offset of the next Read to offset, relative to the start of
// the output (whence io.SeekStart), to the current offset (io.SeekCurrent),
// or to the end of the 2^64-byte stream (io.SeekEnd, as
// lukechampine.com/blake3's Seek does; zeebo/blake3's refuses it), and
// returns the new offset. An offset of 2^63 or more does not fit in an
// int64: it is returned modulo 2^64 (negative: Seek(-n, io.SeekEnd) returns
// -n). A result before the start or after the end, or an invalid whence, is
// an error and leaves the offset unchanged.
func (r *OutputReader) Seek(offset int64, whence int) (int64, error) {
	var base uint64 // modulo 2^64; atEnd says it is 2^64
	var atEnd bool
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		base, atEnd = r.pos, r.end
	case io.SeekEnd:
		atEnd = true
	default:
		return 0, errors.New("hashkit/blake3: invalid whence")
	}
	pos := base + uint64(offset)
	end := false
	switch {
	case offset < 0 && !atEnd && uint64(-offset) > base:
		return 0, errors.New("hashkit/blake3: negative seek position")
	case offset > 0 && (atEnd || pos < base && pos != 0):
		return 0, errors.New("hashkit/blake3: seek position beyond the 2^64-byte output")
	case offset > 0 && pos < base, offset == 0 && atEnd:
		end = true // exactly 2^64
	}
	r.pos, r.end = pos, end
	if pos%BlockSize != 0 {
		r.root.rootBlock(&r.buf, pos/BlockSize)
	}
	return int64(pos), nil
}
