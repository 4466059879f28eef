//go:build linux && amd64 && !purego

package hashkit

import (
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/hashkit/hashkit/internal/cpu"
)

// TestPairedRoles measures, for every role in which this CPU can run more
// than one kernel (or one, if roleWork has work for the role), each of
// them and the portable code ("generic": for a final-block or few-lanes
// role, the other roles' kernels) on the role's work in roleWork, and
// fails where another beats the one the dispatch table chooses clearly and
// consistently. It is how a table entry is made for a new CPU: on a shared
// machine, benchmarks run one after another swing by more than the
// differences between kernels, so each round here selects every candidate
// once, in shuffled order, and times a short burst of calls by the CPU
// time of the measuring thread; the verdict rests on the per-round ratios
// to the chosen kernel, which load shifts much less. It takes a minute or
// more, so it runs only with HASHKIT_PAIRED=1 (HASHKIT_PAIRED_ROLES narrows
// it to roles containing any of a comma-separated list of words,
// HASHKIT_PAIRED_ROUNDS sets the rounds, 40 by default).
func TestPairedRoles(t *testing.T) {
	if os.Getenv("HASHKIT_PAIRED") != "1" {
		t.Skip("set HASHKIT_PAIRED=1 to measure every role's kernels against the dispatch table's choice (minutes)")
	}
	rounds := 40
	if s := os.Getenv("HASHKIT_PAIRED_ROUNDS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 6 {
			t.Fatalf("HASHKIT_PAIRED_ROUNDS=%q: want a number of at least 6", s)
		}
		rounds = n
	}
	var only []string
	if s := os.Getenv("HASHKIT_PAIRED_ROLES"); s != "" {
		only = strings.Split(s, ",")
	}
	v, f, m, entry, _ := cpu.Microarchitecture()
	t.Logf("%s family %#x model %#x, table entry %q", v, f, m, entry)

	type roleKey struct {
		pkg  string
		role cpu.Role
	}
	cands := map[roleKey][]string{}
	var keys []roleKey
	for _, k := range cpu.Kernels() {
		rk := roleKey{k.Pkg, k.Role}
		if !k.Available || k.Legacy {
			continue
		}
		if !slices.Contains(keys, rk) {
			keys = append(keys, rk)
		}
		cands[rk] = append(cands[rk], k.Name)
	}
	for _, rk := range keys {
		key := rk.pkg + "/" + string(rk.role)
		names := append(cands[rk], cpu.Generic)
		if only != nil && !slices.ContainsFunc(only, func(w string) bool { return strings.Contains(key, w) }) {
			continue
		}
		work, ok := roleWork[key]
		if !ok {
			if len(names) > 2 {
				t.Errorf("no work for %s in roleWork", key)
			}
			continue
		}
		t.Run(key, func(t *testing.T) {
			defer cpu.Restore(rk.pkg)
			chosen := cpu.Shipped(rk.pkg, rk.role)
			ratios := pairedRatios(rk.pkg, rk.role, names, chosen, work, rounds)
			var lines []string
			for _, n := range names {
				r := ratios[n]
				med := median(r)
				faster := 0
				for _, x := range r {
					if x < 1 {
						faster++
					}
				}
				lines = append(lines, n+" "+strconv.FormatFloat(med, 'f', 3, 64)+" ("+strconv.Itoa(faster)+"/"+strconv.Itoa(len(r))+" faster)")
				// Clearly: at least 5 % less time at the median; consistently:
				// faster in at least four rounds of five.
				if n != chosen && med < 0.95 && faster*5 >= 4*len(r) {
					t.Errorf("%s takes %.3f of the chosen %s's time at the median and was faster in %d of %d rounds: the table should prefer it on this CPU", n, med, chosen, faster, len(r))
				}
			}
			t.Logf("time relative to the chosen %s, median of %d rounds: %s", chosen, rounds, strings.Join(lines, ", "))
		})
	}
}

// pairedRatios returns, per candidate, its time over the chosen kernel's
// in each round.
func pairedRatios(pkg string, r cpu.Role, names []string, chosen string, work func(), rounds int) map[string][]float64 {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	// Calls per burst: about 2 ms of the chosen kernel.
	cpu.SelectRole(pkg, r, chosen)
	work()
	calls := 1
	for {
		t0 := threadTime()
		for range calls {
			work()
		}
		if threadTime()-t0 >= 2*time.Millisecond {
			break
		}
		calls *= 2
	}
	out := map[string][]float64{}
	order := slices.Clone(names)
	per := map[string]time.Duration{}
	for range rounds {
		rand.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, n := range order {
			cpu.SelectRole(pkg, r, n)
			work() // warm the kernel's code and data
			t0 := threadTime()
			for range calls {
				work()
			}
			per[n] = threadTime() - t0
		}
		for _, n := range names {
			out[n] = append(out[n], float64(per[n])/float64(per[chosen]))
		}
	}
	return out
}

func threadTime() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		panic(err)
	}
	return time.Duration(ts.Nano())
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}
