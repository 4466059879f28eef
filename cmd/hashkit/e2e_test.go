package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The end-to-end tests run the built binary, and compare it with the real
// coreutils and b3sum where those are installed (CI installs b3sum).

var binary string

// buildTags are the build tags of this test binary that change what the
// command runs (purego), so that the binary under test is built as the
// test's own view of the library is.
var buildTags []string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "hashkit-e2e")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "hashkit")
	args := []string{"build", "-o", binary}
	if buildTags != nil {
		args = append(args, "-tags", strings.Join(buildTags, ","))
	}
	if out, err := exec.Command("go", append(args, ".")...).CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building hashkit: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

type runResult struct {
	stdout, stderr string
	code           int
}

// hk runs the binary in dir with stdin.
func hk(t *testing.T, dir string, stdin []byte, args ...string) runResult {
	t.Helper()
	return runIn(t, exec.Command(binary, args...), dir, stdin)
}

// tool runs an external program in dir, skipping the test if it is absent.
func tool(t *testing.T, dir string, stdin []byte, name string, args ...string) runResult {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s not installed", name)
	}
	cmd := exec.Command(path, args...)
	cmd.Args[0] = name // messages start with the program's name
	return runIn(t, cmd, dir, stdin)
}

// runIn runs cmd in dir with stdin and collects its output and status.
func runIn(t *testing.T, cmd *exec.Cmd, dir string, stdin []byte) runResult {
	t.Helper()
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(stdin)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return runResult{o.String(), e.String(), code}
}

// oddFiles writes files whose names stress the output format.
func oddFiles(t *testing.T) (string, []string) {
	dir := t.TempDir()
	files := map[string][]byte{
		"plain.txt":          []byte("hello, world\n"),
		"empty":              nil,
		"with space":         []byte("space"),
		"back\\slash":        []byte("backslash"),
		"new\nline":          []byte("newline"),
		"-dash":              []byte("dash"),
		"ünïcödé":            []byte("unicode"),
		"star*":              []byte("star"),
		"paren (x) = y":      []byte("parens"),
		"big.bin":            bytes.Repeat([]byte("0123456789abcdef"), 70000),
		"carriage\rreturn":   []byte("cr"),
		"tab\tname":          []byte("tab"),
		"trailing space ":    []byte("ts"),
		"double  space":      []byte("ds"),
		"lead\\n-not-escape": []byte("literal backslash-n"),
	}
	var names []string
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	return dir, names
}

func TestSumMatchesCoreutils(t *testing.T) {
	dir, names := oddFiles(t)
	args := append([]string{"--"}, names...)
	for _, c := range []struct{ alg, tool string }{
		{"md5", "md5sum"}, {"sha1", "sha1sum"}, {"sha224", "sha224sum"}, {"sha256", "sha256sum"},
		{"sha384", "sha384sum"}, {"sha512", "sha512sum"}, {"blake2b", "b2sum"},
	} {
		t.Run(c.alg, func(t *testing.T) {
			want := tool(t, dir, nil, c.tool, args...)
			got := hk(t, dir, nil, append([]string{"sum", "-a", c.alg}, args...)...)
			if got.code != 0 || got.stdout != want.stdout {
				t.Fatalf("hashkit sum -a %s (status %d, %s):\n%s\n%s:\n%s", c.alg, got.code, got.stderr, got.stdout, c.tool, want.stdout)
			}
			for _, flags := range [][]string{{"--tag"}, {"-z"}, {"-b"}} {
				want := tool(t, dir, nil, c.tool, append(flags, args...)...)
				got := hk(t, dir, nil, append(append([]string{"sum", "-a", c.alg}, flags...), args...)...)
				if got.stdout != want.stdout {
					t.Fatalf("%v: hashkit:\n%q\n%s:\n%q", flags, got.stdout, c.tool, want.stdout)
				}
			}
			// And the real tool accepts what hashkit wrote.
			sums := filepath.Join(t.TempDir(), "SUMS")
			os.WriteFile(sums, []byte(got.stdout), 0o644)
			if r := tool(t, dir, nil, c.tool, "-c", "--strict", sums); r.code != 0 {
				t.Fatalf("%s -c rejects hashkit's output: %s%s", c.tool, r.stdout, r.stderr)
			}
			tagged := hk(t, dir, nil, append([]string{"sum", "--tag", "-a", c.alg}, args...)...)
			os.WriteFile(sums, []byte(tagged.stdout), 0o644)
			if r := tool(t, dir, nil, c.tool, "-c", "--strict", sums); r.code != 0 {
				t.Fatalf("%s -c rejects hashkit's --tag output: %s%s", c.tool, r.stdout, r.stderr)
			}
		})
	}
}

