package argon2

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hashkit/hashkit/internal/hashtest/kdftest"
)

// TestCancelLatency cancels large derivations at random points (the lane
// setup of many lanes, the passes, the XOR of the lanes, the longest key)
// and reports the latency from cancel to return. With HASHKIT_CANCEL_LARGE
// it uses 1 GiB and cancels anywhere in the run.
func TestCancelLatency(t *testing.T) {
	mem, passes, trials, delay := uint32(64<<10), uint32(16), 8, 100*time.Millisecond
	if kdftest.CancelLarge(t) {
		mem, passes, trials, delay = 1<<20, 1, 40, 0
	}
	buf, err := NewBuffer(mem)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		p     Params
		delay time.Duration
	}{
		{"p=1", Params{Time: passes, Memory: mem, Lanes: 1, KeyLen: 32}, delay},
		{"p=1, Buffer", Params{Time: passes, Memory: mem, Lanes: 1, KeyLen: 32, Buffer: buf}, delay},
		{"p=m/8", Params{Time: passes, Memory: mem, Lanes: mem / 8, KeyLen: 32}, delay},
		{"keylen=MaxKeyLen", Params{Time: 1, Memory: 8, Lanes: 1, KeyLen: MaxKeyLen}, 0},
	} {
		c.p.Variant, c.p.MaxMemory, c.p.MaxWork = Argon2id, -1, -1
		lat := kdftest.CancelLatency(t, trials, c.delay, func(ctx context.Context) error {
			_, err := DeriveKey(ctx, []byte("pw"), []byte("saltsalt"), c.p)
			return err
		})
		kdftest.ReportLatency(t, fmt.Sprintf("%s m=%d KiB t=%d", c.name, c.p.Memory, c.p.Time), lat)
	}
}
