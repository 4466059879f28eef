package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
)

type checkFlags struct {
	alg           string
	quiet, status bool
	ignoreMissing bool
	strict, warn  bool
	zero          bool
	progress      string
}

func cmdCheck(args []string, e *env) error {
	fs := newFlags("check", e)
	var f checkFlags
	fs.StringVarP(&f.alg, "algorithm", "a", "", "algorithm of untagged lines (default: from the tag, or the hex length)")
	fs.BoolVar(&f.quiet, "quiet", false, "do not print OK for each verified file")
	fs.BoolVar(&f.status, "status", false, "print nothing; the exit status tells")
	fs.BoolVar(&f.ignoreMissing, "ignore-missing", false, "do not fail or report for missing files")
	fs.BoolVar(&f.strict, "strict", false, "exit with status 2 for improperly formatted lines")
	fs.BoolVarP(&f.warn, "warn", "w", false, "warn about improperly formatted lines")
	fs.BoolVarP(&f.zero, "zero", "z", false, "lines of the checksum files end with NUL")
	fs.StringVar(&f.progress, "progress", "auto", "progress bar: auto, always, never")
	// Accepted for compatibility with `sum -c` command lines; no effect.
	fs.BoolP("binary", "b", false, "ignored")
	fs.BoolP("text", "t", false, "ignored")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	var forced *algorithm
	if f.alg != "" {
		a, err := lookup(f.alg)
		if err != nil {
			return usageError{err}
		}
		forced = a
	}
	lists := fs.Args()
	if len(lists) == 0 {
		lists = []string{"-"}
	}
	st := &checkStats{}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	for _, list := range lists {
		if err := checkList(e, out, list, forced, &f, st); err != nil {
			out.Flush()
			fmt.Fprintf(e.stderr, "hashkit: %s: %s\n", list, describe(err))
			st.unreadable++
		}
	}
	out.Flush()
	if !f.status {
		st.warnings(e.stderr)
	}
	switch {
	case st.mismatched > 0 || st.unreadable > 0 || st.noLines:
		return exitStatus(exitFail)
	case f.strict && st.malformed > 0:
		return exitStatus(exitUsage)
	}
	return nil
}

type checkStats struct {
	malformed, mismatched, unreadable int
	noLines                           bool
}

func (s *checkStats) warnings(w io.Writer) {
	plural := func(n int, one, many string) string {
		if n == 1 {
			return one
		}
		return many
	}
	if s.malformed > 0 {
		fmt.Fprintf(w, "hashkit: WARNING: %d %s improperly formatted\n", s.malformed, plural(s.malformed, "line is", "lines are"))
	}
	if s.unreadable > 0 {
		fmt.Fprintf(w, "hashkit: WARNING: %d listed %s could not be read\n", s.unreadable, plural(s.unreadable, "file", "files"))
	}
	if s.mismatched > 0 {
		fmt.Fprintf(w, "hashkit: WARNING: %d computed %s did NOT match\n", s.mismatched, plural(s.mismatched, "checksum", "checksums"))
	}
}

// entry is one parsed checksum line.
type entry struct {
	alg     *algorithm
	length  int
	want    []byte
	name    string
	escaped bool
}

// parseLine reads a GNU line (`HEX  NAME`, `HEX *NAME`), a BSD line
// (`TAG (NAME) = HEX`) or b3sum's (the GNU form), each optionally starting
// with a backslash that marks an escaped name.
func parseLine(line string, forced *algorithm) (entry, error) {
	var en entry
	if strings.HasPrefix(line, "\\") {
		en.escaped = true
		line = line[1:]
	}
	var tag, sum string
	if i := strings.IndexByte(line, ' '); i > 0 && isHex(line[:i]) && i+2 <= len(line) && (line[i+1] == ' ' || line[i+1] == '*') {
		sum, en.name = line[:i], line[i+2:]
	} else {
		i := strings.Index(line, " (")
		j := strings.LastIndex(line, ") = ")
		if i <= 0 || j < i {
			return en, errors.New("malformed line")
		}
		tag, en.name, sum = line[:i], line[i+2:j], line[j+4:]
	}
	if en.name == "" || !isHex(sum) || len(sum)%2 != 0 {
		return en, errors.New("malformed line")
	}
	if en.escaped {
		name, ok := unescapeName(en.name)
		if !ok {
			return en, errors.New("bad escape")
		}
		en.name = name
	}
	want, _ := hex.DecodeString(sum)
	en.want, en.length = want, len(want)
	switch {
	case tag != "":
		a, n, err := lookupTag(tag)
		if err != nil {
			return en, err
		}
		if forced != nil && forced != a {
			return en, fmt.Errorf("tag %s is not %s", tag, forced.name)
		}
		if n != en.length {
			return en, fmt.Errorf("%s checksum of %d bytes", tag, en.length)
		}
		en.alg = a
	case forced != nil:
		en.alg = forced
	default:
		name, ok := byHexLength[len(sum)]
		if !ok {
			return en, fmt.Errorf("cannot tell the algorithm of a %d-digit checksum: use -a", len(sum))
		}
		en.alg, _ = lookup(name)
	}
	if err := en.alg.checkLength(en.length); err != nil {
		return en, err
	}
	return en, nil
}