func TestSumBLAKE2bLength(t *testing.T) {
	dir, names := oddFiles(t)
	args := append([]string{"--"}, names...)
	for _, bits := range []int{8, 128, 256, 488} {
		want := tool(t, dir, nil, "b2sum", append([]string{"-l", fmt.Sprint(bits), "--tag"}, args...)...)
		got := hk(t, dir, nil, append([]string{"sum", "-a", "blake2b", "-l", fmt.Sprint(bits / 8), "--tag"}, args...)...)
		if got.stdout != want.stdout {
			t.Fatalf("-l %d bits: hashkit:\n%s\nb2sum:\n%s", bits, got.stdout, want.stdout)
		}
	}
}

func TestSumMatchesB3sum(t *testing.T) {
	dir, names := oddFiles(t)
	// b3sum 1.2 does not escape carriage returns, which coreutils (and so
	// hashkit) does: leave that name out of the comparison.
	names = slices.DeleteFunc(names, func(n string) bool { return strings.Contains(n, "\r") })
	args := append([]string{"--"}, names...)
	key := bytes.Repeat([]byte{0x42}, 32)
	for _, c := range []struct {
		hk, b3 []string
		stdin  []byte
	}{
		{[]string{}, []string{}, nil},
		{[]string{"-l", "64"}, []string{"--length", "64"}, nil},
		{[]string{"-l", "1"}, []string{"--length", "1"}, nil},
		{[]string{"--keyed"}, []string{"--keyed"}, key},
		{[]string{"--derive-key", "hashkit 2026 test context"}, []string{"--derive-key", "hashkit 2026 test context"}, nil},
	} {
		want := tool(t, dir, c.stdin, "b3sum", append(c.b3, args...)...)
		got := hk(t, dir, c.stdin, append(append([]string{"sum", "-a", "blake3"}, c.hk...), args...)...)
		if got.code != 0 || got.stdout != want.stdout {
			t.Fatalf("%v (status %d %s): hashkit:\n%s\nb3sum:\n%s", c.hk, got.code, got.stderr, got.stdout, want.stdout)
		}
	}
	// b3sum --check accepts hashkit's output, and hashkit accepts b3sum's.
	sums := filepath.Join(t.TempDir(), "B3SUMS")
	out := hk(t, dir, nil, append([]string{"sum", "-a", "blake3"}, args...)...)
	os.WriteFile(sums, []byte(out.stdout), 0o644)
	if r := tool(t, dir, nil, "b3sum", "--check", sums); r.code != 0 {
		t.Fatalf("b3sum --check rejects hashkit's output: %s%s", r.stdout, r.stderr)
	}
	b3 := tool(t, dir, nil, "b3sum", args...)
	os.WriteFile(sums, []byte(b3.stdout), 0o644)
	if r := hk(t, dir, nil, "check", "-a", "blake3", sums); r.code != 0 || strings.Count(r.stdout, ": OK\n") != len(names) {
		t.Fatalf("hashkit check rejects b3sum's output (status %d): %s%s", r.code, r.stdout, r.stderr)
	}
}

