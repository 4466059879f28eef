package kdfwork

import "testing"

// TestPrefault runs a sweep that writes every element beside a Prefault
// that writes zeros into the pieces it claims: whatever the interleaving,
// every element ends with the sweep's value (under -race, a write by both
// at once is reported too), and every piece is touched at most once.
func TestPrefault(t *testing.T) {
	for _, c := range []struct{ n, perPiece, step int }{{1000, 64, 1}, {1000, 64, 7}, {4096, 100, 3}, {10, 16, 2}} {
		for range 20 {
			s := make([]int, c.n)
			touched := make([]int, (c.n+c.perPiece-1)/c.perPiece)
			pf := NewPrefault(c.n, c.perPiece)
			pf.Start(func(lo, hi int) {
				touched[lo/c.perPiece]++
				for i := lo; i < hi; i++ {
					s[i] = 0
				}
			})
			owned := 0
			for i := 0; i < c.n; i += c.step {
				end := min(i+c.step, c.n)
				owned = pf.Sweep(owned, end)
				for j := i; j < end; j++ {
					s[j] = j + 1
				}
			}
			pf.End()
			for i, v := range s {
				if v != i+1 {
					t.Fatalf("n=%d piece %d step %d: element %d is %d after the sweep wrote %d", c.n, c.perPiece, c.step, i, v, i+1)
				}
			}
			for p, k := range touched {
				if k > 1 {
					t.Fatalf("piece %d touched %d times", p, k)
				}
			}
		}
	}
}
