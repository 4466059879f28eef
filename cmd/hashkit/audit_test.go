package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckAudit(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, "top", "d/a", "d/b", "d/.h", "d/sub/c", "d/new\nline", "d/gone/x")
	list := hk(t, dir, nil, "sum", "-r", "top", "d").stdout
	// The list lies in the tree it covers: it is not NEW.
	if err := os.WriteFile(filepath.Join(dir, "SUMS"), []byte(list), 0o644); err != nil {
		t.Fatal(err)
	}
	r := hk(t, dir, nil, "check", "--audit", "--quiet", "SUMS")
	if r.code != 0 || r.stdout != "audit: 7 OK, 0 FAILED, 0 MISSING, 0 NEW, 0 unreadable\n" {
		t.Fatalf("audit of an unchanged tree: %d %q %q", r.code, r.stdout, r.stderr)
	}
	// A changed file, a gone one, a gone directory, new files (one hidden,
	// one in a new directory).
	os.WriteFile(filepath.Join(dir, "d/b"), []byte("changed"), 0o644)
	os.Remove(filepath.Join(dir, "d/a"))
	os.RemoveAll(filepath.Join(dir, "d/gone"))
	writeTree(t, dir, "d/.new", "d/newdir/n", "outside/o")
	r = hk(t, dir, nil, "check", "--audit", "SUMS")
	want := "top: OK\nd/.h: OK\nd/a: MISSING\nd/b: FAILED\nd/gone/x: MISSING\n\\d/new\\nline: OK\nd/sub/c: OK\n" +
		"d/.new: NEW\nd/newdir/n: NEW\noutside/o: NEW\naudit: 4 OK, 1 FAILED, 2 MISSING, 3 NEW, 0 unreadable\n"
	if r.code != 1 || r.stdout != want {
		t.Errorf("audit:\n%d %q %q\nwant %q", r.code, r.stdout, r.stderr, want)
	}
	// DIRs given: only they are searched; --ignore-missing drops MISSING.
	r = hk(t, dir, nil, "check", "--audit", "--quiet", "--ignore-missing", "SUMS", "d/newdir")
	if want := "d/b: FAILED\nd/newdir/n: NEW\naudit: 4 OK, 1 FAILED, 0 MISSING, 1 NEW, 0 unreadable\n"; r.code != 1 || r.stdout != want {
		t.Errorf("audit --ignore-missing with a DIR: %d %q, want %q", r.code, r.stdout, want)
	}
	if r := hk(t, dir, nil, "check", "--audit", "--status", "SUMS"); r.code != 1 || r.stdout != "" {
		t.Errorf("audit --status: %d %q", r.code, r.stdout)
	}
	// --json: one object per file, then the summary.
	r = hk(t, dir, nil, "check", "--audit", "--json", "SUMS", "top", "d")
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	var first auditRecord
	var last map[string]map[string]int
	if err := json.Unmarshal([]byte(lines[2]), &first); err != nil || first != (auditRecord{Path: "d/a", Status: "MISSING", Algorithm: "sha256"}) {
		t.Errorf("--json line %q: %+v %v", lines[2], first, err)
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil || last["summary"]["new"] != 2 || last["summary"]["ok"] != 4 {
		t.Errorf("--json summary %q: %v", lines[len(lines)-1], err)
	}
	if r.code != 1 || len(lines) != 7+2+1 {
		t.Errorf("--json: %d %q", r.code, r.stdout)
	}
	// An improperly formatted line fails the audit (the file it named went
	// unchecked) and is counted in both summaries. Here it is the only
	// difference: sub/x verifies and other/y, outside the DIR, is not NEW.
	dir2 := t.TempDir()
	writeTree(t, dir2, "sub/x", "other/y")
	good := hk(t, dir2, nil, "sum", "sub/x", "other/y").stdout
	line, _, _ := strings.Cut(good, "\n")
	if err := os.WriteFile(filepath.Join(dir2, "BAD"), []byte(line+"\nnot a checksum line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = hk(t, dir2, nil, "check", "--audit", "BAD", "sub")
	if want := "sub/x: OK\naudit: 1 OK, 0 FAILED, 0 MISSING, 0 NEW, 0 unreadable, 1 improperly formatted\n"; r.code != 1 || r.stdout != want || !strings.Contains(r.stderr, "1 line is improperly formatted") {
		t.Errorf("audit of a list with a bad line: %d %q %q, want status 1 and %q", r.code, r.stdout, r.stderr, want)
	}
	r = hk(t, dir2, nil, "check", "--audit", "--json", "BAD", "sub")
	lines = strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil || last["summary"]["malformed"] != 1 || r.code != 1 {
		t.Errorf("--json summary of a list with a bad line: %d %q: %v", r.code, r.stdout, err)
	}
	for _, args := range [][]string{{"check", "--audit"}, {"check", "--json", "SUMS"}, {"check", "--audit", "-"}} {
		if r := hk(t, dir, nil, args...); r.code != exitUsage {
			t.Errorf("%q: %d %q, want a usage error", args, r.code, r.stderr)
		}
	}
}
