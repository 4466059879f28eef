package kdfwork

import (
	"testing"
	"time"
	"unsafe"
)

// TestReuse checks that a released mapping goes to the next Alloc that it
// fits (resident, zero, the same memory), not to one it would not fit or
// that would waste most of it, never to two derivations at once, and that
// it is unmapped once it has waited keepIdle.
func TestReuse(t *testing.T) {
	if !hugeEnabled() {
		t.Skip("transparent huge pages are off: Alloc uses the Go heap")
	}
	defer func(d time.Duration) { keepIdle = d }(keepIdle)
	keepIdle = time.Hour
	const n = 4 * hugeMin / 1024 // so that n/3 elements are mapped too
	type elem = [128]uint64
	addr := func(m Memory[elem]) uintptr { return uintptr(unsafe.Pointer(&m.S[0])) }
	release := func(m Memory[elem]) {
		clear(m.S)
		m.Release()
	}

	a := Alloc[elem](n)
	if a.Resident {
		t.Fatal("first Alloc: resident")
	}
	a.S[0][0], a.S[n-1][127] = 1, 1
	first := addr(a)
	release(a)

	// The same size, then a smaller one that wastes less than half of it.
	for _, k := range []int{n, n/2 + 1} {
		b := Alloc[elem](k)
		if !b.Resident || addr(b) != first || len(b.S) != k {
			t.Fatalf("Alloc(%d) after a release of %d: resident %v, %#x (released %#x), %d elements", k, n, b.Resident, addr(b), first, len(b.S))
		}
		for i := range b.S {
			if b.S[i] != (elem{}) {
				t.Fatalf("Alloc(%d): reused element %d not zero", k, i)
			}
		}
		// Held: a second derivation meanwhile gets memory of its own.
		c := Alloc[elem](k)
		if c.Resident || addr(c) == addr(b) {
			t.Fatalf("Alloc(%d) while the kept mapping is in use: resident %v at %#x", k, c.Resident, addr(c))
		}
		release(c)
		release(b) // kept instead of c, which is unmapped
	}

	// Too small for twice the size, too large for a third of it.
	for _, k := range []int{2 * n, n / 3} {
		m := Alloc[elem](n)
		release(m)
		b := Alloc[elem](k)
		if b.Resident {
			t.Errorf("Alloc(%d) reused a mapping of %d elements", k, n)
		}
		release(b)
	}

	// Unmapped after keepIdle.
	keepIdle = time.Millisecond
	release(Alloc[elem](n))
	deadline := time.Now().Add(10 * time.Second)
	for {
		kept.Lock()
		idle := kept.mp.m == nil
		kept.Unlock()
		if idle {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a released mapping still kept 10 s after keepIdle")
		}
		time.Sleep(time.Millisecond)
	}
}
