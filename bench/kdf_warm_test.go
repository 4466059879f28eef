package bench

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"testing"
	"time"

	xargon2 "golang.org/x/crypto/argon2"
	xscrypt "golang.org/x/crypto/scrypt"

	"github.com/hashkit/hashkit/argon2"
	"github.com/hashkit/hashkit/scrypt"
)

// TestKDFWarmRatios compares scrypt and Argon2id with x/crypto's at their
// best: its working memory kept by the Go heap between calls (no GC but the
// one before each call, which makes last call's memory free for this one),
// so that neither takes page faults. The benchmark loop instead shows a
// program whose heap gives the memory back to the system. Wall-clock
// medians of 9 interleaved calls each, in one process. Run it with
// HASHKIT_CPUTIME=1 go test -run KDFWarm -v.
func TestKDFWarmRatios(t *testing.T) {
	measuring(t)
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(3 << 30))
	pw, salt := []byte("password"), []byte("somesalt")
	type pair struct {
		name       string
		ours, peer func()
	}
	var cases []pair
	for _, c := range []struct{ logN, p int }{{14, 1}, {17, 1}, {14, 2}} {
		cases = append(cases, pair{fmt.Sprintf("scrypt N=2^%d r=8 p=%d", c.logN, c.p),
			func() { must(scrypt.Key(pw, salt, 1<<c.logN, 8, c.p, 32)) },
			func() { must(xscrypt.Key(pw, salt, 1<<c.logN, 8, c.p, 32)) }})
	}
	for _, c := range []struct{ t, lanes uint32 }{{1, 1}, {3, 1}, {1, 2}} {
		cases = append(cases, pair{fmt.Sprintf("Argon2id t=%d 64 MiB %d lanes", c.t, c.lanes),
			func() { argon2.IDKey(pw, salt, c.t, 64<<10, uint8(c.lanes), 32) },
			func() { xargon2.IDKey(pw, salt, c.t, 64<<10, uint8(c.lanes), 32) }})
	}
	timed := func(f func()) time.Duration {
		runtime.GC()
		t0 := time.Now()
		f()
		return time.Since(t0)
	}
	for _, c := range cases {
		c.ours()
		c.peer()
		var o, p []time.Duration
		for range 9 {
			o = append(o, timed(c.ours))
			p = append(p, timed(c.peer))
		}
		slices.Sort(o)
		slices.Sort(p)
		t.Logf("%-32s hashkit %9v, x/crypto %9v: %.2fx", c.name, o[4], p[4], float64(p[4])/float64(o[4]))
	}
}

func must(_ []byte, err error) {
	if err != nil {
		panic(err)
	}
}
