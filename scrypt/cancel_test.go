package scrypt

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hashkit/hashkit/internal/hashtest/kdftest"
)

// TestCancelLatency cancels large derivations at random points (the first
// PBKDF2 step with a large p, the mixes, the last PBKDF2 step with the
// longest key) and reports the latency from cancel to return. With
// HASHKIT_CANCEL_LARGE it uses 1 GiB and cancels anywhere in the run.
func TestCancelLatency(t *testing.T) {
	size, trials, delay := 64<<20, 8, 100*time.Millisecond
	if kdftest.CancelLarge(t) {
		size, trials, delay = 1<<30, 40, 0
	}
	for _, c := range []struct {
		name  string
		p     Params
		delay time.Duration
	}{
		{"large p", Params{N: 2, R: 1, P: size / 128, KeyLen: 32}, delay},
		{"large N", Params{N: size / 1024, R: 8, P: 1, KeyLen: 32}, delay},
		{"large N, p=2", Params{N: size / 2048, R: 8, P: 2, KeyLen: 32}, delay},
		{"long key", Params{N: 2, R: 1, P: 1, KeyLen: MaxKeyLen}, 0},
	} {
		c.p.MaxMemory, c.p.MaxWork = -1, -1
		lat := kdftest.CancelLatency(t, trials, c.delay, func(ctx context.Context) error {
			_, err := DeriveKey(ctx, []byte("pw"), []byte("salt"), c.p)
			return err
		})
		kdftest.ReportLatency(t, fmt.Sprintf("%s (%d MiB, key %d B)", c.name, c.p.MinMemory()>>20, c.p.KeyLen), lat)
	}
}
