// Package mdhash holds the input buffering of the block hashes whose
// blocks are slow enough that a call of a function value per Write does not
// show (ripemd160, SHA-512 in internal/sha2, BLAKE-512 in blake1): a partial
// block in a buffer, whole blocks compressed straight from the input in
// pieces of at most preempt.Piece bytes. md5, SHA-1, SHA-256 and BLAKE-256
// keep their own loops, each saying why.
//
// The compression reaches Write only through closures that the caller
// writes around its own direct call of its kernel, and they take indexes,
// not slices: a pointer passed through a function value escapes, so a
// hasher on the stack (every one-shot Sum) would move to the heap.
package mdhash

import "github.com/hashkit/hashkit/internal/preempt"

// Write appends p to a hash's buffer buf, a block long (a power of two), of
// which the first nx bytes are filled, and returns the new fill. flush is
// called to compress buf when it fills up, blocks(i, j) to compress p[i:j],
// whole blocks of at most preempt.Piece bytes, with a preemption point
// between two calls; both in input order.
func Write(buf []byte, nx int, p []byte, flush func(), blocks func(i, j int)) int {
	i := 0
	if nx > 0 {
		i = copy(buf[nx:], p)
		if nx+i < len(buf) {
			return nx + i
		}
		flush()
	}
	i += preempt.Blocks(len(p)-i, len(buf), func(a, b int) { blocks(i+a, i+b) })
	return copy(buf, p[i:])
}
