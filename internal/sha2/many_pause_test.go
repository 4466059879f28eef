package sha2

import (
	"math"
	"runtime"
	"runtime/metrics"
	"slices"
	"testing"
	"time"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestSumManyGCPause hashes a 256 MiB batch on the calling goroutine alone
// while another goroutine runs the garbage collector (GOMAXPROCS 2, so that
// it runs at once and waits for the hashing goroutine to stop), on every
// kernel, and checks the longest stop-the-world pause in the meantime: the
// kernels cannot be preempted, so the batch loop must pass a preemption
// point between kernel calls (each of at most 64 KiB, tens of
// microseconds). The bound is loose because on a busy machine the pauses
// reach tens of milliseconds anyway; a batch hashed in one kernel call
// would hold the collector for a quarter of a second or more.
func TestSumManyGCPause(t *testing.T) {
	if testing.Short() || !useAsm {
		t.Skip("hashes 256 MiB; only the kernels cannot be preempted")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	defer func(m int) { manyParallelMin = m }(manyParallelMin)
	manyParallelMin = math.MaxInt
	data := make([]byte, 256<<20)
	out := make([]byte, len(data)/64*Size256)
	sample := []metrics.Sample{{Name: "/sched/pauses/total/gc:seconds"}}
	counts := func() (c []uint64, buckets []float64) {
		metrics.Read(sample)
		h := sample[0].Value.Float64Histogram()
		return slices.Clone(h.Counts), h.Buckets
	}
	hashtest.ManyImplementations(t, "sha256", func(t *testing.T) {
		for _, l := range []int{64, 100} {
			n := len(data) / l
			before, _ := counts()
			done := make(chan struct{})
			go func() {
				defer close(done)
				for range 10 {
					runtime.GC()
				}
			}()
			SumMany256(&IV256, out[:n*Size256], Size256, data[:n*l], l)
			<-done
			after, buckets := counts()
			longest := time.Duration(0)
			for i := range after {
				if after[i] > before[i] {
					longest = time.Duration(buckets[i] * 1e9)
				}
			}
			if longest > 150*time.Millisecond {
				t.Errorf("%d-byte messages: a GC pause of %v", l, longest)
			}
			t.Logf("%d-byte messages: longest GC pause %v", l, longest)
		}
	})
}
