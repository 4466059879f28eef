package pbkdf2

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hashkit/hashkit/internal/hashtest/kdftest"
)

// TestCancelLatency cancels large derivations at random points (many
// iterations, a long key with one iteration, a large salt) on the fast
// paths and the generic one, and reports the latency from cancel to return.
func TestCancelLatency(t *testing.T) {
	size, trials := 64<<20, 6
	if kdftest.CancelLarge(t) {
		size, trials = 1<<30, 30
	}
	salt := make([]byte, size)
	for _, name := range []string{"SHA2-256", "SHA2-512", "SHA-1"} {
		for _, c := range []struct {
			what         string
			salt         []byte
			iter, keyLen int
		}{
			{"2^30 iterations", []byte("salt"), 1 << 30, 32},
			{"long key", []byte("salt"), 1, size},
			{"large salt", salt, 1, 32},
		} {
			lat := kdftest.CancelLatency(t, trials, 50*time.Millisecond, func(ctx context.Context) error {
				_, err := DeriveKey(ctx, hashes[name], "pw", c.salt, c.iter, c.keyLen, nil)
				return err
			})
			kdftest.ReportLatency(t, fmt.Sprintf("%s, %s (%d MiB)", name, c.what, size>>20), lat)
		}
	}
}
