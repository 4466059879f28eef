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
