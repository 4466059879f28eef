package sha2

import (
	"bytes"
	"runtime"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestSumManyParallel lowers the thresholds so that small batches take the
// goroutine path, and compares with Sum256 and Sum224, on every kernel.
func TestSumManyParallel(t *testing.T) {
	defer func(a, b int) { manyParallelMin, manyRunBytes = a, b }(manyParallelMin, manyRunBytes)
	manyParallelMin, manyRunBytes = 1, 300
	src := hashtest.RandBytes(3, 64<<10)
	hashtest.ManyImplementations(t, "sha256", func(t *testing.T) {
		for _, l := range []int{0, 1, 64, 100, 256, 1000, 5000} {
			for _, n := range []int{2, 3, 17, 40} {
				if n*l > len(src) {
					continue
				}
				data := src[:n*l]
				out := make([]byte, n*Size256)
				out224 := make([]byte, n*Size224)
				SumMany256(&IV256, out, Size256, data, l)
				SumMany256(&IV224, out224, Size224, data, l)
				for i := range n {
					m := data[i*l : (i+1)*l]
					want, want224 := Sum256(m), Sum224(m)
					if !bytes.Equal(out[i*Size256:(i+1)*Size256], want[:]) || !bytes.Equal(out224[i*Size224:(i+1)*Size224], want224[:]) {
						t.Fatalf("%d messages of %d bytes: digest %d differs", n, l, i)
					}
				}
			}
		}
	})
}

// TestSumPairs256InPlace lowers the thresholds so that small in-place
// layers take the goroutine path, with GOMAXPROCS raised so that they do
// on any machine, and compares with the layer hashed into a separate
// buffer, on every kernel.
func TestSumPairs256InPlace(t *testing.T) {
	defer func(a, b int) { manyParallelMin, manyRunBytes = a, b }(manyParallelMin, manyRunBytes)
	manyParallelMin, manyRunBytes = 1, 300
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(8))
	src := hashtest.RandBytes(4, 64*1000)
	hashtest.ManyImplementations(t, "sha256", func(t *testing.T) {
		for _, n := range []int{0, 1, 2, 3, 17, 40, 1000} {
			data := src[:64*n]
			want := make([]byte, 32*n)
			SumPairs256(want, data)
			for i := range n {
				if d := Sum256(data[64*i : 64*(i+1)]); !bytes.Equal(want[32*i:32*(i+1)], d[:]) {
					t.Fatalf("%d pairs: parent %d differs", n, i)
				}
			}
			layer := bytes.Clone(data)
			SumPairs256(layer[:32*n], layer)
			if !bytes.Equal(layer[:32*n], want) {
				t.Fatalf("%d pairs in place: the parents differ", n)
			}
		}
	})
}

// TestPadSchedule256 compares the precomputed schedule of the shared last
// block with the schedule of that block built by padMessages' padding.
func TestPadSchedule256(t *testing.T) {
	for _, total := range []uint64{0, 64, 640, 1 << 40} {
		// The padding block of a message of total bytes, compressed by the
		// portable code from IV256, against the same rounds fed wk.
		var blk [BlockSize256]byte
		blk[0] = 0x80
		for i := range 8 {
			blk[56+i] = byte((total << 3) >> (56 - 8*i))
		}
		h := IV256
		block256Generic(&h, blk[:])
		wk := padSchedule256(total)
		if got := roundsWK(IV256, &wk); got != h {
			t.Errorf("total %d: %x, want %x", total, got, h)
		}
	}
}

// roundsWK is the compression with W[t]+K[t] given.
func roundsWK(h [8]uint32, wk *[64]uint32) [8]uint32 {
	a, b, c, d, e, f, g, hh := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
	for t := range 64 {
		s1 := (e>>6 | e<<26) ^ (e>>11 | e<<21) ^ (e>>25 | e<<7)
		ch := (e & f) ^ (^e & g)
		t1 := hh + s1 + ch + wk[t]
		s0 := (a>>2 | a<<30) ^ (a>>13 | a<<19) ^ (a>>22 | a<<10)
		maj := (a & b) ^ (a & c) ^ (b & c)
		hh, g, f, e, d, c, b, a = g, f, e, d+t1, c, b, a, t1+s0+maj
	}
	return [8]uint32{h[0] + a, h[1] + b, h[2] + c, h[3] + d, h[4] + e, h[5] + f, h[6] + g, h[7] + hh}
}