func isHex(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

func checkList(e *env, out *bufio.Writer, list string, forced *algorithm, f *checkFlags, st *checkStats) error {
	var r io.Reader = e.stdin
	if list != "-" {
		file, err := os.Open(list)
		if err != nil {
			return err
		}
		defer file.Close()
		r = file
	}
	sep := byte('\n')
	if f.zero {
		sep = 0
	}
	var entries []entry
	br := bufio.NewReaderSize(r, 64<<10)
	for lineNo := 1; ; lineNo++ {
		line, err := br.ReadString(sep)
		if err != nil && err != io.EOF {
			return err
		}
		if line == "" && err == io.EOF {
			break
		}
		line = strings.TrimSuffix(line, string(sep))
		line = strings.TrimSuffix(line, "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			if err == io.EOF {
				break
			}
			continue
		}
		en, perr := parseLine(line, forced)
		if perr != nil {
			st.malformed++
			if f.warn {
				out.Flush()
				fmt.Fprintf(e.stderr, "hashkit: %s: %d: improperly formatted checksum line (%v)\n", list, lineNo, perr)
			}
		} else {
			entries = append(entries, en)
		}
		if err == io.EOF {
			break
		}
	}
	if len(entries) == 0 {
		fmt.Fprintf(e.stderr, "hashkit: %s: no properly formatted checksum lines found\n", list)
		st.noLines = true
		return nil
	}

	names := make([]string, len(entries))
	for i, en := range entries {
		names[i] = en.name
	}
	prog := newProgress(e, f.progress, names)
	defer prog.finish()
	results := make([]chan result, len(entries))
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i := range results {
		results[i] = make(chan result, 1)
	}
	go func() {
		for i, en := range entries {
			sem <- struct{}{}
			go func() {
				defer func() { <-sem }()
				sum, err := hashFile(e, en.name, prog, func() (digest, error) {
					return en.alg.new(options{length: en.length})
				})
				results[i] <- result{sum, err}
			}()
		}
	}()
	matched := 0
	for i, en := range entries {
		r := <-results[i]
		shown := en.name
		prefix := ""
		// coreutils' check output escapes a name only if it has a newline.
		if strings.ContainsAny(shown, "\n") {
			prefix, shown = "\\", escapeName(shown)
		}
		switch {
		case r.err != nil && f.ignoreMissing && errors.Is(r.err, os.ErrNotExist):
			continue
		case r.err != nil:
			st.unreadable++
			if !f.status {
				out.Flush()
				prog.clear()
				fmt.Fprintf(e.stderr, "hashkit: %s: %s\n", en.name, describe(r.err))
				fmt.Fprintf(out, "%s%s: FAILED open or read\n", prefix, shown)
			}
		case bytes.Equal(r.sum, en.want):
			matched++
			if !f.quiet && !f.status {
				fmt.Fprintf(out, "%s%s: OK\n", prefix, shown)
			}
		default:
			st.mismatched++
			if !f.status {
				fmt.Fprintf(out, "%s%s: FAILED\n", prefix, shown)
			}
		}
		if e.flushEachLine() {
			out.Flush()
		}
	}
	if f.ignoreMissing && matched == 0 && st.mismatched == 0 && st.unreadable == 0 {
		out.Flush()
		fmt.Fprintf(e.stderr, "hashkit: %s: no file was verified\n", list)
		st.noLines = true
	}
	return nil
}
