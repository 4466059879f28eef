package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// linkAs makes a link to the binary named like a tool and returns its path.
func linkAs(t *testing.T, name string) string {
	t.Helper()
	link := filepath.Join(t.TempDir(), name)
	if err := os.Symlink(binary, link); err != nil {
		t.Fatal(err)
	}
	return link
}

// runLink runs the link in dir with stdin.
func runLink(t *testing.T, link, dir string, stdin []byte, args ...string) runResult {
	t.Helper()
	return runIn(t, exec.Command(link, args...), dir, stdin)
}

// TestPersonas runs the binary through links named like each tool and
// compares it byte for byte (stdout, status, and stderr where stderrToo)
// with the real tool on the same files and flags.
func TestPersonas(t *testing.T) {
	dir, names := oddFiles(t)
	files := append([]string{"--"}, names...)
	lists := t.TempDir()
	type run struct {
		args      []string
		stdin     []byte
		stderrToo bool
	}
	coreutils := func(extra ...run) []run {
		return append([]run{
			{args: files}, {args: append([]string{"--tag"}, files...)}, {args: append([]string{"-z"}, files...)},
			{args: append([]string{"-b"}, files...)}, {args: append([]string{"--tag", "-b"}, files...)},
			{args: []string{"plain.txt", "missing", "new\nline"}, stderrToo: true},
			{args: []string{"--bogus"}, stderrToo: true}, {args: []string{"-x"}, stderrToo: true},
			{args: []string{"-bc", "plain.txt"}, stderrToo: true}, {args: []string{"--quiet", "plain.txt"}, stderrToo: true},
			{args: nil, stdin: []byte("standard input")}, {args: []string{"-", "plain.txt"}, stdin: []byte("stdin")},
		}, extra...)
	}
	key := bytes.Repeat([]byte{7}, 32)
	for _, c := range []struct {
		name string
		runs []run
	}{
		{"sha256sum", coreutils()},
		{"sha1sum", coreutils()},
		{"md5sum", coreutils()},
		{"sha512sum", coreutils()},
		{"b2sum", coreutils(
			run{args: append([]string{"-l", "256"}, files...)}, run{args: append([]string{"-l", "8", "--tag"}, files...)},
			run{args: []string{"-l", "7", "plain.txt"}, stderrToo: true}, run{args: []string{"-l", "1024", "plain.txt"}, stderrToo: true},
			run{args: []string{"-l", "0", "plain.txt"}})},
		{"b3sum", []run{
			{args: files}, {args: append([]string{"--no-names"}, files...)}, {args: []string{"--raw", "big.bin"}},
			{args: append([]string{"-l", "64"}, files...)}, {args: append([]string{"--length", "3"}, files...)},
			{args: append([]string{"--keyed"}, files...), stdin: key}, {args: append([]string{"--derive-key", "ctx"}, files...)},
			{args: append([]string{"--num-threads", "1", "--no-mmap"}, files...)},
			{args: []string{"plain.txt", "missing"}, stderrToo: true}, {args: []string{"--raw", "plain.txt", "empty"}, stderrToo: true},
			{args: nil, stdin: []byte("standard input")},
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			link := linkAs(t, c.name)
			for _, r := range c.runs {
				want := tool(t, dir, r.stdin, c.name, r.args...)
				got := runLink(t, link, dir, r.stdin, r.args...)
				if got.code != want.code || got.stdout != want.stdout || (r.stderrToo && got.stderr != want.stderr) {
					t.Errorf("%s %q:\nhashkit: %d %q %q\n%s: %d %q %q", c.name, r.args, got.code, got.stdout, got.stderr, c.name, want.code, want.stdout, want.stderr)
				}
			}
			// Check mode: the tool's own list, with a mismatch and a missing
			// file added, read by both.
			sums := tool(t, dir, nil, c.name, files...).stdout
			zeros := strings.Repeat("0", len(strings.TrimPrefix(strings.Fields(sums)[0], "\\"))) // a digest's length
			bad := sums + zeros + "  plain.txt\n" + zeros + "  gone\n"
			good := writeList(t, lists, c.name+".good", sums)
			badList := writeList(t, lists, c.name+".bad", bad)
			checks := [][]string{{"-c", good}, {"-c", "--quiet", good}, {"-c", badList}, {"--check", "--quiet", badList}}
			if c.name != "b3sum" {
				checks = append(checks, []string{"-c", "--status", badList}, []string{"-c", "-w", "--strict", writeList(t, lists, c.name+".w", sums+"junk\n")})
			}
			for _, args := range checks {
				want := tool(t, dir, nil, c.name, args...)
				got := runLink(t, link, dir, nil, args...)
				if got.code != want.code || got.stdout != want.stdout || got.stderr != strings.ReplaceAll(want.stderr, "/usr/bin/", "") {
					t.Errorf("%s %q:\nhashkit: %d %q %q\n%s: %d %q %q", c.name, args, got.code, got.stdout, got.stderr, c.name, want.code, want.stdout, want.stderr)
				}
			}
			if c.name == "b3sum" {
				// A bad line fails the list (b3sum's words for why differ).
				args := []string{"-c", writeList(t, lists, "b3sum.junk", sums+zeros+" plain.txt\n")}
				want := tool(t, dir, nil, c.name, args...)
				got := runLink(t, link, dir, nil, args...)
				if got.code != want.code || got.stdout != want.stdout || got.stderr == "" {
					t.Errorf("b3sum %q:\nhashkit: %d %q %q\nb3sum: %d %q %q", args, got.code, got.stdout, got.stderr, want.code, want.stdout, want.stderr)
				}
			}
		})
	}
}

