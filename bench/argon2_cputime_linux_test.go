package bench

import (
	"context"
	"testing"

	"github.com/hashkit/hashkit/argon2"
	xargon2 "golang.org/x/crypto/argon2"
)

// TestArgon2CPUTimeRatios measures the Argon2id targets by process CPU time
// against x/crypto in the same run (x/crypto fills each lane on a goroutine
// of its own, which the measuring thread's CPU time would miss): both with
// a fresh allocation per call, as their APIs do by default, and hashkit
// also with a reused Buffer, which leaves out the page faults. Run it
// with HASHKIT_CPUTIME=1 go test -run Argon2CPUTime -v.
func TestArgon2CPUTimeRatios(t *testing.T) {
	measuring(t)
	const mem = 64 << 10
	pw, salt := []byte("password"), []byte("somesalt")
	buf, err := argon2.NewBuffer(mem)
	if err != nil {
		t.Fatal(err)
	}
	for _, tm := range []uint32{1, 3} {
		peer := func() { xargon2.IDKey(pw, salt, tm, mem, 1, 32) }
		mo, mp := mediansBy(processCPU, 2, 9, func() { argon2.IDKey(pw, salt, tm, mem, 1, 32) }, peer)
		t.Logf("Argon2id t=%d 64 MiB 1 lane vs x/crypto:         hashkit %9v, peer %9v: %.2fx", tm, mo, mp, float64(mp)/float64(mo))
		p := argon2.Params{Variant: argon2.Argon2id, Time: tm, Memory: mem, Lanes: 1, KeyLen: 32, Buffer: buf}
		mo, mp = mediansBy(processCPU, 2, 9, func() {
			if _, err := argon2.DeriveKey(context.Background(), pw, salt, p); err != nil {
				t.Fatal(err)
			}
		}, peer)
		t.Logf("Argon2id t=%d 64 MiB 1 lane, reused Buffer, vs x/crypto: hashkit %9v, peer %9v: %.2fx", tm, mo, mp, float64(mp)/float64(mo))
	}
}
