package pbkdf2

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hashkit/hashkit/internal/hashtest/kdftest"
)

// TestCancelLatency cancels large derivations at random points (many
// iterations, the longest key with one iteration, a large salt) on the
// fast paths and the generic one, and reports the latency from cancel to
// return. With HASHKIT_CANCEL_LARGE it uses 1 GiB of salt and cancels
// anywhere in the run (the 2^30 iterations: in their first 5 s).
func TestCancelLatency(t *testing.T) {
	kdftest.CancelEach(t, func(large bool) []kdftest.Cancellation {
		size, iterDelay := 64<<20, time.Duration(0) // 0: CancelEach's default
		if large {
			size, iterDelay = 1<<30, 5*time.Second
		}
		salt := make([]byte, size)
		var cs []kdftest.Cancellation
		for _, name := range []string{"SHA2-256", "SHA2-512", "SHA-1"} {
			derive := func(what string, salt []byte, iter, keyLen int) kdftest.Cancellation {
				c := kdftest.Cancellation{
					What:  fmt.Sprintf("%s, %s (%d-byte salt, %d-byte key)", name, what, len(salt), keyLen),
					Whole: keyLen == MaxKeyLen,
					Derive: func(ctx context.Context) error {
						_, err := DeriveKey(ctx, hashes[name], "pw", salt, iter, keyLen, nil)
						return err
					},
				}
				if iter > 1 {
					c.Delay = iterDelay
				}
				return c
			}
			cs = append(cs,
				derive("2^30 iterations", []byte("salt"), 1<<30, 32),
				derive("MaxKeyLen key", []byte("salt"), 1, MaxKeyLen),
				derive("large salt", salt, 1, 32))
		}
		return cs
	})
}
