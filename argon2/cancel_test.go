package argon2

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/kdftest"
)

// TestCancelLatency cancels large derivations at random points (the lane
// setup of many lanes, the passes, the XOR of the lanes, the longest key)
// and reports the latency from cancel to return. With HASHKIT_CANCEL_LARGE
// it uses 1 GiB and cancels anywhere in the run.
func TestCancelLatency(t *testing.T) {
	kdftest.CancelEach(t, func(large bool) []kdftest.Cancellation {
		mem, passes := uint32(64<<10), uint32(16)
		if large {
			mem, passes = 1<<20, 1
		}
		buf, err := NewBuffer(mem)
		if err != nil {
			t.Fatal(err)
		}
		derive := func(name string, p Params) kdftest.Cancellation {
			p.Variant, p.MaxMemory, p.MaxWork = Argon2id, -1, -1
			return kdftest.Cancellation{
				What:  fmt.Sprintf("%s m=%d KiB t=%d", name, p.Memory, p.Time),
				Whole: p.KeyLen == MaxKeyLen,
				Derive: func(ctx context.Context) error {
					_, err := DeriveKey(ctx, []byte("pw"), []byte("saltsalt"), p)
					return err
				},
			}
		}
		return []kdftest.Cancellation{
			derive("p=1", Params{Time: passes, Memory: mem, Lanes: 1, KeyLen: 32}),
			derive("p=1, Buffer", Params{Time: passes, Memory: mem, Lanes: 1, KeyLen: 32, Buffer: buf}),
			derive("p=m/8", Params{Time: passes, Memory: mem, Lanes: mem / 8, KeyLen: 32}),
			derive("keylen=MaxKeyLen", Params{Time: 1, Memory: 8, Lanes: 1, KeyLen: MaxKeyLen}),
		}
	})
}
