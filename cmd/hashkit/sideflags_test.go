//go:build unix

package main

import (
	"bytes"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// deliberateFlags are the differences from the tools in the runs of
// TestSideBySideFlags that hashkit keeps on purpose, by persona and the
// run's arguments; docs/cli.md's list of differences names them.
var deliberateFlags = map[[2]string]string{
	{"cksum", "-a sm3 FILES"}:                     sm3Missing,
	{"cksum", "--algorithm=sm3 --untagged FILES"}: sm3Missing,
	{"cksum", "-a sm3 -z FILES"}:                  sm3Missing,
	{"cksum", "--debug plain.txt"}:                "cksum --debug names the CRC code it runs on standard error ('using pclmul hardware support'); hashkit's --debug prints nothing",
}

// sm3Missing is why cksum -a sm3 differs: hashkit has no SM3.
const sm3Missing = "hashkit implements no SM3, so cksum -a sm3 is refused as an unknown algorithm"

// helpOption matches an option in a tool's --help: coreutils' "  -c, --check"
// and "      --tag", b3sum's "    -c, --check" and "        --keyed".
var helpOption = regexp.MustCompile(`(?m)^ {2,8}(?:(-[a-zA-Z]), )?(--[a-z][a-z-]*)`)

// toolOptions returns every option, short and long, that the tool's --help
// lists.
func toolOptions(t *testing.T, name string) []string {
	t.Helper()
	out, err := exec.Command(name, "--help").Output()
	if err != nil {
		t.Fatalf("%s --help: %v", name, err)
	}
	var opts []string
	for _, m := range helpOption.FindAllStringSubmatch(string(out), -1) {
		if m[1] != "" {
			opts = append(opts, m[1])
		}
		opts = append(opts, m[2])
	}
	if len(opts) < 8 {
		t.Fatalf("%s --help: found only the options %q", name, opts)
	}
	return opts
}

// A flagRun is one command line run by both programs: its arguments (with
// files and lists named by the keys of TestSideBySideFlags' names) and its
// standard input.
type flagRun struct {
	args  []string
	stdin []byte
}

func runOf(args ...string) flagRun { return flagRun{args: args} }

// coreutilsRuns are the runs of a coreutils persona: each option of its
// --help alone and in the combinations that mean something, summing the
// odd files and checking good, mixed, malformed, NUL-ended and missing
// lists. lengthFlag is "-l" for b2sum and cksum, else "".
func coreutilsRuns(lengthFlag string) []flagRun {
	var runs []flagRun
	for _, f := range [][]string{
		nil, {"-b"}, {"--binary"}, {"-t"}, {"--text"}, {"--tag"}, {"-z"}, {"--zero"},
		{"--tag", "-z"}, {"-b", "-z"}, {"--tag", "-b"}, {"--tag", "-t"}, {"-t", "--tag"},
		{"-b", "-t"}, {"-t", "-b"}, {"--tag", "-b", "-t"}, {"--binary", "--text", "--tag"},
	} {
		runs = append(runs, runOf(append(f, "FILES")...))
	}
	for _, f := range [][]string{
		nil, {"--quiet"}, {"--status"}, {"--strict"}, {"-w"}, {"--warn"}, {"--ignore-missing"},
		{"--quiet", "--strict"}, {"--status", "-w"}, {"--ignore-missing", "--quiet"}, {"--strict", "-w"},
		{"--status", "--strict"},
	} {
		for _, list := range []string{"GOOD", "MIXED", "JUNK", "GONE", "EMPTY"} {
			runs = append(runs, runOf(append(append([]string{"-c"}, f...), list)...))
		}
	}
	runs = append(runs,
		runOf("--check", "GOOD"), runOf("-c", "-z", "ZGOOD"), runOf("-c", "--zero", "ZMIXED"),
		runOf("-c", "TAGGED"), runOf("-c", "--quiet", "TAGGED"),
		runOf("-c", "--ignore-missing", "ONLYGONE"), runOf("-c", "--ignore-missing", "--strict", "ONLYGONE"),
		// Flags that only apply to checking, or only to summing.
		runOf("--quiet", "plain.txt"), runOf("--status", "plain.txt"), runOf("--strict", "plain.txt"),
		runOf("-w", "plain.txt"), runOf("--ignore-missing", "plain.txt"),
		runOf("-c", "--tag", "GOOD"), runOf("-c", "-b", "GOOD"), runOf("-c", "-t", "GOOD"),
		// Standard input, as a file and as a list.
		flagRun{args: []string{"-z"}, stdin: []byte("stdin")},
		flagRun{args: []string{"--tag", "-"}, stdin: []byte("stdin")},
	)
	if lengthFlag != "" {
		for _, f := range [][]string{
			{lengthFlag, "128", "FILES"}, {"--length=256", "--tag", "FILES"}, {lengthFlag, "8", "plain.txt"},
			{lengthFlag, "7", "plain.txt"}, {lengthFlag, "1024", "plain.txt"}, {lengthFlag, "0", "plain.txt"},
			{lengthFlag, "x", "plain.txt"}, {lengthFlag, "128", "-c", "GOOD"}, {lengthFlag, "128", "-z", "FILES"},
		} {
			runs = append(runs, runOf(f...))
		}
	}
	return runs
}

// cksumRuns are cksum's runs: each algorithm, tagged and untagged, with the
// options cksum shares with the other coreutils.
func cksumRuns() []flagRun {
	var runs []flagRun
	for _, a := range []string{"sysv", "bsd", "crc", "md5", "sha1", "sha224", "sha256", "sha384", "sha512", "blake2b", "sm3", "bogus"} {
		runs = append(runs, runOf("-a", a, "FILES"), runOf("--algorithm="+a, "--untagged", "FILES"), runOf("-a", a, "-z", "FILES"))
	}
	runs = append(runs, runOf("FILES"), runOf("--tag", "FILES"), runOf("--untagged", "FILES"),
		runOf("-a", "blake2b", "-l", "128", "FILES"), runOf("-a", "blake2b", "--length=7", "plain.txt"),
		runOf("-a", "sha256", "-l", "128", "plain.txt"), runOf("--debug", "plain.txt"), runOf("--debug", "-a", "sha256", "plain.txt"),
		runOf("-a", "crc", "-c", "GOOD"), runOf("-a", "sha256", "--untagged", "--tag", "FILES"))
	for _, f := range [][]string{
		nil, {"--quiet"}, {"--status"}, {"--strict"}, {"-w"}, {"--warn"}, {"--ignore-missing"}, {"--strict", "--quiet"},
	} {
		for _, list := range []string{"CKGOOD", "CKMIXED", "JUNK", "GONE"} {
			runs = append(runs, runOf(append(append([]string{"-c"}, f...), list)...))
		}
	}
	return append(runs, runOf("--check", "CKGOOD"), runOf("-c", "-a", "sha256", "CKGOOD"), runOf("-c", "-z", "CKGOOD"), runOf("--zero", "FILES"),
		runOf("--quiet", "plain.txt"), runOf("--status", "plain.txt"), runOf("--strict", "plain.txt"),
		runOf("-w", "plain.txt"), runOf("--ignore-missing", "plain.txt"))
}

// b3sumRuns are b3sum's runs: every flag of its --help, alone and with the
// ones it combines with.
func b3sumRuns() []flagRun {
	key := bytes.Repeat([]byte{7}, 32)
	keyed := func(stdin []byte, args ...string) flagRun { return flagRun{args: args, stdin: stdin} }
	runs := []flagRun{
		runOf("FILES"), runOf("--no-names", "FILES"), runOf("--no-mmap", "FILES"), runOf("--num-threads", "1", "FILES"),
		runOf("--num-threads", "0", "plain.txt"), runOf("--num-threads", "x", "plain.txt"),
		runOf("-l", "16", "FILES"), runOf("--length", "100", "--no-names", "FILES"), runOf("-l", "0", "plain.txt"),
		runOf("-l", "x", "plain.txt"), runOf("-l", "-1", "plain.txt"),
		runOf("--raw", "plain.txt"), runOf("--raw", "-l", "5", "big.bin"), runOf("--raw", "plain.txt", "empty"),
		runOf("--derive-key", "ctx", "FILES"), runOf("--derive-key", "", "plain.txt"), runOf("--derive-key", "ctx", "-l", "40", "--no-names", "plain.txt"),
		keyed(key, "--keyed", "FILES"), keyed(key, "--keyed", "--raw", "plain.txt"), keyed(key[:31], "--keyed", "plain.txt"),
		keyed(append(key, 0), "--keyed", "plain.txt"), keyed(key, "--keyed", "--derive-key", "ctx", "plain.txt"),
		keyed(key, "--keyed", "-"),
		runOf("-c", "B3GOOD"), runOf("--check", "B3MIXED"), runOf("-c", "--quiet", "B3MIXED"), runOf("-c", "--quiet", "B3GOOD"),
		runOf("-c", "--no-mmap", "B3GOOD"), runOf("-c", "--num-threads", "1", "B3GOOD"), runOf("-c", "JUNK"), runOf("-c", "EMPTY"),
		runOf("-c", "-l", "16", "B3GOOD"), runOf("-c", "--raw", "B3GOOD"), runOf("-c", "--no-names", "B3GOOD"),
		runOf("-c", "--derive-key", "ctx", "B3GOOD"), keyed(key, "-c", "--keyed", "B3GOOD"),
		runOf("--quiet", "plain.txt"),
	}
	return runs
}

// TestSideBySideFlags runs every option of each tool's --help (coreutils'
// sha*sum, md5sum, b2sum and cksum; b3sum), alone and in the combinations
// that mean something, through the persona and the tool over the same odd
// files (sideBySideFiles) and lists, and compares stdout, the exit status and stderr's first
// line. A run's option missing from the tables below, or an option of the
// tool's --help that no run uses, fails the test, so that a tool's new
// option cannot go untried.
func TestSideBySideFlags(t *testing.T) {
	dir, names := sideBySideFiles(t)
	lists := t.TempDir()
	first := func(s string) string { return strings.SplitN(s, "\n", 2)[0] }
	for _, name := range []string{"md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum", "cksum", "b3sum"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel() // the files are only read, and each tool writes its own lists
			if _, err := exec.LookPath(name); err != nil {
				t.Skipf("%s not installed", name)
			}
			var runs []flagRun
			switch name {
			case "b3sum":
				runs = b3sumRuns()
			case "cksum":
				runs = cksumRuns()
			case "b2sum":
				runs = coreutilsRuns("-l")
			default:
				runs = coreutilsRuns("")
			}
			runs = append(runs, runOf("--help"), runOf("--version"), runOf("--bogus"), runOf("-X", "plain.txt"))
			if name == "b3sum" {
				runs = append(runs, runOf("-h"), runOf("-V"))
			}
			link := linkAs(t, name)
			files := sideFiles(t, dir, lists, name, names)
			used := map[string]bool{}
			for _, r := range runs {
				var args []string
				for _, a := range r.args {
					switch {
					case a == "FILES":
						args = append(append(args, "--"), names...)
					case files[a] != "":
						args = append(args, files[a])
					default:
						args = append(args, a)
						used[strings.SplitN(a, "=", 2)[0]] = true
					}
				}
				what := strings.Join(r.args, " ")
				got, want := runLink(t, link, dir, r.stdin, args...), tool(t, dir, r.stdin, name, args...)
				if r.args[0] == "--help" || r.args[0] == "-h" || r.args[0] == "--version" || r.args[0] == "-V" {
					// The texts are hashkit's own; the status and streams match.
					if got.code != want.code || (got.stdout == "") != (want.stdout == "") || (got.stderr == "") != (want.stderr == "") {
						t.Errorf("%s: hashkit %d, %d bytes out, %q; %s %d, %d bytes, %q", what, got.code, len(got.stdout), got.stderr, name, want.code, len(want.stdout), want.stderr)
					}
					continue
				}
				if why, ok := deliberateFlags[[2]string{name, what}]; ok {
					if got.code == want.code && got.stdout == want.stdout && first(got.stderr) == first(want.stderr) {
						t.Errorf("%s: listed as a deliberate difference (%s), but hashkit now does as %s does", what, why, name)
					}
					continue
				}
				if got.code != want.code || got.stdout != want.stdout || first(got.stderr) != first(want.stderr) {
					t.Errorf("%s:\nhashkit: %d %q %q\n%s: %d %q %q", what, got.code, got.stdout, first(got.stderr), name, want.code, want.stdout, first(want.stderr))
				}
			}
			for _, o := range toolOptions(t, name) {
				if !used[o] {
					t.Errorf("%s's --help lists %s, which no run of this test uses", name, o)
				}
			}
		})
	}
}

