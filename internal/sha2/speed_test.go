package sha2

import (
	stdsha256 "crypto/sha256"
	stdsha512 "crypto/sha512"
	"os"
	"testing"
	"time"

	"github.com/hashkit/hashkit/internal/cpu"
)

// TestSpeedVersusStdlib is a paired speed comparison for shared, busy
// machines, where benchstat's medians of separate runs vary by ±30%: it
// alternates hashkit and the standard library many times and compares the
// fastest run of each. It runs only with HASHKIT_SPEED=1:
//
//	HASHKIT_SPEED=1 go test -run SpeedVersusStdlib -v ./internal/sha2
//
// (GODEBUG=cpu.sha=off HASHKIT_DISABLE=sha256/shani compares the AVX2
// kernels instead.)
func TestSpeedVersusStdlib(t *testing.T) {
	if os.Getenv("HASHKIT_SPEED") == "" {
		t.Skip("set HASHKIT_SPEED=1 to compare speeds")
	}
	msg := make([]byte, 1<<20)
	small := make([]byte, 64)
	var s5 [64]byte
	var s2 [32]byte
	best := map[string]time.Duration{}
	run := func(name string, f func()) {
		for range 5 {
			t0 := time.Now()
			f()
			if d := time.Since(t0); best[name] == 0 || d < best[name] {
				best[name] = d
			}
		}
	}
	var ih, oh, u, tt [8]uint32
	ih, oh = IV256, IV256
	for range 30 {
		run("SHA-512 1 MiB hashkit", func() { s5 = Sum512(SHA512, msg) })
		run("SHA-512 1 MiB stdlib", func() { s5 = stdsha512.Sum512(msg) })
		run("SHA-256 1 MiB hashkit", func() { s2 = Sum256(msg) })
		run("SHA-256 1 MiB stdlib", func() { s2 = stdsha256.Sum256(msg) })
		run("SHA-256 64 B x1000 hashkit", func() {
			for range 1000 {
				s2 = Sum256(small)
			}
		})
		run("SHA-256 64 B x1000 stdlib", func() {
			for range 1000 {
				s2 = stdsha256.Sum256(small)
			}
		})
		run("PBKDF2 chain 16384 PBKDF2Iter256", func() { PBKDF2Iter256(&ih, &oh, &u, &tt, 16384) })
		run("PBKDF2 chain 16384 Block256 calls", func() { pbkdf2Iter256Generic(&ih, &oh, &u, &tt, 16384) })
	}
	_, _ = s5, s2
	t.Logf("kernels: sha256 %v, sha512 %v", cpu.Impls("sha256"), cpu.Impls("sha512"))
	for _, c := range []struct{ what, ours, peer string }{
		{"SHA-512 1 MiB", "SHA-512 1 MiB hashkit", "SHA-512 1 MiB stdlib"},
		{"SHA-256 1 MiB", "SHA-256 1 MiB hashkit", "SHA-256 1 MiB stdlib"},
		{"SHA-256 64 B one-shot", "SHA-256 64 B x1000 hashkit", "SHA-256 64 B x1000 stdlib"},
		{"PBKDF2Iter256 vs Block256 chain", "PBKDF2 chain 16384 PBKDF2Iter256", "PBKDF2 chain 16384 Block256 calls"},
	} {
		t.Logf("%-32s hashkit %-12v peer %-12v speed-up %.3fx", c.what, best[c.ours], best[c.peer], float64(best[c.peer])/float64(best[c.ours]))
	}
}
