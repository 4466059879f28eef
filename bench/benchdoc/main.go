// Command benchdoc writes the tables of docs/benchmarks.md that come from raw
// benchmark output committed under docs/bench/, so that each of their numbers
// can be traced to a file and rerunning the benchmarks regenerates them. A
// generated table sits between the lines
//
//	<!-- benchdoc: bench/FILE.txt -->
//	<!-- end benchdoc -->
//
// where FILE.txt (relative to the page) is go test -bench output of the
// benchmarks in this module, several runs of each, as benchstat reads it,
// with configuration lines for what go test does not record (machine:,
// commit:, date:, go:).
// benchdoc puts there one row per benchmark and peer: the median time of
// hashkit and of the peer, and the ratio peer/hashkit (higher is faster),
// or "≈ 1.00" where benchstat's test finds no significant difference.
//
// Usage, from this module (scripts/docs runs it):
//
//	go run ./benchdoc [-check] ../docs/benchmarks.md
//
// With -check it writes nothing and fails if the page differs from what it
// would write.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"
	"golang.org/x/perf/benchproc"
)

var marker = regexp.MustCompile(`(?m)^<!-- benchdoc: (\S+) -->\n(?s:.*?)^<!-- end benchdoc -->$`)

func main() {
	check := flag.Bool("check", false, "fail if the page is out of date instead of writing it")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: benchdoc [-check] PAGE.md")
		os.Exit(2)
	}
	page := flag.Arg(0)
	old, err := os.ReadFile(page)
	if err != nil {
		fail(err)
	}
	var firstErr error
	out := marker.ReplaceAllFunc(old, func(block []byte) []byte {
		file := string(marker.FindSubmatch(block)[1])
		table, err := tableOf(filepath.Join(filepath.Dir(page), file))
		if err != nil && firstErr == nil {
			firstErr = fmt.Errorf("%s: %v", file, err)
		}
		return fmt.Appendf(nil, "<!-- benchdoc: %s -->\n%s<!-- end benchdoc -->", file, table)
	})
	if firstErr != nil {
		fail(firstErr)
	}
	if *check {
		if !bytes.Equal(old, out) {
			fail(fmt.Errorf("%s is out of date: run scripts/docs", page))
		}
		return
	}
	if err := os.WriteFile(page, out, 0o666); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "benchdoc:", err)
	os.Exit(1)
}

// captionKeys are the configuration lines of a benchmark file ("key: value",
// as go test writes cpu:) that the table's caption repeats: a raw file names
// the machine, the commit and the date it was measured at in lines of its own.
var captionKeys = []string{"cpu", "machine", "commit", "date", "go"}

// tableOf reads the benchmark output in file and returns its Markdown table.
func tableOf(file string) (string, error) {
	f, err := os.Open(file)
	if err != nil {
		return "", err
	}
	defer f.Close()

	var parser benchproc.ProjectionParser
	rowBy, err := parser.Parse(".fullname", nil)
	if err != nil {
		return "", err
	}
	colBy, err := parser.Parse("/impl", nil)
	if err != nil {
		return "", err
	}
	implField := colBy.Fields()[0]

	type cell struct{ row, impl benchproc.Key }
	times := map[cell][]float64{}
	var rows []benchproc.Key
	seenRow := map[benchproc.Key]bool{}
	config := map[string]string{}
	r := benchfmt.NewReader(f, file)
	for r.Scan() {
		res, ok := r.Result().(*benchfmt.Result)
		if !ok {
			continue // syntax errors are reported by r.Err
		}
		if v, ok := res.Value("sec/op"); ok {
			row, impl := rowBy.Project(res), colBy.Project(res)
			if !seenRow[row] {
				seenRow[row] = true
				rows = append(rows, row)
			}
			times[cell{row, impl}] = append(times[cell{row, impl}], v)
		}
		for _, k := range captionKeys {
			if v := res.GetConfig(k); v != "" {
				config[k] = v
			}
		}
	}
	if err := r.Err(); err != nil {
		return "", err
	}
	if len(rows) == 0 {
		return "", fmt.Errorf("no benchmark results")
	}

	var b strings.Builder
	var caption []string
	for _, k := range captionKeys {
		if v := config[k]; v != "" {
			caption = append(caption, k+": "+v)
		}
	}
	if caption != nil {
		fmt.Fprintf(&b, "%s.\n\n", strings.Join(caption, "; "))
	}
	b.WriteString("| benchmark | peer | hashkit | peer's time | peer / hashkit | n |\n| --- | --- | --- | --- | --- | --- |\n")
	thresholds := benchmath.DefaultThresholds
	for _, row := range rows {
		var hashkit []float64
		var peers []benchproc.Key
		for c, v := range times {
			if c.row != row {
				continue
			}
			if c.impl.Get(implField) == "hashkit" {
				hashkit = v
			} else {
				peers = append(peers, c.impl)
			}
		}
		if hashkit == nil {
			continue
		}
		benchproc.SortKeys(peers)
		hs := benchmath.NewSample(hashkit, &thresholds)
		hSum := benchmath.AssumeNothing.Summary(hs, 0.95)
		for _, peer := range peers {
			ps := benchmath.NewSample(times[cell{row, peer}], &thresholds)
			pSum := benchmath.AssumeNothing.Summary(ps, 0.95)
			ratio := fmt.Sprintf("%.2f", pSum.Center/hSum.Center)
			if cmp := benchmath.AssumeNothing.Compare(hs, ps); cmp.P >= cmp.Alpha {
				ratio = "≈ 1.00"
			}
			n := len(hashkit)
			if m := len(times[cell{row, peer}]); m < n {
				n = m
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %d |\n", row.StringValues(), peer.Get(implField),
				duration(hSum.Center), duration(pSum.Center), ratio, n)
		}
	}
	return b.String(), nil
}

// duration formats seconds with three significant digits.
func duration(s float64) string {
	for _, u := range []struct {
		scale float64
		name  string
	}{{1, "s"}, {1e-3, "ms"}, {1e-6, "µs"}} {
		if s >= u.scale {
			return fmt.Sprintf("%.3g %s", s/u.scale, u.name)
		}
	}
	return fmt.Sprintf("%.3g ns", s/1e-9)
}
