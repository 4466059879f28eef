// Package kdftest holds the tests that the key derivation packages (argon2,
// pbkdf2, scrypt, hkdf) share: cancellation latency, cost limits and
// budgets, the memory a derivation takes, and whether a hash takes the
// SHA-1/SHA-2 fast path.
package kdftest

import (
	"cmp"
	"context"
	"errors"
	"hash"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashkit/hashkit/internal/kdfwork"
	isha1 "github.com/hashkit/hashkit/internal/sha1"
	"github.com/hashkit/hashkit/internal/sha2"
)

// Cancellation is a derivation whose cancellation latency CancelEach
// measures.
type Cancellation struct {
	What   string // the derivation and its parameters, for the report
	Derive func(ctx context.Context) error
	// Delay bounds the random point of cancellation: within Delay of a
	// run's start. Zero means CancelEach's default (100 ms; anywhere in the
	// run with HASHKIT_CANCEL_LARGE).
	Delay time.Duration
	// Whole, for a derivation that takes little time, cancels anywhere in
	// the run whatever the size.
	Whole bool
}

// CancelEach measures and reports the cancellation latency (cancelLatency,
// reportLatency) of each derivation that cases returns. It skips under
// -short, as the runs allocate hundreds of MiB. HASHKIT_CANCEL_LARGE asks
// for the sizes of the issue that set the 20 ms target (1 GiB): cases is
// called with large set, and each derivation runs 40 times instead of 8.
func CancelEach(t *testing.T, cases func(large bool) []Cancellation) {
	t.Helper()
	if testing.Short() {
		t.Skip("allocates hundreds of MiB")
	}
	large := os.Getenv("HASHKIT_CANCEL_LARGE") != ""
	trials, delay := 8, 100*time.Millisecond
	if large {
		trials, delay = 40, 0
	}
	for _, c := range cases(large) {
		d := cmp.Or(c.Delay, delay)
		if c.Whole {
			d = 0
		}
		reportLatency(t, c.What, cancelLatency(t, trials, d, c.Derive))
	}
}

// cancelLatency runs derive until it has trials runs that a context
// cancelled at a random point of their first maxDelay stopped, and returns
// the sorted latencies from cancel to return. A run that finishes first (a
// fast machine can do the work within maxDelay) is not a sample: the delays
// are halved and the run repeated. A maxDelay of 0 means anywhere in the
// run: one run is timed first, and the delays stay within the time of the
// shortest run (the first, which may fault its memory in, can be slower
// than the others). A run that returns an error other than
// context.Canceled fails the test. Each run starts once the memory of the
// ones before is wiped (kdfwork.AfterStop), so that it is not measured
// beside that work. Where Linux reports how long the process's threads
// waited for a CPU (schedstat), each latency over 20 ms, the target, is
// logged with that wait: on a loaded machine the scheduler's delays, not
// the derivation, make most of the tail.
func cancelLatency(t *testing.T, trials int, maxDelay time.Duration, derive func(ctx context.Context) error) []time.Duration {
	t.Helper()
	whole := maxDelay == 0
	if whole {
		start := time.Now()
		if err := derive(context.Background()); err != nil {
			t.Fatalf("uncancelled run: %v", err)
		}
		maxDelay = time.Since(start)
	}
	// On a loaded machine the timer that cancels can fire late enough that
	// a short run ends first; a whole-run case cannot be made larger, so it
	// gets more attempts.
	maxAttempts := 4 * trials
	if whole {
		maxAttempts = 16 * trials
	}
	var lat []time.Duration
	for attempts := 0; len(lat) < trials; attempts++ {
		kdfwork.WaitCleanups()
		if attempts >= maxAttempts || !whole && maxDelay < time.Millisecond {
			t.Fatalf("only %d of %d runs were still at work when cancelled: make the work larger", len(lat), trials)
		}
		ctx, cancel := context.WithCancel(context.Background())
		delay := time.Duration(rand.Int64N(int64(maxDelay)))
		var at time.Time
		var waited0 time.Duration
		fired := make(chan struct{})
		timer := time.AfterFunc(delay, func() {
			waited0, _ = cpuWait()
			at = time.Now()
			cancel()
			close(fired)
		})
		start := time.Now()
		err := derive(ctx)
		end := time.Now()
		pending := timer.Stop()
		cancel()
		if !pending {
			<-fired
		}
		if err == nil {
			// Done before the cancel, or as it came: no latency to measure,
			// unless the work went on long after it.
			if pending {
				if whole {
					maxDelay = min(maxDelay, end.Sub(start))
				} else {
					maxDelay /= 2
				}
			} else if late := end.Sub(at); late > time.Second {
				t.Fatalf("cancelled after %v, finished %v later without an error: the cancel was not seen", delay, late)
			}
			continue
		}
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled after %v: %v, want context.Canceled", delay, err)
		}
		lat = append(lat, end.Sub(at))
		if waited, ok := cpuWait(); ok && end.Sub(at) > 20*time.Millisecond {
			t.Logf("a cancel took %v; the process's threads waited %v for a CPU meanwhile", end.Sub(at), waited-waited0)
		}
	}
	slices.Sort(lat)
	return lat
}

