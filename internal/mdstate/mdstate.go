// Package mdstate reads and writes the marshalled state of hashkit's
// 32-bit Merkle-Damgård hashes with 64-byte blocks (md5, sha1, ripemd160).
//
// The layout is crypto/md5's and crypto/sha1's: a 4-byte magic, the
// chaining words big-endian, the 64-byte block buffer (zero past the
// buffered bytes) and the byte count big-endian. md5 and sha1 keep the
// standard library's magics, so states move both ways; ripemd160 has its
// own. Besides the format, only the first step of padding lives here (Pad);
// each package keeps its own Write and padding loop, as the style guide
// asks (no shared hot path through function values).
package mdstate

import (
	"encoding/binary"
	"errors"
)

// BlockSize is the block (and buffer) size of the hashes using this format.
const BlockSize = 64

// Format is the state format of one hash.
type Format struct {
	magic                       uint32 // the 4-byte magic, big-endian
	size                        int
	errMagic, errSize, errState error
}

// New returns the format with the given 4-byte magic and number of
// chaining words; errors name package pkg ("hashkit/pkg: ...").
func New(pkg, magic string, words int) *Format {
	if len(magic) != 4 {
		panic("mdstate: magic must be 4 bytes")
	}
	prefix := "hashkit/" + pkg + ": "
	return &Format{
		magic:    binary.BigEndian.Uint32([]byte(magic)),
		size:     4 + 4*words + BlockSize + 8,
		errMagic: errors.New(prefix + "invalid hash state identifier"),
		errSize:  errors.New(prefix + "invalid hash state size"),
		errState: errors.New(prefix + "invalid hash state: nonzero bytes past the buffered input"),
	}
}

// Size returns the length of a marshalled state.
func (f *Format) Size() int { return f.size }

// Append appends the state with chaining words h, buffered bytes buf (at
// most BlockSize) and byte count n to b.
func (f *Format) Append(b []byte, h []uint32, buf []byte, n uint64) []byte {
	b = binary.BigEndian.AppendUint32(b, f.magic)
	for _, w := range h {
		b = binary.BigEndian.AppendUint32(b, w)
	}
	b = append(b, buf...)
	b = append(b, make([]byte, BlockSize-len(buf))...)
	return binary.BigEndian.AppendUint64(b, n)
}

// Parse checks the state b and returns its buffer (the BlockSize bytes of b
// that hold it, of which the first n % BlockSize are buffered input) and
// byte count n, and stores its chaining words in h. On error, h is left
// unchanged.
func (f *Format) Parse(b []byte, h []uint32) (buf []byte, n uint64, err error) {
	// The magic is compared as one word, and the fields are sliced from the
	// end, so that the checks cost about what constant sizes did.
	if len(b) < 4 || binary.BigEndian.Uint32(b) != f.magic {
		return nil, 0, f.errMagic
	}
	if len(b) != f.size {
		return nil, 0, f.errSize
	}
	n = binary.BigEndian.Uint64(b[len(b)-8:])
	buf = b[len(b)-8-BlockSize : len(b)-8]
	// Every byte past the buffered input must be zero; test eight at a time.
	tail := buf[n%BlockSize:]
	for ; len(tail) >= 8; tail = tail[8:] {
		if binary.LittleEndian.Uint64(tail) != 0 {
			return nil, 0, f.errState
		}
	}
	for _, c := range tail {
		if c != 0 {
			return nil, 0, f.errState
		}
	}
	words := b[4 : len(b)-8-BlockSize]
	for i := range h {
		h[i] = binary.BigEndian.Uint32(words[4*i:])
	}
	return buf, n, nil
}

// Unmarshal restores a hasher's state from b: its chaining words h, buffer
// x, count of buffered bytes nx and byte count n, the fields every package
// using this format keeps. On error it changes none of them.
func (f *Format) Unmarshal(b []byte, h []uint32, x *[BlockSize]byte, nx *int, n *uint64) error {
	buf, count, err := f.Parse(b, h)
	if err != nil {
		return err
	}
	copy(x[:], buf)
	*nx = int(count % BlockSize)
	*n = count
	return nil
}

// Pad writes the first padding byte 0x80 at buf[n] (n < BlockSize) and
// zeroes the bytes after it, keeping buf[:n]. It writes whole aligned
// 8-byte words: after a single-byte store, the block function's 4-byte load
// of the same word cannot be served from the store buffer and waits for the
// store to reach the cache, which delays MD5 of short messages (their first
// message word is on the critical path).
func Pad(buf *[BlockSize]byte, n int) {
	i := n &^ 7
	w := uint64(0x80) << (8 * (n % 8))
	if n%8 != 0 {
		w |= binary.LittleEndian.Uint64(buf[i:]) & (1<<(8*(n%8)) - 1)
	}
	binary.LittleEndian.PutUint64(buf[i:], w)
	clear(buf[i+8:])
}