// TestSumLengthUnit: hashkit sum's -l counts bytes, and says so to a user
// who gives b2sum's bits.
func TestSumLengthUnit(t *testing.T) {
	dir := t.TempDir()
	if r := hk(t, dir, nil, "sum", "--help"); !strings.Contains(r.stdout, "in BYTES (b2sum's -l 256 is -l 32)") {
		t.Errorf("sum --help does not say -l counts bytes: %s", r.stdout)
	}
	if r := hk(t, dir, nil, "sum", "-a", "blake2b", "-l", "256"); r.code != 2 || !strings.Contains(r.stderr, "-l counts bytes: b2sum -l 256 is -l 32") {
		t.Errorf("-l 256: status %d %q", r.code, r.stderr)
	}
}

// TestPersonaHelp: each persona's --help lists every option of the real
// tool's --help (a format bug printed only its first line), on stdout with
// status 0, and hashkit's own help names every persona.
func TestPersonaHelp(t *testing.T) {
	dir := t.TempDir()
	option := regexp.MustCompile(`(?m)^\s+(-\w, )?--[a-z-]+`)
	for name := range personas {
		link := linkAs(t, name)
		got := runLink(t, link, dir, nil, "--help")
		if got.code != 0 || got.stderr != "" || !strings.HasPrefix(got.stdout, "Usage: "+name+" ") && !strings.Contains(got.stdout, "USAGE:\n    "+name+" ") {
			t.Errorf("%s --help: %d %q %q", name, got.code, got.stdout, got.stderr)
		}
		if strings.Contains(got.stdout, "%!") {
			t.Errorf("%s --help: a format error: %q", name, got.stdout)
		}
		want := tool(t, dir, nil, name, "--help")
		for _, o := range option.FindAllString(want.stdout, -1) {
			if o = strings.TrimSpace(o); !strings.Contains(got.stdout, o) {
				t.Errorf("%s --help does not list %s:\n%s", name, o, got.stdout)
			}
		}
		if r := runLink(t, link, dir, nil, "--version"); r.code != 0 || !strings.HasPrefix(r.stdout, name+" (hashkit) ") || strings.HasSuffix(r.stdout, " devel\n") {
			t.Errorf("%s --version: %d %q %q", name, r.code, r.stdout, r.stderr)
		}
	}
	help := hk(t, dir, nil, "--help").stdout
	for name := range personas {
		if !strings.Contains(help, name) {
			t.Errorf("hashkit --help does not name %s", name)
		}
	}
}

