package kdfwork

import (
	"context"
	"runtime"
	"sync"
	"testing"
)

func TestProgressBoundedAndMonotonic(t *testing.T) {
	var got []float64
	var m Monitor
	m.Init(context.Background(), func(f float64) { got = append(got, f) }, 10000)
	for range 10000 {
		if m.Checkpoint(1) {
			t.Fatal("stopped without cancellation")
		}
	}
	m.Finish()
	if len(got) != 100 || got[len(got)-1] != 1 {
		t.Fatalf("%d reports, last %v; want 99 hundredths then 1", len(got), got[len(got)-1])
	}
	for i := 1; i < len(got); i++ {
		if got[i] <= got[i-1] {
			t.Fatalf("report %d (%v) not above %v", i, got[i], got[i-1])
		}
	}
	if m.Done() != 10000 || m.Err() != nil {
		t.Fatalf("Done %d, Err %v", m.Done(), m.Err())
	}
}

func TestCancelStopsEveryGoroutine(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var m Monitor
	m.Init(ctx, nil, 1<<40)
	if m.Checkpoint(1) {
		t.Fatal("stopped before cancellation")
	}
	cancel()
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !m.Checkpoint(1) {
			}
		}()
	}
	wg.Wait()
	if !m.Stopped() || m.Err() != context.Canceled || !m.Checkpoint(1) {
		t.Fatalf("Stopped %v, Err %v", m.Stopped(), m.Err())
	}
}

func TestNilContextNeverStops(t *testing.T) {
	var m Monitor
	m.Init(nil, nil, 10)
	for range 100 {
		if m.Checkpoint(1) {
			t.Fatal("stopped with a nil context")
		}
	}
}

// TestWipe: every element is zeroed, whatever the length and the number of
// parts it is cut into.
func TestWipe(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, procs := range []int{1, 2, 3, 8} {
		runtime.GOMAXPROCS(procs)
		for _, n := range []int{0, 1, wipePart/8 - 1, wipePart / 4, 3*wipePart/8 + 5, 7*wipePart/4 + 3} {
			s := make([]uint64, n)
			for i := range s {
				s[i] = uint64(i) | 1
			}
			Wipe(s)
			for i, x := range s {
				if x != 0 {
					t.Fatalf("GOMAXPROCS %d, %d words: word %d not zeroed", procs, n, i)
				}
			}
		}
	}
}

// TestAfterStop: a completed derivation's cleanup is done when AfterStop
// returns, unless its context is done first; a stopped one's runs after.
func TestAfterStop(t *testing.T) {
	ran := false
	AfterStop(context.Background(), false, func() { ran = true })
	if !ran {
		t.Fatal("completed: AfterStop returned before its cleanup")
	}
	ran = false
	AfterStop(nil, false, func() { ran = true })
	if !ran {
		t.Fatal("completed, nil context: AfterStop returned before its cleanup")
	}
	for _, stopped := range []bool{true, false} {
		ctx, cancel := context.WithCancel(context.Background())
		release := make(chan struct{})
		if !stopped {
			cancel() // done while the cleanup runs
		}
		AfterStop(ctx, stopped, func() { <-release })
		close(release) // the cleanup could not have finished before this
		WaitCleanups()
		cancel()
	}
}
