//go:build linux

package hashtest

import (
	"bytes"
	"hash"
	"syscall"
	"testing"
)

// GuardPage is a page of memory between two inaccessible pages, for
// over-read tests: input placed at the end of the page makes a kernel that
// reads past its slice fault (after the Go source's
// crypto/sha1/issue15617_test.go), and input placed at its start one that
// reads before it. NewGuardPages makes the accessible part longer.
type GuardPage struct {
	mem        []byte // inaccessible page, size bytes, inaccessible page
	page, size int
}

// NewGuardPage maps a guarded page, unmapped when t ends; it skips t if the
// mapping cannot be made.
func NewGuardPage(t testing.TB) *GuardPage {
	t.Helper()
	return NewGuardPages(t, 1)
}

// NewGuardPages is NewGuardPage with at least size bytes (whole pages)
// between the inaccessible pages, for inputs longer than a page.
func NewGuardPages(t testing.TB, size int) *GuardPage {
	t.Helper()
	page := syscall.Getpagesize()
	size = (size + page - 1) / page * page
	mem, err := syscall.Mmap(-1, 0, page+size+page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	for _, guard := range [][]byte{mem[:page], mem[page+size:]} {
		if err := syscall.Mprotect(guard, syscall.PROT_NONE); err != nil {
			t.Skipf("mprotect: %v", err)
		}
	}
	return &GuardPage{mem, page, size}
}

// Size returns the most bytes Place and PlaceStart take.
func (g *GuardPage) Size() int { return g.size }

// Place copies src to the end of the accessible memory and returns that
// copy, which the inaccessible page immediately follows.
func (g *GuardPage) Place(src []byte) []byte {
	end := g.page + g.size
	in := g.mem[end-len(src) : end]
	copy(in, src)
	return in
}

// PlaceStart copies src to the start of the accessible memory and returns
// that copy, which the inaccessible page immediately precedes.
func (g *GuardPage) PlaceStart(src []byte) []byte {
	in := g.mem[g.page : g.page+len(src)]
	copy(in, src)
	return in
}

// CheckBatches calls check, as CheckBatches (the function) does, on
// batches of each of counts messages of each of lengths, pseudo-random from
// seed, placed at the end of the page: a batch function that reads past its
// data faults.
func (g *GuardPage) CheckBatches(t *testing.T, seed uint64, counts, lengths []int, check func(t *testing.T, data []byte, n, msgLen int)) {
	t.Helper()
	src := RandBytes(seed, g.size)
	for _, l := range lengths {
		for _, n := range counts {
			check(t, g.Place(src[:n*l]), n, l)
		}
	}
}

// TestNoOverread places inputs of each of lengths (at most a page) at the
// end of a page followed by an inaccessible page, so that any read past the
// end of the slice faults, and checks, on every implementation of pkg, sum
// (a one-shot function) and a hasher from mk, written in two halves,
// against sum of a copy; then sum once more with the input at the start of
// a page preceded by an inaccessible one, where a read before it faults.
func TestNoOverread(t *testing.T, pkg string, lengths []int, sum func([]byte) []byte, mk func() hash.Hash) {
	g := NewGuardPage(t)
	src := RandBytes(9, g.Size())
	AllImplementations(t, pkg, func(t *testing.T) {
		for _, n := range lengths {
			in := g.Place(src[:n])
			want := sum(bytes.Clone(in))
			if got := sum(in); !bytes.Equal(got, want) {
				t.Fatalf("%d bytes at the end of a page: wrong digest", n)
			}
			h := mk()
			h.Write(in[:n/2])
			h.Write(in[n/2:])
			if got := h.Sum(nil); !bytes.Equal(got, want) {
				t.Fatalf("%d bytes at the end of a page: streaming differs", n)
			}
			if got := sum(g.PlaceStart(src[:n])); !bytes.Equal(got, want) {
				t.Fatalf("%d bytes at the start of a page: wrong digest", n)
			}
		}
	})
}
