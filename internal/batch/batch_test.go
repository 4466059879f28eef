package batch

import (
	"sync"
	"testing"
)

func TestWorkers(t *testing.T) {
	if w := Workers(100, 10, 1000, 10); w != 1 {
		t.Errorf("below the threshold: %d workers", w)
	}
	if w := Workers(1<<20, 1, 0, 1); w != 1 {
		t.Errorf("one item: %d workers", w)
	}
	if w := Workers(1<<20, 1<<10, 0, 1<<19); w < 1 || w > 2 {
		t.Errorf("two workers' worth: %d workers", w)
	}
}

// TestSplit runs a Split with helpers writing to slots and the caller to
// dst, and checks that every item's output ends up in dst.
func TestSplit(t *testing.T) {
	for _, c := range []struct{ n, run int }{{0, 7}, {1, 7}, {5, 7}, {100, 7}, {1000, 7}, {10000, 7}, {7, 0}, {64, 1}, {1000, 3}, {1000, 2000}} {
		for _, w := range []int{1, 2, 4, 9} {
			const size = 3
			n := c.n
			dst := make([]byte, n*size)
			s := NewSplit(n, c.run, size, w-1)
			fill := func(out []byte, start, end int) {
				for i := start; i < end; i++ {
					for k := range size {
						out[(i-start)*size+k] = byte(i + k)
					}
				}
			}
			var wg sync.WaitGroup
			for range w - 1 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for start, end, ok := s.Next(); ok; start, end, ok = s.Next() {
						b := s.Slot(start, end)
						fill(b, start, end)
						s.Deliver(start, b)
					}
				}()
			}
			for start, end, ok := s.Next(); ok; start, end, ok = s.Next() {
				fill(dst[start*size:end*size], start, end)
				s.Own(dst)
			}
			s.Wait(dst)
			wg.Wait()
			for i := range n {
				for k := range size {
					if dst[i*size+k] != byte(i+k) {
						t.Fatalf("n=%d run=%d w=%d: item %d byte %d is %d", n, c.run, w, i, k, dst[i*size+k])
					}
				}
			}
		}
	}
}
