package argon2

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hashkit/hashkit/internal/hashtest/kdftest"
)

// TestCancelLatency cancels large derivations at random points (the lane
// setup of many lanes, the passes, a long output) and reports the latency
// from cancel to return.
func TestCancelLatency(t *testing.T) {
	mem, passes, trials := uint32(64<<10), uint32(16), 8
	if kdftest.CancelLarge(t) {
		mem, passes, trials = 1<<20, 1, 40
	}
	for _, c := range []struct {
		name  string
		p     Params
		delay time.Duration
	}{
		{"p=1", Params{Time: passes, Memory: mem, Lanes: 1, KeyLen: 32}, 100 * time.Millisecond},
		{"p=m/8", Params{Time: passes, Memory: mem, Lanes: mem / 8, KeyLen: 32}, 20 * time.Millisecond},
		{"keylen=m", Params{Time: 1, Memory: 8, Lanes: 1, KeyLen: mem << 10, MaxMemory: -1}, 100 * time.Millisecond},
	} {
		c.p.Variant = Argon2id
		lat := kdftest.CancelLatency(t, trials, c.delay, func(ctx context.Context) error {
			_, err := DeriveKey(ctx, []byte("pw"), []byte("saltsalt"), c.p)
			return err
		})
		kdftest.ReportLatency(t, fmt.Sprintf("%s m=%d KiB t=%d", c.name, mem, c.p.Time), lat)
	}
}
