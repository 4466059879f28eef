// Package preempt gives the loops that hand work to assembly a point at
// which the Go runtime can stop their goroutine.
//
// The runtime never stops a goroutine inside an assembly function, and its
// preemption signal almost never lands in the few instructions of Go
// between two kernel calls. A goroutine that hashes a large buffer in
// assembly would hold up every stop-the-world (two per garbage collection)
// of the whole process, and with GOMAXPROCS=1 every other goroutine, for
// the length of the hash. So each kernel call takes at most Piece bytes,
// and a loop that makes several calls calls Point between them: Point's
// prologue checks the stack bound, which the runtime sets to fail when it
// wants the goroutine stopped (see CONTRIBUTING.md).
package preempt

import "unsafe"

// Piece is the most input one assembly call may take and the most work, in
// bytes of input or output, between two preemption points: a fraction of a
// millisecond for every kernel here, against a few nanoseconds for Point.
const Piece = 64 << 10

// Point is a preemption point: if the runtime has asked the goroutine to
// stop, it stops here. A call costs a few nanoseconds; loops call it once
// per Piece, never per block.
//
// The compiler and the assembler drop the stack-bound check from leaf
// functions with small frames, which cannot overflow the stack; but that
// check is where a request to stop is honoured, so Point calls a function
// that is not inlined, and as a non-leaf keeps its check.
// TestPointKeepsStackCheck fails if a compiler ever drops it.
//
//go:noinline
func Point() { barrier() }

//go:noinline
func barrier() {}

// Counter calls Point once per Piece bytes of work, for loops whose kernel
// calls are small steps (one permutation, one block): the zero Counter is
// ready, and Add accounts each step.
type Counter int

// Add accounts n bytes of work and calls Point when a Piece is complete.
func (c *Counter) Add(n int) {
	*c += Counter(n)
	if *c >= Piece {
		*c = 0
		Point()
	}
}

// Clear zeroes s in pieces of at most Piece bytes with a preemption point
// between two: the runtime clears memory in assembly, which on the GiB of
// working memory of a key derivation would not be preemptible for a tenth
// of a second or more.
func Clear[E any](s []E) {
	var zero E
	n := max(Piece/int(unsafe.Sizeof(zero)), 1)
	for len(s) > n {
		clear(s[:n])
		s = s[n:]
		Point()
	}
	clear(s)
}

// The helpers below cut work into pieces of at most Piece bytes with a
// preemption point between two, for the loops that hand work to assembly.
// f gets the bounds [i, j) of a piece, never the bytes themselves: bytes
// passed to a function value escape, and the callers' stack buffers would
// move to the heap. f is a function value, a call per piece (a few ns
// against the microseconds of a piece); none of the three inlines, and the
// one-piece case costs no division when the sizes are powers of two.

// Blocks calls f(i, j) on the byte ranges [i, j) that cover the whole
// blocks of size bytes among the first n bytes, each at most Piece bytes,
// and returns their length (n less a partial block); it does not call f
// when there is no whole block.
func Blocks(n, size int, f func(i, j int)) int {
	whole := n &^ (size - 1)
	if size&(size-1) != 0 {
		whole = n - n%size
	}
	i := 0
	if whole > Piece {
		for step := Piece - Piece%size; whole-i > step; i += step {
			f(i, i+step)
			Point()
		}
	}
	if i < whole {
		f(i, whole)
	}
	return whole
}

// Split calls f(i, j) on byte ranges [i, j) that cover the first n bytes,
// each at most Piece bytes and, but the last, a multiple of unit. It calls
// f at least once, f(0, 0) when n is 0: for a stream whose Write or Read of
// no bytes still counts (crypto/sha3's Read starts squeezing).
func Split(n, unit int, f func(i, j int)) {
	i := 0
	if n > Piece-unit {
		for step := Piece - Piece%unit; n-i > step; i += step {
			f(i, i+step)
			Point()
		}
	}
	f(i, n)
}

// Steps calls f(i, j) on runs [i, j) of at most per of the n steps of a
// kernel that takes a count (per steps making at most a Piece of work). It
// does not call f when n is 0.
func Steps(n, per int, f func(i, j int)) {
	i := 0
	for ; n-i > per; i += per {
		f(i, i+per)
		Point()
	}
	if i < n {
		f(i, n)
	}
}
