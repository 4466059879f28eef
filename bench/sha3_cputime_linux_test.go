package bench

import (
	stdsha3 "crypto/sha3"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/sha3"
	xsha3 "golang.org/x/crypto/sha3"
)

// TestSHA3CPUTimeRatios measures the sha3 targets by the CPU time of the
// measuring thread instead of wall-clock time, which on a machine shared by
// many processes swings by tens of percent between runs. Each function runs
// in batches interleaved with its peer, 15 rounds; the medians are compared.
// Run it with HASHKIT_CPUTIME=1 go test -run SHA3CPUTime -v.
func TestSHA3CPUTimeRatios(t *testing.T) {
	measuring(t)
	out := make([]byte, 32)
	legacy := xsha3.NewLegacyKeccak256()
	type pair struct {
		name       string
		ours, peer func([]byte)
	}
	pairs := []pair{
		{"SHA3-256 vs crypto/sha3", func(m []byte) { sink256 = sha3.Sum256(m) }, func(m []byte) { sink256 = stdsha3.Sum256(m) }},
		{"SHAKE128 vs crypto/sha3", func(m []byte) { x := sha3.NewSHAKE128(); x.Write(m); x.Read(out) }, func(m []byte) { x := stdsha3.NewSHAKE128(); x.Write(m); x.Read(out) }},
		{"Keccak-256 vs x/crypto", func(m []byte) { sink256 = sha3.SumKeccak256(m) }, func(m []byte) { legacy.Reset(); legacy.Write(m); legacy.Sum(out[:0]) }},
	}
	for _, size := range []int{64, 1 << 20} {
		msg := hashtest.RandBytes(1, size)
		n := max(20, 20_000_000/(size+200))
		for _, p := range pairs {
			mo, mp := cpuTimeMedians(t, n, 15, func() { p.ours(msg) }, func() { p.peer(msg) })
			t.Logf("%-24s size %7d: hashkit %9v, peer %9v: %.2fx", p.name, size, mo, mp, float64(mp)/float64(mo))
		}
	}
}
