// Package stdhash wraps the standard library's hash objects that hashkit
// hands its work to on some GOARCHes (the <pkg>/stdlib paths) so that a
// long Write reaches their assembly in pieces with a preemption point
// between them: their block functions take a whole Write at once, and
// assembly cannot be preempted, so one Write of a gigabyte would hold up a
// stop-the-world pause for seconds.
package stdhash

import (
	"encoding"
	"hash"

	"github.com/hashkit/hashkit/internal/preempt"
)

// Hash is a standard-library hash object whose Write goes in pieces; every
// other method is the wrapped object's, so outputs and marshalled states
// are the standard library's.
type Hash struct{ h hash.Hash }

// Wrap returns h with its writes bounded.
func Wrap(h hash.Hash) *Hash { return &Hash{h} }

// Inner returns the wrapped hash object, for the methods a package adds
// (crypto/sha1's ConstantTimeSum).
func Inner(d *Hash) hash.Hash { return d.h }

func (d *Hash) Write(p []byte) (int, error) {
	n := len(p)
	preempt.Split(len(p), 1, func(i, j int) { d.h.Write(p[i:j]) })
	return n, nil
}

func (d *Hash) Sum(b []byte) []byte { return d.h.Sum(b) }
func (d *Hash) Reset()              { d.h.Reset() }
func (d *Hash) Size() int           { return d.h.Size() }
func (d *Hash) BlockSize() int      { return d.h.BlockSize() }

func (d *Hash) MarshalBinary() ([]byte, error) {
	return d.h.(encoding.BinaryMarshaler).MarshalBinary()
}

func (d *Hash) AppendBinary(b []byte) ([]byte, error) {
	return d.h.(encoding.BinaryAppender).AppendBinary(b)
}

func (d *Hash) UnmarshalBinary(b []byte) error {
	return d.h.(encoding.BinaryUnmarshaler).UnmarshalBinary(b)
}

// Clone returns an independent copy of d, wrapped as d is.
func (d *Hash) Clone() (hash.Cloner, error) {
	c, err := d.h.(hash.Cloner).Clone()
	if err != nil {
		return nil, err
	}
	return Wrap(c), nil
}

// Sum writes data to h in pieces and returns its sum: the one-shots of the
// stdlib paths, for inputs longer than one piece (shorter ones go to the
// standard library's one-shot, which does not allocate).
func Sum(h hash.Hash, data []byte) []byte {
	w := Hash{h}
	w.Write(data)
	return h.Sum(nil)
}

// Digest is the set of digest types of the standard library's one-shots
// (MD5, SHA-1, SHA-224, SHA-256, SHA-384, SHA-512): arrays, so that Sum's
// slice converts to any of them.
type Digest interface {
	~[16]byte | ~[20]byte | ~[28]byte | ~[32]byte | ~[48]byte | ~[64]byte
}

// SumOf is the one-shot of a stdlib path: sum, the standard library's,
// for data of at most one piece, else a hash object from newHash written
// in pieces (Sum).
func SumOf[D Digest](data []byte, sum func([]byte) D, newHash func() hash.Hash) D {
	if len(data) <= preempt.Piece {
		return sum(data)
	}
	return D(Sum(newHash(), data))
}
