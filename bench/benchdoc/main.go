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
// or "≈ 1.00" where benchstat's test finds no significant difference. The
// caption names the machine, date and Go version; the commit stays in the
// file, which the page links to.
//
// A source ending in .md is a page of its own under docs/bench (a table
// transcribed from a run whose raw output was not kept, with its provenance,
// or the output of scripts/mca): benchdoc copies its first Markdown table,
// only the columns named after the file, separated by semicolons, when the
// marker names any:
//
//	<!-- benchdoc: bench/mca-arm64.md kernel; model; hashkit / stdlib -->
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
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"
	"golang.org/x/perf/benchproc"
)

var marker = regexp.MustCompile(`(?m)^<!-- benchdoc: (\S+)( [^\n]*?)? -->\n(?s:.*?)^<!-- end benchdoc -->$`)

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
		m := marker.FindSubmatch(block)
		file, columns := string(m[1]), string(m[2])
		path := filepath.Join(filepath.Dir(page), file)
		var table string
		var err error
		if strings.HasSuffix(file, ".md") {
			table, err = tableFromPage(path, columns)
		} else if columns != "" {
			err = fmt.Errorf("columns can be chosen from a .md source only")
		} else {
			table, err = tableOf(path)
		}
		if err != nil && firstErr == nil {
			firstErr = fmt.Errorf("%s: %v", file, err)
		}
		return fmt.Appendf(nil, "<!-- benchdoc: %s%s -->\n%s<!-- end benchdoc -->", file, columns, table)
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
// the machine and the date it was measured at in lines of its own (and the
// commit, which the caption leaves to the file).
var captionKeys = []string{"cpu", "machine", "date", "go"}

// results are the times of one benchmark file: each row's runs per
// implementation, the rows in the order of the file, and the configuration
// lines the caption repeats.
type results struct {
	implField *benchproc.Field
	times     map[cell][]float64
	rows      []benchproc.Key
	config    map[string]string
}

type cell struct{ row, impl benchproc.Key }

// tableOf reads the benchmark output in file and returns its Markdown table.
func tableOf(file string) (string, error) {
	res, err := readResults(file)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	var caption []string
	for _, k := range captionKeys {
		if v := res.config[k]; v != "" {
			caption = append(caption, k+": "+v)
		}
	}
	if caption != nil {
		fmt.Fprintf(&b, "%s.\n\n", strings.Join(caption, "; "))
	}
	b.WriteString("| benchmark | peer | hashkit | peer's time | peer / hashkit | n |\n| --- | --- | --- | --- | --- | --- |\n")
	for _, row := range res.rows {
		res.writeRow(&b, row)
	}
	return b.String(), nil
}

// readResults reads the sec/op results of file by benchmark and /impl.
func readResults(file string) (*results, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()

	var parser benchproc.ProjectionParser
	rowBy, err := parser.Parse(".fullname", nil)
	if err != nil {
		return nil, err
	}
	colBy, err := parser.Parse("/impl", nil)
	if err != nil {
		return nil, err
	}
	res := &results{implField: colBy.Fields()[0], times: map[cell][]float64{}, config: map[string]string{}}
	seenRow := map[benchproc.Key]bool{}
	r := benchfmt.NewReader(f, file)
	for r.Scan() {
		result, ok := r.Result().(*benchfmt.Result)
		if !ok {
			continue // syntax errors are reported by r.Err
		}
		if v, ok := result.Value("sec/op"); ok {
			row, impl := rowBy.Project(result), colBy.Project(result)
			if !seenRow[row] {
				seenRow[row] = true
				res.rows = append(res.rows, row)
			}
			res.times[cell{row, impl}] = append(res.times[cell{row, impl}], v)
		}
		for _, k := range captionKeys {
			if v := result.GetConfig(k); v != "" {
				res.config[k] = v
			}
		}
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	if len(res.rows) == 0 {
		return nil, fmt.Errorf("no benchmark results")
	}
	return res, nil
}

// writeRow writes one line per peer of row: the medians of hashkit and the
// peer, and their ratio, or "≈ 1.00" where benchstat's test finds no
// significant difference.
func (res *results) writeRow(b *strings.Builder, row benchproc.Key) {
	var hashkit []float64
	var peers []benchproc.Key
	for c, v := range res.times {
		if c.row != row {
			continue
		}
		if c.impl.Get(res.implField) == "hashkit" {
			hashkit = v
		} else {
			peers = append(peers, c.impl)
		}
	}
	if hashkit == nil {
		return
	}
	benchproc.SortKeys(peers)
	thresholds := benchmath.DefaultThresholds
	hs := benchmath.NewSample(hashkit, &thresholds)
	hSum := benchmath.AssumeNothing.Summary(hs, 0.95)
	for _, peer := range peers {
		ps := benchmath.NewSample(res.times[cell{row, peer}], &thresholds)
		pSum := benchmath.AssumeNothing.Summary(ps, 0.95)
		ratio := fmt.Sprintf("%.2f", pSum.Center/hSum.Center)
		if cmp := benchmath.AssumeNothing.Compare(hs, ps); cmp.P >= cmp.Alpha {
			ratio = "≈ 1.00"
		}
		n := min(len(hashkit), len(res.times[cell{row, peer}]))
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %d |\n", row.StringValues(), peer.Get(res.implField),
			duration(hSum.Center), duration(pSum.Center), ratio, n)
	}
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

// tableFromPage returns the first Markdown table of the page at path: every
// column, or those whose headers columns names ("a; b; c"), in that order.
func tableFromPage(path, columns string) (string, error) {
	text, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	var rows [][]string
	for _, line := range strings.Split(string(text), "\n") {
		if !strings.HasPrefix(line, "|") {
			if rows != nil {
				break
			}
			continue
		}
		rows = append(rows, splitRow(line))
	}
	if len(rows) < 2 {
		return "", fmt.Errorf("no Markdown table")
	}
	keep := make([]int, len(rows[0]))
	for i := range keep {
		keep[i] = i
	}
	if columns = strings.TrimSpace(columns); columns != "" {
		keep = keep[:0]
		for _, name := range strings.Split(columns, ";") {
			i := slices.Index(rows[0], strings.TrimSpace(name))
			if i < 0 {
				return "", fmt.Errorf("no column %q", strings.TrimSpace(name))
			}
			keep = append(keep, i)
		}
	}
	var b strings.Builder
	for _, row := range rows {
		if len(row) != len(rows[0]) {
			return "", fmt.Errorf("row of %d cells under a header of %d: %q", len(row), len(rows[0]), row)
		}
		b.WriteString("|")
		for _, i := range keep {
			b.WriteString(" " + row[i] + " |")
		}
		b.WriteString("\n")
	}
	return b.String(), nil
}

// splitRow returns the trimmed cells of a Markdown table row.
func splitRow(line string) []string {
	cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells
}
