package bao

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
)

// Slices follow the reference implementation's edge rules (the Bao spec,
// "Slice Format"): a count of 0 counts as 1, so the leaf holding start is
// included; a start at or past the end of the input selects the last leaf,
// which authenticates the length; a range past the end is trimmed.

// sliceEnd returns start+count, at least start+1, at most 2^64-1.
func sliceEnd(start, count uint64) uint64 {
	end := start + max(count, 1)
	if end < start {
		return 1<<64 - 1
	}
	return end
}

// ExtractSlice writes to dst the slice of the combined encoding read from
// encoding that a reader of count input bytes at start needs: the header,
// the parents on the way down and the leaves that hold [start,
// start+count). It does not verify anything (the slice decoder does).
// encoding may be an io.Seeker, as for NewDecoder.
func ExtractSlice(dst io.Writer, encoding io.Reader, start, count uint64, opt *Options) error {
	return extract(dst, encoding, nil, start, count, opt)
}

// ExtractSliceOutboard is ExtractSlice for an outboard encoding and its
// input data: the slice is the same, a combined one.
func ExtractSliceOutboard(dst io.Writer, data, outboard io.Reader, start, count uint64, opt *Options) error {
	return extract(dst, outboard, data, start, count, opt)
}

func extract(dst io.Writer, enc, data io.Reader, start, count uint64, opt *Options) error {
	d, err := newDecoder(enc, data, nil, opt)
	if err != nil {
		return err
	}
	d.verify = false
	w := bufio.NewWriterSize(dst, 64<<10)
	d.tree.copyTo = w
	d.data.copyTo = w
	if err := d.begin(); err != nil {
		return err
	}
	end := sliceEnd(start, count)
	for pos := start; ; {
		if err := d.load(pos, nil, batchBytes); err != nil {
			return err
		}
		pos = d.regionStart + uint64(len(d.region))
		if pos >= end || pos >= d.length {
			break
		}
	}
	return w.Flush()
}

// NewSliceDecoder returns a reader of the count input bytes at start (fewer
// if the input ends first) verified with the slice read from slice against
// root; it reads only what the slice holds. With count 0, or a start at or
// past the end, it returns io.EOF once it has verified the leaf the slice
// holds. It does not seek.
func NewSliceDecoder(slice io.Reader, root *[32]byte, start, count uint64, opt *Options) (*Decoder, error) {
	d, err := newDecoder(slice, nil, root, opt)
	if err != nil {
		return nil, err
	}
	d.tree.slice = true
	d.slice = true
	d.pos = start
	d.sliceEnd = start + count
	if d.sliceEnd < start {
		d.sliceEnd = 1<<64 - 1
	}
	return d, nil
}

// DecodeSlice returns the input bytes of a slice for [start, start+count),
// verified against root.
func DecodeSlice(slice []byte, root *[32]byte, start, count uint64, opt *Options) ([]byte, error) {
	d, err := NewSliceDecoder(bytes.NewReader(slice), root, start, count, opt)
	if err != nil {
		return nil, err
	}
	d.tree.mem = slice
	return readAll(d, min(len(slice), int(min(count, 1<<30))))
}

// VerifyOutboard checks every parent of the outboard encoding read from
// outboard against root, without the input: the tree above the leaves is
// the one root commits to, for the length in the header. The leaves, and so
// the length itself (up to its last leaf, and entirely for an input of a
// single leaf, which has no parents), can only be verified with the input,
// by decoding.
func VerifyOutboard(outboard io.Reader, root *[32]byte, opt *Options) error {
	t, err := newTree(opt)
	if err != nil {
		return err
	}
	r := bufio.NewReaderSize(outboard, 64<<10)
	var hdr [HeaderSize]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return truncated(err, "length header")
	}
	length := binary.LittleEndian.Uint64(hdr[:])
	if length > maxLen {
		return fmt.Errorf("%w (%d)", ErrLength, length)
	}
	off := uint64(HeaderSize)
	var walk func(n uint64, cv *[32]byte, root bool) error
	walk = func(n uint64, cv *[32]byte, root bool) error {
		if n <= t.g {
			return nil
		}
		var node [ParentSize]byte
		if _, err := io.ReadFull(r, node[:]); err != nil {
			return truncated(err, fmt.Sprintf("parent at %d", off))
		}
		got := t.parentCV(&node, root)
		if !equal(got[:], cv[:]) {
			return fmt.Errorf("%w: parent node at outboard offset %d", ErrHashMismatch, off)
		}
		off += ParentSize
		l := t.left(n)
		if err := walk(l, (*[32]byte)(node[:32]), false); err != nil {
			return err
		}
		return walk(n-l, (*[32]byte)(node[32:]), false)
	}
	return walk(length, root, true)
}
