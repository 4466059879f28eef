package blake2

import (
	"encoding/binary"
	"errors"
	"math"
)

// Word is a BLAKE2 word: uint64 for BLAKE2b, uint32 for BLAKE2s.
type Word interface{ uint32 | uint64 }

// wordSize returns the size of W in bytes.
func wordSize[W Word]() int {
	if uint64(^W(0)) > math.MaxUint32 {
		return 8
	}
	return 4
}

// Format is the marshalled state of an unkeyed BLAKE2 digest with words W:
// the 4-byte magic, the digest size, the last-node flag (0 or 1), the chain
// value h and the byte count t little-endian, the number of buffered bytes
// and the block buffer, zero past them. The format is a compatibility
// promise.
type Format[W Word] struct {
	Pkg       string // "hashkit/blake2b", in error messages
	Magic     string // 4 bytes
	BlockSize int
}

// Size returns the length of a marshalled state.
func (f *Format[W]) Size() int {
	return len(f.Magic) + 1 + 1 + 10*wordSize[W]() + 1 + f.BlockSize
}

// Append appends to b the state of a digest of size bytes, with last-node
// flag word f1 (zero or all ones), chain value h, count c and buffered bytes
// buf.
func (f *Format[W]) Append(b []byte, size int, f1 W, h *[8]W, c *[2]W, buf []byte) []byte {
	b = append(b, f.Magic...)
	b = append(b, byte(size), byte(f1&1))
	for _, w := range h {
		b = appendWord(b, w)
	}
	b = appendWord(b, c[0])
	b = appendWord(b, c[1])
	b = append(b, byte(len(buf)))
	b = append(b, buf...)
	return append(b, make([]byte, f.BlockSize-len(buf))...)
}

// Parse checks that b is a state for a digest of size bytes with last-node
// flag word f1, stores its chain value and count in h and c, and returns its
// buffered bytes. On error it changes neither h nor c.
func (f *Format[W]) Parse(b []byte, size int, f1 W, h *[8]W, c *[2]W) ([]byte, error) {
	if len(b) < len(f.Magic) || string(b[:len(f.Magic)]) != f.Magic {
		return nil, errors.New(f.Pkg + ": invalid hash state identifier")
	}
	if len(b) != f.Size() {
		return nil, errors.New(f.Pkg + ": invalid hash state size")
	}
	b = b[len(f.Magic):]
	if int(b[0]) != size {
		return nil, errors.New(f.Pkg + ": hash state has a different digest size")
	}
	if b[1] > 1 || W(b[1]) != f1&1 {
		return nil, errors.New(f.Pkg + ": hash state has a different last-node flag")
	}
	b = b[2:]
	ws := wordSize[W]()
	var words [10]W
	for i := range words {
		words[i] = word[W](b[ws*i:])
	}
	b = b[10*ws:]
	n := int(b[0])
	block := b[1:]
	// Whole blocks are compressed only when more input follows them, so a
	// non-zero count implies a non-empty buffer.
	if n > f.BlockSize || words[8]%W(f.BlockSize) != 0 || (words[8] != 0 || words[9] != 0) && n == 0 {
		return nil, errors.New(f.Pkg + ": invalid hash state")
	}
	for _, x := range block[n:] {
		if x != 0 {
			return nil, errors.New(f.Pkg + ": invalid hash state")
		}
	}
	*h = [8]W(words[:8])
	*c = [2]W(words[8:])
	return block[:n], nil
}

func appendWord[W Word](b []byte, w W) []byte {
	if wordSize[W]() == 8 {
		return binary.LittleEndian.AppendUint64(b, uint64(w))
	}
	return binary.LittleEndian.AppendUint32(b, uint32(w))
}

func word[W Word](b []byte) W {
	if wordSize[W]() == 8 {
		return W(binary.LittleEndian.Uint64(b))
	}
	return W(binary.LittleEndian.Uint32(b))
}
