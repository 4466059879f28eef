package sha2

import (
	"math/rand/v2"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestFinish256 compares the one-shot sums and finish256 on every
// implementation with padSum256, for every message length up to 300 placed
// at the end of a page before an inaccessible one (the one-call kernel
// loads the tail itself and must not touch a byte after it; Sum256 also at
// the start of a page after an inaccessible one, for reads before it): whole
// messages from both initial values; a random number of whole blocks
// hashed first and the rest finished from there, with the true length and
// with one whose bit count needs more than 32 bits; and two writes split at
// a random point.
func TestFinish256(t *testing.T) {
	g := hashtest.NewGuardPage(t)
	src := hashtest.RandBytes(35, 300)
	rng := rand.New(rand.NewPCG(35, 36))
	hashtest.AllImplementations(t, "sha256", func(t *testing.T) {
		for n := 0; n <= len(src); n++ {
			msg := g.Place(src[:n])
			want := padSum256(IV256, msg, uint64(n))
			if got := Sum256(msg); got != want {
				t.Fatalf("Sum256 of %d bytes: %x, want %x", n, got, want)
			}
			if got, want := Sum224(msg), padSum256(IV224, msg, uint64(n)); [Size224]byte(want[:Size224]) != got {
				t.Fatalf("Sum224 of %d bytes: %x, want %x", n, got, want[:Size224])
			}
			if got := Sum256(g.PlaceStart(src[:n])); got != want {
				t.Fatalf("Sum256 of %d bytes at the start of a page: %x, want %x", n, got, want)
			}
			// finish256 takes at most 119 bytes on the portable path.
			lo := max(0, (n-119+BlockSize256-1)/BlockSize256)
			k := BlockSize256 * (lo + rng.IntN(n/BlockSize256-lo+1))
			h := IV256
			block256Generic(&h, msg[:k])
			start := h
			if got := finish256(&h, msg[k:], uint64(n)); got != want {
				t.Fatalf("%d bytes, %d hashed first: %x, want %x", n, k, got, want)
			}
			long := uint64(n-k) + 5<<32 + uint64(rng.IntN(1<<20))*BlockSize256
			h = start
			if got, want := finish256(&h, msg[k:], long), padSum256(start, msg[k:], long); got != want {
				t.Fatalf("%d bytes after %d: %x, want %x", n-k, long-uint64(n-k), got, want)
			}
			s := rng.IntN(n + 1)
			var d Digest256
			d.init256()
			d.Write(msg[:s])
			d.Write(msg[s:])
			if got := d.checksum(); got != want {
				t.Fatalf("%d bytes written as %d and %d: %x, want %x", n, s, n-s, got, want)
			}
		}
	})
}
