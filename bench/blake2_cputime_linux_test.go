package bench

import (
	"fmt"
	"testing"

	"github.com/hashkit/hashkit/blake2b"
	"github.com/hashkit/hashkit/blake2s"
	"github.com/hashkit/hashkit/internal/hashtest"
	xblake2b "golang.org/x/crypto/blake2b"
	xblake2s "golang.org/x/crypto/blake2s"
)

// TestBLAKE2CPUTime times the one-shot BLAKE2b-512 and BLAKE2s-256 and
// their x/crypto peers at the lengths of BenchmarkSweep and 1 MiB by the
// CPU time of the measuring thread (clock_gettime's
// CLOCK_THREAD_CPUTIME_ID), in batches of about 2 ms interleaved with the
// peer, 8 rounds, and prints the results as benchmark lines for benchstat:
// on a machine shared by many processes wall-clock times swing too much to
// compare kernels. Run it with
//
//	HASHKIT_CPUTIME=1 go test -run BLAKE2CPUTime -v | grep ^Benchmark > out.txt
//
// once per HASHKIT_DISABLE setting (renaming impl=hashkit), then
// benchstat -col /impl.
func TestBLAKE2CPUTime(t *testing.T) {
	measuring(t)
	onOneThread(t)
	algs := []struct {
		name     string
		hk, peer func([]byte)
	}{
		{"BLAKE2b-512", func(p []byte) { blake2b.Sum512(p) }, func(p []byte) { xblake2b.Sum512(p) }},
		{"BLAKE2s-256", func(p []byte) { blake2s.Sum256(p) }, func(p []byte) { xblake2s.Sum256(p) }},
	}
	for range 8 {
		for _, a := range algs {
			for _, size := range append(sweepSizes, 1<<20) {
				buf := make([]byte, size+3*4096)
				msg := buf[:copy(buf, hashtest.RandBytes(uint64(size), size))]
				n := max(2, 2_000_000/(size+150))
				for _, im := range []struct {
					name string
					f    func([]byte)
				}{{"hashkit", a.hk}, {"peer", a.peer}} {
					t0 := threadCPU()
					for range n {
						im.f(msg)
					}
					d := threadCPU() - t0
					fmt.Printf("BenchmarkCPUTime/alg=%s/impl=%s/size=%d\t%d\t%.2f ns/op\n", a.name, im.name, size, n, float64(d.Nanoseconds())/float64(n))
				}
			}
		}
	}
}
