package kernelbench

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"time"

	"github.com/hashkit/hashkit/internal/cpu"
)

// Result holds the times of one role's candidates, round by round.
type Result struct {
	Names  []string // the candidates: the role's available kernels, then Generic
	Chosen string   // the kernel the dispatch table chose, which ratios refer to
	Rounds int
	ns     map[string][]float64 // per candidate, ns per call of the work in each round
}

// Measure times each kernel available in c's role, and the portable code
// (for a final-block or few-lanes role: the other roles' kernels), on the
// role's Work, for rounds rounds. On a shared machine benchmarks run one
// after another swing by more than the differences between kernels, so
// each round selects every candidate once, in shuffled order, and times a
// burst of calls (about 2 ms of the chosen kernel) by the CPU time of the
// measuring thread; compare candidates by their per-round ratios to the
// chosen kernel, which load shifts much less. It reports false where Work
// has nothing for the role. It restores the package's kernels as shipped;
// do not hash in other goroutines meanwhile.
func Measure(c cpu.Choice, rounds int) (*Result, bool) {
	work, ok := Work[c.Key()]
	if !ok {
		return nil, false
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	defer cpu.Restore(c.Pkg)
	res := &Result{Names: append(slices.Clone(c.Available), cpu.Generic), Chosen: c.Kernel, Rounds: rounds}
	cpu.SelectRole(c.Pkg, c.Role, c.Kernel)
	res.ns = Shuffled(res.Names, rounds, BurstCalls(work), func(n string) func() {
		cpu.SelectRole(c.Pkg, c.Role, n)
		return work
	})
	return res, true
}

// BurstCalls returns how many calls of work take about 2 ms of the
// measuring thread's time, the burst that Shuffled times.
func BurstCalls(work func()) int {
	work()
	calls := 1
	for {
		t0 := now()
		for range calls {
			work()
		}
		if now()-t0 >= 2*time.Millisecond {
			return calls
		}
		calls *= 2
	}
}

// Shuffled times names for rounds rounds, each once per round in a new
// random order, and returns per name the nanoseconds per call of each
// round: prepare(name) selects what runs (a kernel, say) and returns the
// call, which runs once to warm its code and data and is then timed calls
// times. Compare the names by their ratios within a round.
func Shuffled(names []string, rounds, calls int, prepare func(name string) func()) map[string][]float64 {
	ns := make(map[string][]float64, len(names))
	order := slices.Clone(names)
	for range rounds {
		rand.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, n := range order {
			f := prepare(n)
			f()
			t0 := now()
			for range calls {
				f()
			}
			ns[n] = append(ns[n], float64(now()-t0)/float64(calls))
		}
	}
	return ns
}

// Ratios returns name's time over the chosen kernel's in each round.
func (r *Result) Ratios(name string) []float64 {
	out := make([]float64, r.Rounds)
	for i := range out {
		out[i] = r.ns[name][i] / r.ns[r.Chosen][i]
	}
	return out
}

// Ratio returns the median of name's ratios to the chosen kernel.
func (r *Result) Ratio(name string) float64 { return median(r.Ratios(name)) }

// Faster returns in how many rounds name took less time than the chosen
// kernel.
func (r *Result) Faster(name string) int {
	n := 0
	for _, x := range r.Ratios(name) {
		if x < 1 {
			n++
		}
	}
	return n
}

// NS returns the median of name's nanoseconds per call of the work.
func (r *Result) NS(name string) float64 { return median(r.ns[name]) }

// Beats reports whether name is faster than the chosen kernel clearly (at
// least 5 % less time at the median) and consistently (in at least four
// rounds of five): the evidence on which a table entry should change.
func (r *Result) Beats(name string) bool {
	return name != r.Chosen && r.Ratio(name) < 0.95 && r.Faster(name)*5 >= 4*r.Rounds
}

// Fastest returns the candidate with the least median ratio.
func (r *Result) Fastest() string {
	best := r.Chosen
	for _, n := range r.Names {
		if r.Ratio(n) < r.Ratio(best) {
			best = n
		}
	}
	return best
}

// Order returns the candidates as a dispatch table entry would list them:
// by median ratio, fastest first, except that the chosen kernel stays
// first unless the fastest Beats it. The names after Generic, which no CPU
// reaches, are left out, and so is Generic where it comes last, which the
// table implies.
func (r *Result) Order() []string {
	order := slices.Clone(r.Names)
	slices.SortStableFunc(order, func(a, b string) int {
		ra, rb := r.Ratio(a), r.Ratio(b)
		switch {
		case ra < rb:
			return -1
		case ra > rb:
			return 1
		}
		return 0
	})
	if !r.Beats(order[0]) {
		i := slices.Index(order, r.Chosen)
		order = append([]string{r.Chosen}, slices.Delete(order, i, i+1)...)
	}
	if i := slices.Index(order, cpu.Generic); i == len(order)-1 && i > 0 {
		order = order[:i]
	} else {
		order = order[:i+1]
	}
	return order
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}