// cpuWait returns the time the process's threads have waited for a CPU
// (the second field of Linux's /proc/self/task/*/schedstat), and false where
// the system does not say.
func cpuWait() (time.Duration, bool) {
	files, _ := filepath.Glob("/proc/self/task/*/schedstat")
	var sum int64
	for _, f := range files {
		b, err := os.ReadFile(f)
		if fields := strings.Fields(string(b)); err == nil && len(fields) >= 2 {
			n, _ := strconv.ParseInt(fields[1], 10, 64)
			sum += n
		}
	}
	return time.Duration(sum), len(files) > 0
}

// Quantile returns the q-quantile (0 to 1) of sorted durations.
func Quantile(sorted []time.Duration, q float64) time.Duration {
	return sorted[min(len(sorted)-1, int(q*float64(len(sorted))))]
}

// reportLatency logs the distribution of sorted latencies and fails the
// test if the largest is over a second: a loose bound, since a loaded
// machine's scheduler alone can take longer than the work.
func reportLatency(t *testing.T, what string, lat []time.Duration) {
	t.Helper()
	t.Logf("%s: %d runs, latency p50 %v, p90 %v, p99 %v, max %v", what, len(lat),
		Quantile(lat, 0.5), Quantile(lat, 0.9), Quantile(lat, 0.99), lat[len(lat)-1])
	if m := lat[len(lat)-1]; m > time.Second {
		t.Errorf("%s: returned %v after cancel", what, m)
	}
}

// Refused calls f, which must refuse hostile parameters at once, and
// returns its error. It fails the test if f returns nil, or allocates a
// MiB or more, of heap (runtime.MemStats) or of kdfwork's mapped memory;
// run it on one goroutine at a time.
func Refused(t *testing.T, name string, f func() error) error {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	mapped := kdfwork.MappedBytes()
	err := f()
	runtime.ReadMemStats(&after)
	if err == nil {
		t.Errorf("%s: accepted", name)
	}
	if n := after.TotalAlloc - before.TotalAlloc + kdfwork.MappedBytes() - mapped; n >= 1<<20 {
		t.Errorf("%s: allocated %d bytes before refusing (%v)", name, n, err)
	}
	return err
}

// DecodeErrors checks a password-hash package's PHC string functions on
// malformed strings: decode (the package's Decode) accepts good and refuses
// each of bad, and verify (its Verify with any password) refuses each with
// an error that is not mismatch (its ErrMismatch: a malformed string is not
// a wrong password).
func DecodeErrors(t *testing.T, good string, bad []string, decode func(s string) error, verify func(s string) error, mismatch error) {
	t.Helper()
	if err := decode(good); err != nil {
		t.Fatal(err)
	}
	for _, s := range bad {
		if err := decode(s); err == nil {
			t.Errorf("Decode(%q) succeeded", s)
		}
		if err := verify(s); err == nil || errors.Is(err, mismatch) {
			t.Errorf("Verify(%q): %v", s, err)
		}
	}
}

// AtBudget runs f, a derivation of parameters exactly at a default budget,
// when HASHKIT_BUDGET_TIME is set (it takes seconds and up to GiB), and
// logs its time and the process's peak resident memory (Linux), the
// measure of the "within 2x of the budget" target.
func AtBudget(t *testing.T, name string, f func() error) {
	t.Helper()
	if os.Getenv("HASHKIT_BUDGET_TIME") == "" {
		t.Skip("set HASHKIT_BUDGET_TIME=1 to time a derivation at the default budget")
	}
	start := time.Now()
	err := f()
	d := time.Since(start)
	hwm := "?"
	if b, err := os.ReadFile("/proc/self/status"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
				hwm = strings.TrimSpace(v)
			}
		}
	}
	t.Logf("%s: %v (%v), peak RSS %s", name, d, err, hwm)
}