// TestPersonaOptionPrefixes: as getopt, the coreutils personas take a
// unique prefix of a long option (--stat, --ignore, --quie), refuse an
// ambiguous one with its possibilities and an argument to an option that
// takes none, as the real tools do; hashkit's sum and check take prefixes
// too.
func TestPersonaOptionPrefixes(t *testing.T) {
	dir := checkFixture(t)
	for _, name := range []string{"sha256sum", "b2sum"} {
		link := linkAs(t, name)
		for _, args := range [][]string{
			{"--ch", "--stat", "GOOD"}, {"--check", "--ignore", "--quie", "BAD"}, {"-c", "--s", "GOOD"}, {"--t", "f"},
			{"--ta", "f"}, {"--tag=x", "f"}, {"--help=3"}, {"--ver=1"}, {"--c", "--w", "--str", "BAD"}, {"--", "--ta"},
			{"--z", "f"}, {"--bin", "f"}, {"--checkx", "GOOD"}, {"--le", "128", "f"}, {"--le=128", "f"}, {"-l", "--ta", "f"},
		} {
			want := tool(t, dir, nil, name, args...)
			got := runLink(t, link, dir, nil, args...)
			if got.code != want.code || got.stdout != want.stdout || got.stderr != want.stderr {
				t.Errorf("%s %q:\nhashkit: %d %q %q\n%s: %d %q %q", name, args, got.code, got.stdout, got.stderr, name, want.code, want.stdout, want.stderr)
			}
		}
	}
	for _, args := range [][]string{{"check", "--stat", "GOOD"}, {"sum", "--ch", "--quie", "GOOD"}, {"sum", "--alg=sha256", "f"}} {
		if r := hk(t, dir, nil, args...); r.code != 0 {
			t.Errorf("%q: status %d, stderr %q", args, r.code, r.stderr)
		}
	}
	if r := hk(t, dir, nil, "check", "--s", "GOOD"); r.code != 2 || !strings.Contains(r.stderr, "ambiguous") {
		t.Errorf("check --s: status %d, stderr %q", r.code, r.stderr)
	}
}

// TestB3sumParity: as b3sum 1.2, the b3sum persona prints names that are
// not UTF-8 with U+FFFD, refuses such a name in a list, shows a CR of a
// name as it is, passes an empty list, prints an empty digest for -l 0,
// and words its usage errors as clap does (stdout and status equal, and
// stderr's first line).
func TestB3sumParity(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"p": "hello", "bad\xff\xfe\xe2\x82name": "x", "back\\end\r": "b", "end\r": "a", "cr\rname": "c"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Skip("a name that is not UTF-8:", err)
		}
	}
	lists := t.TempDir()
	all := []string{"p", "bad\xff\xfe\xe2\x82name", "back\\end\r", "end\r", "cr\rname"}
	sums := tool(t, dir, nil, "b3sum", all...).stdout
	list := writeList(t, lists, "B3SUMS", sums)
	empty := writeList(t, lists, "EMPTY", "")
	pLine := tool(t, dir, nil, "b3sum", "p").stdout
	notUTF8 := writeList(t, lists, "LATIN1", pLine+strings.Repeat("0", 64)+"  caf\xe9\n"+pLine)
	link := linkAs(t, "b3sum")
	for _, args := range [][]string{
		all, {"-c", list}, {"-c", empty}, {"-l", "0", "p"}, {"-l", "0", "--raw", "p"},
		{"-l", "x", "p", "p"}, {"-l", "99999999999999999999", "p"}, {"-l", "-1", "p"}, {"-l"}, {"--bogus"}, {"-x", "p"},
		{"--num-threads", "x", "p"}, {"--num-threads=-1", "p"}, {"--quiet", "p"}, {"--keyed", "--derive-key", "x", "p"},
		{"--check", "--raw", list}, {"-c", "-l", "3", list}, {"--no-names", "-c", list}, {"--keyed", "p"},
		{"--length=1", "-l", "2", "p"}, {"-c", "-c", list}, {"--derive-key"}, {"missing", "p"},
	} {
		want := tool(t, dir, nil, "b3sum", args...)
		got := runLink(t, link, dir, nil, args...)
		first := func(s string) string { return strings.SplitN(s, "\n", 2)[0] }
		if got.code != want.code || got.stdout != want.stdout || first(got.stderr) != first(want.stderr) {
			t.Errorf("b3sum %q:\nhashkit: %d %q %q\nb3sum:   %d %q %q", args, got.code, got.stdout, got.stderr, want.code, want.stdout, want.stderr)
		}
	}
	// A list that is not UTF-8: b3sum checks the lines before the first bad
	// one and stops ("Error: stream did not contain valid UTF-8"); hashkit
	// also names the list.
	want := tool(t, dir, nil, "b3sum", "-c", notUTF8)
	if got := runLink(t, link, dir, nil, "-c", notUTF8); got.code != want.code || got.stdout != want.stdout || !strings.Contains(got.stderr, "stream did not contain valid UTF-8") {
		t.Errorf("b3sum -c of a list that is not UTF-8:\nhashkit: %d %q %q\nb3sum:   %d %q %q", got.code, got.stdout, got.stderr, want.code, want.stdout, want.stderr)
	}
	// hashkit check reads b3sum's list, names ending in CR included.
	if r := hk(t, dir, nil, "check", list); r.code != 1 || strings.Count(r.stdout, ": OK\n") != 4 {
		t.Errorf("hashkit check of b3sum's list: %d %q %q", r.code, r.stdout, r.stderr)
	}
}
