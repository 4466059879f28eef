package batch

import (
	"sync"
	"testing"
)

// TestRun checks that every item is visited exactly once, whatever the
// number of workers and the range length.
func TestRun(t *testing.T) {
	for _, n := range []int{0, 1, 2, 7, 64, 1000} {
		for _, run := range []int{0, 1, 3, 64, 2000} {
			for _, w := range []int{1, 2, 5} {
				seen := make([]int, n)
				var mu sync.Mutex
				Run(n, run, w, func(start, end int) {
					mu.Lock()
					defer mu.Unlock()
					for i := start; i < end; i++ {
						seen[i]++
					}
				})
				for i, c := range seen {
					if c != 1 {
						t.Fatalf("n=%d run=%d w=%d: item %d visited %d times", n, run, w, i, c)
					}
				}
			}
		}
	}
}

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
	for _, n := range []int{0, 1, 5, 100, 1000, 10000} {
		for _, w := range []int{1, 2, 4, 9} {
			const size = 3
			dst := make([]byte, n*size)
			s := NewSplit(n, 7, size, w-1)
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
						t.Fatalf("n=%d w=%d: item %d byte %d is %d", n, w, i, k, dst[i*size+k])
					}
				}
			}
		}
	}
}
