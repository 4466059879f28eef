package bench

import (
	"io"
	"runtime"
	"testing"

	"github.com/hashkit/hashkit/blake3"
	"github.com/hashkit/hashkit/internal/hashtest"
	zeebo "github.com/zeebo/blake3"
	luke "lukechampine.com/blake3"
)

// TestBLAKE3CPUTimeRatios measures the BLAKE3 rows of BenchmarkBLAKE3 and
// BenchmarkBLAKE3Pieces by thread CPU time (see cpuTimeMedians), against
// zeebo/blake3 and lukechampine.com/blake3, and Sum256 of 64 MiB (input
// from memory, not the cache) against zeebo/blake3. Run it with
// HASHKIT_CPUTIME=1 go test -run BLAKE3CPUTime -v, and with
// HASHKIT_DISABLE=blake3/avx512 for the AVX2 tier.
func TestBLAKE3CPUTimeRatios(t *testing.T) {
	measuring(t)
	for _, size := range []int{64, 1024, 1 << 20} {
		msg := hashtest.RandBytes(1, size)
		n := max(20, 20_000_000/(size+200))
		ours := func() { sink256 = blake3.Sum256(msg) }
		for _, peer := range []struct {
			name string
			sum  func([]byte) [32]byte
		}{{"zeebo", zeebo.Sum256}, {"lukechampine", luke.Sum256}} {
			mo, mp := cpuTimeMedians(t, n, 15, ours, func() { sink256 = peer.sum(msg) })
			t.Logf("Sum256 %7d B vs %-12s: hashkit %9v, peer %9v: %.2fx", size, peer.name, mo, mp, float64(mp)/float64(mo))
		}
	}
	// 64 MiB, past the last-level cache, on one goroutine: what the 16-way
	// kernel's prefetch of the chunks ahead is for.
	func() {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
		msg := hashtest.RandBytes(2, 64<<20)
		mo, mp := cpuTimeMedians(t, 2, 9, func() { sink256 = blake3.Sum256(msg) }, func() { sink256 = zeebo.Sum256(msg) })
		t.Logf("Sum256 64 MiB (GOMAXPROCS 1) vs zeebo: hashkit %9v, peer %9v: %.2fx", mo, mp, float64(mp)/float64(mo))
	}()
	in := hashtest.RandBytes(3, 1<<20)
	out := make([]byte, 32)
	ours := streamer{func() io.Writer { return blake3.New() }, sumFinish}
	peer := streamer{func() io.Writer { return zeebo.New() }, sumFinish}
	for _, piece := range []int{64, 512, 1024, 4096, 32768} {
		mo, mp := cpuTimeMedians(t, 20, 15, func() { writePieces(ours, in, piece, out) }, func() { writePieces(peer, in, piece, out) })
		t.Logf("1 MiB in %5d B pieces vs zeebo: hashkit %9v, peer %9v: %.2fx", piece, mo, mp, float64(mp)/float64(mo))
	}
}