// sideFiles writes the lists the runs name, made by the tool name itself,
// and returns their paths by key.
func sideFiles(t *testing.T, dir, lists, name string, names []string) map[string]string {
	t.Helper()
	files := append([]string{"--"}, names...)
	out := map[string]string{}
	sums := tool(t, dir, nil, name, files...).stdout
	h := strings.TrimPrefix(strings.Fields(sums)[0], "\\")
	zeros := strings.Repeat("0", len(h))
	put := func(key, text string) { out[key] = writeList(t, lists, name+"."+key, text) }
	switch name {
	case "cksum":
		// cksum checks only tagged lines; its default (CRC) lines are no list.
		tagged := tool(t, dir, nil, name, append([]string{"-a", "sha256"}, files...)...).stdout
		put("CKGOOD", tagged)
		put("CKMIXED", tagged+"SHA256 (plain.txt) = "+strings.Repeat("0", 64)+"\nSHA256 (gone) = "+strings.Repeat("0", 64)+"\njunk\n\n")
		put("GOOD", tagged)
	case "b3sum":
		put("B3GOOD", sums)
		put("B3MIXED", sums+zeros+"  plain.txt\n"+zeros+"  gone\njunk\n")
	default:
		put("GOOD", sums)
		put("MIXED", sums+zeros+"  plain.txt\n"+zeros+"  gone\njunk\n"+strings.Repeat("ab", 20)+"  plain.txt\n\n")
		put("TAGGED", tool(t, dir, nil, name, append([]string{"--tag"}, files...)...).stdout)
		put("ZGOOD", tool(t, dir, nil, name, append([]string{"-z"}, files...)...).stdout)
		put("ZMIXED", tool(t, dir, nil, name, append([]string{"-z"}, files...)...).stdout+zeros+"  gone\x00junk\x00")
	}
	put("JUNK", "junk\n"+h[:10]+"  plain.txt\n")
	put("GONE", sums+zeros+"  gone\n")
	put("ONLYGONE", zeros+"  gone\n")
	put("EMPTY", "")
	return out
}
