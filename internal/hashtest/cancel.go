package hashtest

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"time"
)

// CancelLatency runs derive trials times, each with a context cancelled at
// a random point of its first maxDelay, and returns the sorted latencies
// from cancel to return. derive must not finish within maxDelay; a run
// that returns anything but context.Canceled fails the test.
func CancelLatency(t *testing.T, trials int, maxDelay time.Duration, derive func(ctx context.Context) error) []time.Duration {
	t.Helper()
	var lat []time.Duration
	for range trials {
		ctx, cancel := context.WithCancel(context.Background())
		delay := time.Duration(rand.Int64N(int64(maxDelay)))
		var at time.Time
		timer := time.AfterFunc(delay, func() {
			at = time.Now()
			cancel()
		})
		err := derive(ctx)
		end := time.Now()
		timer.Stop()
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled after %v: %v, want context.Canceled", delay, err)
		}
		lat = append(lat, end.Sub(at))
	}
	slices.Sort(lat)
	return lat
}

// Quantile returns the q-quantile (0 to 1) of sorted durations.
func Quantile(sorted []time.Duration, q float64) time.Duration {
	return sorted[min(len(sorted)-1, int(q*float64(len(sorted))))]
}

// CancelLarge skips a cancellation-latency test under -short (its runs
// allocate hundreds of MiB) and reports whether HASHKIT_CANCEL_LARGE asks
// for the sizes of the issue that set the 20 ms target (1 GiB).
func CancelLarge(t *testing.T) bool {
	t.Helper()
	if testing.Short() {
		t.Skip("allocates hundreds of MiB")
	}
	return os.Getenv("HASHKIT_CANCEL_LARGE") != ""
}

// ReportLatency logs the distribution of sorted latencies and fails the
// test if the largest is over a second: a loose bound, since a loaded
// machine's scheduler alone can take longer than the work.
func ReportLatency(t *testing.T, what string, lat []time.Duration) {
	t.Helper()
	t.Logf("%s: %d runs, latency p50 %v, p90 %v, p99 %v, max %v", what, len(lat),
		Quantile(lat, 0.5), Quantile(lat, 0.9), Quantile(lat, 0.99), lat[len(lat)-1])
	if m := lat[len(lat)-1]; m > time.Second {
		t.Errorf("%s: returned %v after cancel", what, m)
	}
}
