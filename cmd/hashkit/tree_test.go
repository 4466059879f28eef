package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// writeTree makes files (a name ending in / is a directory) under dir.
func writeTree(t *testing.T, dir string, files ...string) {
	t.Helper()
	for _, f := range files {
		p := filepath.Join(dir, f)
		if strings.HasSuffix(f, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// names are the file names of sum's lines, unescaped.
func names(t *testing.T, out string) []string {
	t.Helper()
	var ns []string
	for _, line := range strings.SplitAfter(out, "\n") {
		if line == "" {
			continue
		}
		en, err := parseLine(strings.TrimSuffix(line, "\n"), new(lineParser))
		if err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		ns = append(ns, en.name)
	}
	return ns
}

func TestSumRecursive(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, "d/b", "d/a.txt", "d/a/z", "d/.hidden/h", "d/sub/deep/x", "d/new\nline", "d/back\\slash", "d/\xffbyte", "d/empty/", "e/f", "one")
	if err := os.Symlink("b", filepath.Join(dir, "d/link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("..", filepath.Join(dir, "d/sub/up")); err != nil {
		t.Fatal(err)
	}
	r := hk(t, dir, nil, "sum", "-r", "d", "one", "e/")
	want := []string{"d/.hidden/h", "d/a.txt", "d/a/z", "d/b", "d/back\\slash", "d/new\nline", "d/sub/deep/x", "d/\xffbyte", "one", "e/f"}
	if got := names(t, r.stdout); r.code != 0 || !slices.Equal(got, want) || r.stderr != "" {
		t.Fatalf("sum -r: %d %q %q, want %q", r.code, got, r.stderr, want)
	}
	// The list checks from the same directory, with hashkit and sha256sum.
	list := writeList(t, dir, "list", r.stdout)
	if c := hk(t, dir, nil, "check", "--quiet", list); c.code != 0 || c.stdout != "" {
		t.Errorf("check of sum -r's list: %d %q %q", c.code, c.stdout, c.stderr)
	}
	if c := tool(t, dir, nil, "sha256sum", "-c", "--quiet", list); c.code != 0 {
		t.Errorf("sha256sum -c of sum -r's list: %d %q %q", c.code, c.stdout, c.stderr)
	}
	// -L follows the link to a file and reports the loop once, status 1.
	r = hk(t, dir, nil, "sum", "-r", "-L", "d")
	if got := names(t, r.stdout); r.code != 1 || !slices.Contains(got, "d/link") || strings.Count(r.stderr, "loop") != 1 || !strings.Contains(r.stderr, "d/sub/up") {
		t.Errorf("sum -r -L: %d %q %q", r.code, got, r.stderr)
	}
	// A link to nowhere, followed, is reported.
	writeTree(t, dir, "g/a")
	if err := os.Symlink("nowhere", filepath.Join(dir, "g/dangling")); err != nil {
		t.Fatal(err)
	}
	if r := hk(t, dir, nil, "sum", "-r", "-L", "g"); r.code != 1 || names(t, r.stdout)[0] != "g/a" || !strings.Contains(r.stderr, "g/dangling: No such file or directory") {
		t.Errorf("sum -r -L with a dangling link: %d %q %q", r.code, r.stdout, r.stderr)
	}
	// --exclude by name or by path; a directory excluded is not entered.
	r = hk(t, dir, nil, "sum", "-r", "--exclude", ".*", "--exclude", "d/sub", "--exclude", "*.txt", "d")
	want = []string{"d/a/z", "d/b", "d/back\\slash", "d/new\nline", "d/\xffbyte"}
	if got := names(t, r.stdout); r.code != 0 || !slices.Equal(got, want) {
		t.Errorf("sum -r --exclude: %d %q, want %q", r.code, got, want)
	}
	// An empty tree prints nothing (and does not read standard input).
	if r := hk(t, dir, []byte("stdin"), "sum", "-r", "d/empty"); r.code != 0 || r.stdout != "" {
		t.Errorf("sum -r of an empty tree: %d %q", r.code, r.stdout)
	}
	for _, args := range [][]string{{"sum", "-L", "d"}, {"sum", "--exclude", "x", "d"}, {"sum", "-r", "-c", "list"}, {"sum", "-r", "--exclude", "[", "d"}} {
		if r := hk(t, dir, nil, args...); r.code != exitUsage {
			t.Errorf("%q: %d %q, want usage error", args, r.code, r.stderr)
		}
	}
}

func TestSumRecursiveUnreadable(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads every directory")
	}
	dir := t.TempDir()
	writeTree(t, dir, "d/a", "d/locked/x", "d/z")
	locked := filepath.Join(dir, "d/locked")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(locked, 0o755)
	r := hk(t, dir, nil, "sum", "-r", "d")
	if got := names(t, r.stdout); r.code != 1 || !slices.Equal(got, []string{"d/a", "d/z"}) || !strings.Contains(r.stderr, "d/locked: Permission denied") {
		t.Errorf("sum -r with an unreadable directory: %d %q %q", r.code, got, r.stderr)
	}
}
