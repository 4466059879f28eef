//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// deliberate are the differences from the tools that hashkit keeps on
// purpose, by persona ("" for all) and case; the README's list of
// differences names them.
var deliberate = map[[2]string]string{
	{"b3sum", "closed stdin"}:        "b3sum hashes a closed standard input as empty (Rust reopens /dev/null); hashkit reports it, as sha256sum does",
	{"b3sum", "closed stdin -c"}:     "b3sum passes a list read from a closed standard input (empty); hashkit reports it",
	{"b3sum", "/dev/full plain.txt"}: "b3sum 1.2 panics on a full disk (status 101); hashkit says 'write error: No space left on device' (status 1)",
	{"b3sum", "/dev/full -c"}:        "as for a sum",
	{"b3sum", "missing list"}:        "b3sum stops at a list it cannot open ('Error: ...'); hashkit names the list and checks the next ones",
}

// sideBySideFiles is oddFiles and a name that is not UTF-8 and one with a
// leading dash, the names sorted.
func sideBySideFiles(t *testing.T) (string, []string) {
	dir, names := oddFiles(t)
	for _, n := range []string{"not\xffutf8", "-lead"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(n), 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	slices.Sort(names)
	return dir, names
}

// TestSideBySide runs every persona and the tool it stands in for over the
// same inputs (odd names, an empty file, a FIFO, a missing file and a
// directory, standard input, a closed standard input, /dev/full, good,
// mixed, malformed and empty lists, check flags) and compares stdout, the
// exit status and stderr's first line. Tools that are not installed are
// skipped (coreutils always is; CI installs b3sum).
func TestSideBySide(t *testing.T) {
	dir, names := sideBySideFiles(t)
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer full.Close()
	lists := t.TempDir()
	first := func(s string) string { return strings.SplitN(s, "\n", 2)[0] }
	for _, name := range []string{"md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum", "b3sum"} {
		t.Run(name, func(t *testing.T) {
			if _, err := exec.LookPath(name); err != nil {
				t.Skipf("%s not installed", name)
			}
			b3 := name == "b3sum"
			link := linkAs(t, name)
			compare := func(what string, got, want runResult) {
				t.Helper()
				if why, ok := deliberate[[2]string{name, what}]; ok {
					t.Logf("%s: a deliberate difference: %s", what, why)
					return
				}
				if got.code != want.code || got.stdout != want.stdout || first(got.stderr) != first(want.stderr) {
					t.Errorf("%s:\nhashkit: %d %q %q\n%s: %d %q %q", what, got.code, got.stdout, got.stderr, name, want.code, want.stdout, want.stderr)
				}
			}
			run := func(what string, stdin []byte, args ...string) {
				t.Helper()
				compare(what+" "+strings.Join(args, " "), runLink(t, link, dir, stdin, args...), tool(t, dir, stdin, name, args...))
			}
			files := append([]string{"--"}, names...)
			run("sum", nil, files...)
			if !b3 {
				for _, f := range []string{"--tag", "-z", "-b"} {
					run("sum", nil, append([]string{f}, files...)...)
				}
			}
			run("sum", nil, "missing", ".", "plain.txt", "empty")
			run("stdin", []byte("data"))
			run("stdin", []byte("data"), "-", "plain.txt", "-")
			// A FIFO, fed afresh for each program.
			for _, prog := range []string{link, name} {
				stop := feedFIFO(fifo, 0, "through a pipe\n")
				r := runIn(t, exec.Command(prog, "fifo", "plain.txt"), dir, nil)
				stop()
				if prog == link {
					defer func(got runResult) {
						compare("FIFO", got, r)
					}(r)
				}
			}
			// A closed standard input, read as a file and as a list.
			bin := filepath.Dir(link)
			compare("closed stdin", closedStdin(t, dir, bin, name), closedStdin(t, dir, "", name))
			compare("closed stdin -c", closedStdin(t, dir, bin, name, "-c"), closedStdin(t, dir, "", name, "-c"))
			// Standard output on a full disk.
			for _, args := range [][]string{{"plain.txt"}, {"-c", writeList(t, lists, name+".one", tool(t, dir, nil, name, "plain.txt").stdout)}} {
				var res [2]runResult
				for i, prog := range []string{link, name} {
					cmd := exec.Command(prog, args...)
					cmd.Dir, cmd.Stdout = dir, full
					var stderr bytes.Buffer
					cmd.Stderr = &stderr
					err := cmd.Run()
					res[i].stderr = stderr.String()
					if ee, ok := err.(*exec.ExitError); ok {
						res[i].code = ee.ExitCode()
					}
				}
				compare("/dev/full "+args[0], res[0], res[1])
			}

			// Lists: the tool's own, then mixed, malformed and empty ones.
			sums := tool(t, dir, nil, name, files...).stdout
			h := strings.TrimPrefix(strings.Fields(sums)[0], "\\")
			zeros := strings.Repeat("0", len(h))
			other := strings.Repeat("ab", 20) // SHA-1's length, or RIPEMD-160's
			good := writeList(t, lists, name+".good", sums)
			mixed := writeList(t, lists, name+".mixed", sums+zeros+"  plain.txt\n"+zeros+"  gone\njunk\n"+other+"  plain.txt\n\n")
			junk := writeList(t, lists, name+".junk", "junk\n"+h[:10]+"  plain.txt\n")
			empty := writeList(t, lists, name+".empty", "")
			// CR LF line ends: coreutils drops the CR, b3sum keeps it in
			// the name; either prints a name's CR as it is.
			crlf := writeList(t, lists, name+".crlf", strings.ReplaceAll(sums, "\n", "\r\n"))
			run("check", nil, "-c", good)
			run("check", nil, "-c", mixed)
			run("check", nil, "-c", "--quiet", mixed)
			run("check", nil, "-c", junk)
			run("check", nil, "-c", empty)
			run("check", nil, "-c", crlf)
			run("check", []byte(sums), "-c")
			compare("missing list", runLink(t, link, dir, nil, "-c", "gone", good), tool(t, dir, nil, name, "-c", "gone", good))
			if !b3 {
				for _, flags := range [][]string{{"--status"}, {"-w"}, {"--strict"}, {"--ignore-missing"}, {"--strict", "--quiet"}} {
					run("check", nil, append(append([]string{"-c"}, flags...), mixed)...)
				}
				run("check", nil, "-c", "--ignore-missing", writeList(t, lists, name+".gone", zeros+"  gone\n"))
			}
			// Usage errors.
			run("usage", nil, "--bogus")
			run("usage", nil, "-x")
			if !b3 {
				run("usage", nil, "--quiet", "plain.txt")
				run("usage", nil, "-c", "--tag", good)
			}
		})
	}
}
