package bench

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestPiecesCPUTime measures BenchmarkPieces by thread CPU time (see
// cpuTimeMedians). Run it with HASHKIT_CPUTIME=1 go test -run
// PiecesCPUTime -v.
func TestPiecesCPUTime(t *testing.T) {
	measuring(t)
	// Written bytes: a fresh buffer that is only read maps the zero page,
	// which is always in the cache.
	in := hashtest.RandBytes(3, 1<<20)
	out := make([]byte, 64)
	for _, f := range pieceFamilies {
		for _, piece := range pieceSizes {
			mo, mp := cpuTimeMedians(t, 3, 11,
				func() { writePieces(f.ours, in, piece, out[:f.outLen]) },
				func() { writePieces(f.theirs, in, piece, out[:f.outLen]) })
			t.Logf("%-11s 1 MiB in %5d B pieces vs %-7s: hashkit %9v, peer %9v: %.2fx",
				f.name, piece, f.peer, mo, mp, float64(mp)/float64(mo))
		}
	}
}
