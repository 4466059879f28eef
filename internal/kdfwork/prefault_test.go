package kdfwork

import "testing"

// TestPrefault runs a sweep that writes every element beside a Prefault
// that writes zeros into the pieces it claims: whatever the interleaving,
// every element ends with the sweep's value (under -race, a write by both
// at once is reported too), and every piece is touched at most once.
func TestPrefault(t *testing.T) {
	// Elements of size bytes: pieces of 64 KiB / size elements, pages of
	// 4 KiB / size; the sizes give pieces of 16, 64 and 4096 elements.
	for _, c := range []struct{ n, size, step int }{{1000, 1024, 1}, {1000, 1024, 7}, {20000, 16, 3}, {10, 4096, 2}, {4097, 1024, 64}} {
		perPiece, perPage := max(65536/c.size, 1), max(4096/c.size, 1)
		for range 20 {
			s := make([]int, c.n)
			touched := make([]int, c.n)
			pf := NewPrefault(c.n, c.size)
			pf.Start(func(i int) {
				touched[i]++
				s[i] = 0
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
					t.Fatalf("n=%d size %d step %d: element %d is %d after the sweep wrote %d", c.n, c.size, c.step, i, v, i+1)
				}
			}
			for i, k := range touched {
				if k > 1 || k == 1 && i%perPage != 0 {
					t.Fatalf("n=%d size %d: element %d (piece %d) touched %d times", c.n, c.size, i, i/perPiece, k)
				}
			}
		}
	}
}