func TestSumStdin(t *testing.T) {
	dir := t.TempDir()
	in := []byte("from standard input")
	want := sha256.Sum256(in)
	for _, args := range [][]string{{"sum"}, {"sum", "-"}} {
		r := hk(t, dir, in, args...)
		if r.stdout != hex.EncodeToString(want[:])+"  -\n" || r.code != 0 {
			t.Fatalf("%v: %q (status %d)", args, r.stdout, r.code)
		}
	}
	if r := hk(t, dir, nil, "sum", "-a", "md5"); r.stdout != "d41d8cd98f00b204e9800998ecf8427e  -\n" {
		t.Fatalf("md5 of empty stdin: %q", r.stdout)
	}
}

func TestSumSparseLargeFile(t *testing.T) {
	if testing.Short() {
		t.Skip("hashes 1 GiB")
	}
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "sparse"))
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(1<<30 + 12345)
	f.WriteAt([]byte("the end"), 1<<30+12345-7)
	f.Close()
	for _, c := range []struct{ alg, tool string }{{"sha256", "sha256sum"}, {"blake3", "b3sum"}} {
		want := tool(t, dir, nil, c.tool, "sparse")
		got := hk(t, dir, nil, "sum", "-a", c.alg, "sparse")
		if got.stdout != want.stdout {
			t.Fatalf("%s: %q, %s says %q", c.alg, got.stdout, c.tool, want.stdout)
		}
	}
}

