package bench

import (
	"runtime"
	"testing"

	circlk12 "github.com/cloudflare/circl/xof/k12"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/k12"
)

// TestKT128CPUTimeRatios measures the one-core KT128 rows of BenchmarkKT128
// against circl by thread CPU time (see cpuTimeMedians), with GOMAXPROCS 1
// so that every leaf is hashed on the measuring thread. Run it with
// HASHKIT_CPUTIME=1 go test -run KT128CPUTime -v, and with
// HASHKIT_DISABLE=keccak/avx512x8 for the AVX2 tier.
func TestKT128CPUTimeRatios(t *testing.T) {
	measuring(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	out := make([]byte, 32)
	for _, size := range []int{64 << 10, 1 << 20} {
		msg := hashtest.RandBytes(1, size)
		n := max(20, 20_000_000/(size+200))
		mo, mp := cpuTimeMedians(t, n, 15, func() { k12.SumKT128(msg, nil, 32) }, func() { circlk12.Draft10Sum(out, msg, nil) })
		t.Logf("KT128 %8d B vs circl: hashkit %9v, peer %9v: %.2fx", size, mo, mp, float64(mp)/float64(mo))
	}
}
