package scrypt

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/kdftest"
)

// TestCancelLatency cancels large derivations at random points (the first
// PBKDF2 step with a large p, the mixes, the last PBKDF2 step with the
// longest key) and reports the latency from cancel to return. With
// HASHKIT_CANCEL_LARGE it uses 1 GiB and cancels anywhere in the run.
func TestCancelLatency(t *testing.T) {
	kdftest.CancelEach(t, func(large bool) []kdftest.Cancellation {
		size := 64 << 20
		if large {
			size = 1 << 30
		}
		derive := func(name string, p Params) kdftest.Cancellation {
			p.MaxMemory, p.MaxWork = -1, -1
			return kdftest.Cancellation{
				What:  fmt.Sprintf("%s (%d MiB, key %d B)", name, p.MinMemory()>>20, p.KeyLen),
				Whole: p.KeyLen == MaxKeyLen,
				Derive: func(ctx context.Context) error {
					_, err := DeriveKey(ctx, []byte("pw"), []byte("salt"), p)
					return err
				},
			}
		}
		return []kdftest.Cancellation{
			derive("large p", Params{N: 2, R: 1, P: size / 128, KeyLen: 32}),
			derive("large N", Params{N: size / 1024, R: 8, P: 1, KeyLen: 32}),
			derive("large N, p=2", Params{N: size / 2048, R: 8, P: 2, KeyLen: 32}),
			derive("long key", Params{N: 2, R: 1, P: 1, KeyLen: MaxKeyLen}),
		}
	})
}
