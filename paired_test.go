//go:build linux && amd64 && !purego

package hashkit

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/kernelbench"
)

// TestPairedRoles measures, for every role in which this CPU can run a
// kernel and kernelbench.Work has work for, each of them and the portable
// code ("generic": for a final-block or few-lanes role, the other roles'
// kernels) by kernelbench.Measure (shuffled rounds, thread CPU time), and
// fails where another beats the one the dispatch table chooses clearly and
// consistently (kernelbench's Beats). It is how a table entry is made for
// a new CPU; `hashkit kernels --measure` runs the same measurement and
// prints the entry. It takes a minute or more, so it runs only with
// HASHKIT_PAIRED=1 (HASHKIT_PAIRED_ROLES narrows it to roles containing
// any of a comma-separated list of words, HASHKIT_PAIRED_ROUNDS sets the
// rounds, 40 by default).
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

	for _, c := range cpu.Choices() {
		key := c.Key()
		if len(c.Available) == 0 || only != nil && !slices.ContainsFunc(only, func(w string) bool { return strings.Contains(key, w) }) {
			continue
		}
		if _, ok := kernelbench.Work[key]; !ok {
			if len(c.Available) > 1 {
				t.Errorf("no work for %s in kernelbench.Work", key)
			}
			continue
		}
		t.Run(key, func(t *testing.T) {
			res, _ := kernelbench.Measure(c, rounds)
			var lines []string
			for _, n := range res.Names {
				lines = append(lines, n+" "+strconv.FormatFloat(res.Ratio(n), 'f', 3, 64)+" ("+strconv.Itoa(res.Faster(n))+"/"+strconv.Itoa(rounds)+" faster)")
				if res.Beats(n) {
					t.Errorf("%s takes %.3f of the chosen %s's time at the median and was faster in %d of %d rounds: the table should prefer it on this CPU", n, res.Ratio(n), c.Kernel, res.Faster(n), rounds)
				}
			}
			t.Logf("time relative to the chosen %s, median of %d rounds: %s", c.Kernel, rounds, strings.Join(lines, ", "))
		})
	}
}
