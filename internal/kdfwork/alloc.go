package kdfwork

import "sync/atomic"

// Memory is a derivation's working memory: a slice of pointer-free
// elements from Alloc, to be wiped and then released.
type Memory[E any] struct {
	S []E
	// Resident is true when the memory was used before and is still
	// faulted in, so that the derivation need not fault it in ahead of its
	// sweep (Prefault).
	Resident bool
	release  func()
}

// Release returns the memory, which the derivation must have wiped: all of
// m.S must be zero again, since the next Alloc may hand it out as it is.
// m.S must not be used after it.
func (m *Memory[E]) Release() {
	if m.release != nil {
		m.release()
		m.release = nil
	}
	m.S = nil
}

// Alloc returns n zeroed elements of working memory, of a type without
// pointers. Where the system backs large anonymous memory with huge pages
// on request, the memory is mapped apart from the Go heap with that
// request, or is the mapping a derivation released shortly before (see
// alloc_linux.go); elsewhere it is an ordinary slice.
func Alloc[E any](n int) Memory[E] {
	if s, release, bytes, resident, ok := allocHuge[E](n); ok {
		mapped.Add(uint64(bytes))
		return Memory[E]{S: s, Resident: resident, release: release}
	}
	return Memory[E]{S: make([]E, n)}
}

// hugeMin is the least memory mapped on its own.
const hugeMin = 4 << 20

// hugePage is the alignment of the mapped memory: x86-64's and arm64's
// huge page (the kernel uses what it has; madvise only asks).
const hugePage = 2 << 20

var mapped atomic.Uint64

// MappedBytes returns the bytes of memory apart from the Go heap that Alloc
// has handed out so far (mapped afresh or kept from an earlier derivation),
// for tests that account a derivation's memory (runtime.MemStats counts
// only the heap's).
func MappedBytes() uint64 { return mapped.Load() }