// AtLimits checks a derivation's limits at their edge: derive, run with a
// cancelled context, must pass its checks with maxWork = work and
// maxMemory = memory (and stop with context.Canceled before any work), and
// refuse with errCost or errMemory a byte below either.
func AtLimits(t *testing.T, work, memory int64, errCost, errMemory error, derive func(ctx context.Context, maxWork, maxMemory int64) error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := derive(ctx, work, memory); !errors.Is(err, context.Canceled) {
		t.Errorf("at the limits: %v", err)
	}
	if err := derive(ctx, work-1, memory); !errors.Is(err, errCost) {
		t.Errorf("one byte of work over: %v", err)
	}
	if err := derive(ctx, work, memory-1); !errors.Is(err, errMemory) {
		t.Errorf("one byte of memory over: %v", err)
	}
}

// WithinBudget is the body of a FuzzVerify target: it times verify(s),
// which reports whether the string's derivation ran (a match or a
// mismatch, not a refusal) and the work and memory its parameters need,
// and fails if a run was over maxWork or maxMemory or took more than twice
// ref, the time of a run at the budget, plus a second for a loaded
// machine's scheduler.
func WithinBudget(t *testing.T, s string, ref time.Duration, maxWork, maxMemory int64, verify func(s string) (ran bool, work, memory int64)) {
	t.Helper()
	start := time.Now()
	ran, work, memory := verify(s)
	d := time.Since(start)
	if !ran {
		return
	}
	if work > maxWork || memory > maxMemory {
		t.Fatalf("Verify(%q) ran %d bytes of work in %d bytes, over the limits %d and %d", s, work, memory, maxWork, maxMemory)
	}
	if d > 2*ref+time.Second {
		t.Fatalf("Verify(%q) took %v; at the budget: %v", s, d, ref)
	}
}

// BytesAllocated returns the bytes f allocates, on the heap or mapped by
// kdfwork.Alloc: a key derivation's working memory, whichever it takes. The
// counters are the process's, so it takes the least of three runs: another
// goroutine's allocation (the runtime's or the test framework's, seen under
// qemu in CI) can only add to one run.
func BytesAllocated(f func()) uint64 {
	least := uint64(math.MaxUint64)
	for range 3 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		mapped := kdfwork.MappedBytes()
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc+kdfwork.MappedBytes()-mapped)
	}
	return least
}

// SameWithPrefault checks that derive, run with threads+1 threads (a thread
// more than the work needs, which then prefaults the fresh working memory
// beside it), gives the key it gives with threads, three times over.
func SameWithPrefault(t *testing.T, what string, threads int, derive func(threads int) ([]byte, error)) {
	t.Helper()
	want, err := derive(threads)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		got, err := derive(threads + 1)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%s: %x with the prefault, %x without", what, got, want)
		}
	}
}

// FastPath reports whether h makes digests of hashkit's SHA-1 or SHA-2
// cores, which the HMAC-based derivations (HKDF, PBKDF2) drive directly;
// any other hash, such as the standard library's that hashkit's
// constructors return on some GOARCH, takes their generic path.
func FastPath(h func() hash.Hash) bool {
	_, ok256 := sha2.Fresh256(h())
	_, ok512 := sha2.Fresh512(h())
	return ok256 || ok512 || isha1.Fresh(h())
}