func TestSumErrors(t *testing.T) {
	dir, _ := oddFiles(t)
	r := hk(t, dir, nil, "sum", "plain.txt", "missing", "empty")
	if r.code != 1 || !strings.Contains(r.stderr, "hashkit: missing: No such file or directory") ||
		strings.Count(r.stdout, "\n") != 2 || !strings.HasSuffix(r.stdout, "  empty\n") {
		t.Fatalf("missing file: status %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	if r := hk(t, dir, nil, "sum", "."); r.code != 1 || !strings.Contains(r.stderr, "hashkit: .: Is a directory") {
		t.Fatalf("directory: status %d, stderr %q", r.code, r.stderr)
	}
	for _, c := range []struct {
		args  []string
		stdin []byte
		msg   string
	}{
		{[]string{"sum", "-a", "sha999", "plain.txt"}, nil, "unknown algorithm"},
		{[]string{"sum", "-a", "sha256", "-l", "16", "plain.txt"}, nil, "fixed length"},
		{[]string{"sum", "-a", "blake2b", "-l", "65", "plain.txt"}, nil, "length must be"},
		{[]string{"sum", "-a", "blake2b", "-l", "-1", "plain.txt"}, nil, "length must be"},
		{[]string{"sum", "-a", "blake3", "--keyed", "plain.txt"}, []byte("short key"), "exactly 32 bytes"},
		{[]string{"sum", "-a", "sha256", "--key-file", "plain.txt", "plain.txt"}, nil, "takes no key"},
		{[]string{"sum", "-a", "blake2b", "--key-file", "big.bin", "plain.txt"}, nil, "key"},
		{[]string{"sum", "-a", "blake3", "--keyed", "--derive-key", "x", "plain.txt"}, nil, "choose one"},
		{[]string{"sum", "--bogus"}, nil, "unknown flag"},
		{[]string{"frobnicate"}, nil, "unknown command"},
	} {
		r := hk(t, dir, c.stdin, c.args...)
		lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
		if r.code != 2 || !strings.Contains(r.stderr, c.msg) || r.stdout != "" {
			t.Errorf("%v: status %d, stderr %q, stdout %q; want status 2 and %q", c.args, r.code, r.stderr, r.stdout, c.msg)
		}
		if c.msg != "unknown flag" && len(lines) != 1 {
			t.Errorf("%v: want a one-line error, got %q", c.args, r.stderr)
		}
	}
}

func TestCheck(t *testing.T) {
	dir, names := oddFiles(t)
	args := append([]string{"--"}, names...)
	for _, c := range []struct{ tool, alg string }{{"sha256sum", ""}, {"md5sum", "md5"}, {"sha512sum", ""}, {"b2sum", "blake2b"}, {"sha1sum", "sha1"}} {
		for _, tag := range []bool{false, true} {
			targs := args
			if tag {
				targs = append([]string{"--tag"}, args...)
			}
			sums := tool(t, dir, nil, c.tool, targs...)
			list := filepath.Join(t.TempDir(), "SUMS")
			os.WriteFile(list, []byte(sums.stdout), 0o644)
			cargs := []string{"check", list}
			if c.alg != "" && !tag {
				cargs = []string{"check", "-a", c.alg, list}
			}
			got := hk(t, dir, nil, cargs...)
			want := tool(t, dir, nil, c.tool, "-c", list)
			if got.code != 0 || got.stdout != want.stdout {
				t.Fatalf("%s tag=%v: hashkit (status %d, %s):\n%s\n%s -c:\n%s", c.tool, tag, got.code, got.stderr, got.stdout, c.tool, want.stdout)
			}
		}
	}

	// A mismatch, a missing file, a malformed line.
	good := hk(t, dir, nil, append([]string{"sum"}, args...)...).stdout
	bad := strings.Replace(good, "  plain.txt", "  empty", 1) // plain.txt's sum for "empty"
	bad += "0000000000000000000000000000000000000000000000000000000000000000  missing\nnot a checksum line\n"
	list := filepath.Join(t.TempDir(), "BAD")
	os.WriteFile(list, []byte(bad), 0o644)
	r := hk(t, dir, nil, "check", list)
	if r.code != 1 || !strings.Contains(r.stdout, "empty: FAILED\n") || !strings.Contains(r.stdout, "missing: FAILED open or read\n") ||
		!strings.Contains(r.stderr, "WARNING: 1 computed checksum did NOT match") || !strings.Contains(r.stderr, "WARNING: 1 listed file could not be read") ||
		!strings.Contains(r.stderr, "WARNING: 1 line is improperly formatted") {
		t.Fatalf("bad list: status %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	if r := hk(t, dir, nil, "check", "--status", list); r.code != 1 || r.stdout != "" || r.stderr != "" {
		t.Fatalf("--status: status %d, %q %q", r.code, r.stdout, r.stderr)
	}
	if r := hk(t, dir, nil, "sum", "-c", "--quiet", list); r.code != 1 || strings.Contains(r.stdout, ": OK") {
		t.Fatalf("sum -c --quiet: status %d, %q", r.code, r.stdout)
	}

	// Only a malformed line beside good ones: status 0, or 1 with --strict
	// (as sha256sum; 2 is for bad usage).
	list2 := filepath.Join(t.TempDir(), "MALFORMED")
	os.WriteFile(list2, []byte(good+"garbage\n"), 0o644)
	if r := hk(t, dir, nil, "check", list2); r.code != 0 {
		t.Fatalf("malformed line without --strict: status %d %s", r.code, r.stderr)
	}
	if r := hk(t, dir, nil, "check", "--strict", list2); r.code != 1 {
		t.Fatalf("malformed line with --strict: status %d %s", r.code, r.stderr)
	}
	// --ignore-missing.
	list3 := filepath.Join(t.TempDir(), "MISSING")
	os.WriteFile(list3, []byte(good+"0000000000000000000000000000000000000000000000000000000000000000  gone\n"), 0o644)
	if r := hk(t, dir, nil, "check", "--ignore-missing", list3); r.code != 0 || strings.Contains(r.stdout, "gone") {
		t.Fatalf("--ignore-missing: status %d %q %q", r.code, r.stdout, r.stderr)
	}
	// No valid line at all.
	if r := hk(t, dir, []byte("nothing here\n"), "check"); r.code != 1 || !strings.Contains(r.stderr, "no properly formatted checksum lines") {
		t.Fatalf("no valid lines: status %d %q", r.code, r.stderr)
	}
	// An ambiguous untagged length needs -a.
	if r := hk(t, dir, []byte(strings.Repeat("ab", 20)+"  plain.txt\n"), "check", "-a", "ripemd160"); r.code != 1 || !strings.Contains(r.stdout, "plain.txt: FAILED") {
		t.Fatalf("-a ripemd160: status %d %q %q", r.code, r.stdout, r.stderr)
	}
}
