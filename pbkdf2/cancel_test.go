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
	size, trials, delay := 64<<20, 6, 50*time.Millisecond
	if kdftest.CancelLarge(t) {
		size, trials, delay = 1<<30, 30, 0
	}
	salt := make([]byte, size)
	for _, name := range []string{"SHA2-256", "SHA2-512", "SHA-1"} {
		for _, c := range []struct {
			what         string
			salt         []byte
			iter, keyLen int
		}{
			{"2^30 iterations", []byte("salt"), 1 << 30, 32},
			{"MaxKeyLen key", []byte("salt"), 1, MaxKeyLen},
			{"large salt", salt, 1, 32},
		} {
			d := delay
			switch {
			case c.keyLen == MaxKeyLen:
				d = 0 // a short run: anywhere in it
			case d == 0 && c.iter > 1:
				d = 5 * time.Second
			}
			lat := kdftest.CancelLatency(t, trials, d, func(ctx context.Context) error {
				_, err := DeriveKey(ctx, hashes[name], "pw", c.salt, c.iter, c.keyLen, nil)
				return err
			})
			kdftest.ReportLatency(t, fmt.Sprintf("%s, %s (%d-byte salt, %d-byte key)", name, c.what, len(c.salt), c.keyLen), lat)
		}
	}
}