// Progress runs derive with a progress callback and checks what it is
// told: 10 to 101 calls, increasing values in (0, 1], the last 1.
func Progress(t *testing.T, derive func(progress func(float64)) error) {
	t.Helper()
	var mu sync.Mutex
	var got []float64
	err := derive(func(f float64) {
		mu.Lock()
		got = append(got, f)
		mu.Unlock()
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) < 10 || len(got) > 101 {
		t.Fatalf("Progress called %d times, want 10..101", len(got))
	}
	for i := 1; i < len(got); i++ {
		if got[i] <= got[i-1] || got[i] > 1 {
			t.Fatalf("Progress values not increasing in (0,1]: %v", got)
		}
	}
	if got[len(got)-1] != 1 {
		t.Errorf("last Progress value %v, want 1", got[len(got)-1])
	}
}

// CancelFromProgress cancels derive from its first progress report and
// checks that it returns context.Canceled having done at most maxExtra
// units of work (of total in a whole run) after the cancel: *stopped is
// the package's test hook, told the units done when the derivation stops.
// The time from cancel to return is checked loosely (a second): on a
// loaded machine the scheduler alone can take longer than the work.
func CancelFromProgress(t *testing.T, stopped *func(int64), total, maxExtra int64, unit string, derive func(ctx context.Context, progress func(float64)) error) {
	t.Helper()
	var atCancel, atStop int64
	*stopped = func(d int64) { atStop = d }
	defer func() { *stopped = nil }()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var start time.Time
	err := derive(ctx, func(f float64) {
		if start.IsZero() {
			atCancel = int64(f * float64(total))
			start = time.Now()
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("returned %v after cancel", d)
	}
	if extra := atStop - atCancel; extra > maxExtra {
		t.Errorf("%d %s after cancel; want at most %d", extra, unit, maxExtra)
	}
}

// OverDefaultBudget checks a derivation whose work is over the default
// budget; derive runs it with Params.MaxWork set to maxWork, where, as in
// argon2 and scrypt, 0 is the default budget and -1 none. derive(ctx, 0) is
// refused with errCost, naming the budget ("MaxWork = N"); derive(ctx, -1),
// with a cancelled ctx, gets through the check to the cancellation before
// any work, unless the key is over MaxKeyLen (1 MiB), which it then refuses
// naming MaxKeyLen.
func OverDefaultBudget(t *testing.T, what string, overMaxKeyLen bool, errCost error, budget string, derive func(ctx context.Context, maxWork int64) error) {
	t.Helper()
	err := derive(context.Background(), 0)
	if !errors.Is(err, errCost) || !strings.Contains(err.Error(), budget) {
		t.Errorf("%s: %v, want %v naming %s", what, err, errCost, budget)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err = derive(ctx, -1)
	if overMaxKeyLen {
		if err == nil || !strings.Contains(err.Error(), "MaxKeyLen = 1048576") {
			t.Errorf("%s, no budget: %v, want an error naming MaxKeyLen", what, err)
		}
	} else if !errors.Is(err, context.Canceled) {
		t.Errorf("%s, no budget: %v", what, err)
	}
}

// FuzzDecode fuzzes a password-hash package's PHC Decode from seeds: what
// decode accepts, check (DeriveKey's checks of the parameters and salt) must
// accept too, and encode must format back to a string that decodes to the
// same salt and hash and to parameters that same finds equal.
func FuzzDecode[P any](f *testing.F, decode func(s string) (P, []byte, []byte, error), encode func(p P, salt, hash []byte) string,
	check func(p P, salt []byte) error, same func(p, p2 P) bool, seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, salt, key, err := decode(s)
		if err != nil {
			return
		}
		if err := check(p, salt); err != nil {
			t.Fatalf("Decode(%q) accepted parameters DeriveKey rejects: %v", s, err)
		}
		p2, salt2, key2, err := decode(encode(p, salt, key))
		if err != nil || !same(p, p2) || string(salt2) != string(salt) || string(key2) != string(key) {
			t.Fatalf("round trip of %q: %+v %v", s, p2, err)
		}
	})
}

// Hostile is a string that Verify must refuse at once, by its parameters,
// and what the refusal must say: an error that errors.Is Want (unless nil)
// and that contains Substr. It is an alias of a struct literal type, so that
// a table of them may leave out the field names.
type Hostile = struct {
	Params string
	Want   error
	Substr string
}

// RefusedStrings checks that verify refuses at once (Refused) each of
// hostile, as head+Params+tail, with the error it names, and each of
// malformed; never with mismatch (the package's ErrMismatch), as a hostile
// string is not a wrong password.
func RefusedStrings(t *testing.T, head, tail string, hostile []Hostile, malformed []string, verify func(s string) error, mismatch error) {
	t.Helper()
	for _, c := range hostile {
		s := head + c.Params + tail
		err := Refused(t, s, func() error { return verify(s) })
		if err == nil || c.Want != nil && !errors.Is(err, c.Want) || !strings.Contains(err.Error(), c.Substr) || errors.Is(err, mismatch) {
			t.Errorf("Verify(%s): %v, want %v containing %q", s, err, c.Want, c.Substr)
		}
	}
	for _, s := range malformed {
		Refused(t, s, func() error { return verify(s) })
	}
}

// FuzzVerify fuzzes a password-hash package's Verify from seeds with a
// small budget, maxWork and maxMemory (WithinBudget): atBudget, a
// derivation at the budget, is timed first as the reference.
func FuzzVerify(f *testing.F, maxWork, maxMemory int64, atBudget func(), verify func(s string) (ran bool, work, memory int64), seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	start := time.Now()
	atBudget()
	ref := time.Since(start)
	f.Fuzz(func(t *testing.T, s string) {
		WithinBudget(t, s, ref, maxWork, maxMemory, verify)
	})
}
