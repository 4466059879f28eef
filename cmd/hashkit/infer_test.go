package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckInfersAlgorithm: lists written by b2sum, b3sum and sha512sum are
// checked without -a when their names say the algorithm, with -a under any
// name, and a list whose every line fails says which -a to try.
func TestCheckInfersAlgorithm(t *testing.T) {
	dir, names := oddFiles(t)
	names = []string{"plain.txt", "empty", "with space", "big.bin"}
	lists := t.TempDir()
	for _, c := range []struct {
		tool  string
		args  []string
		alg   string
		named []string // names that say the algorithm
	}{
		{"b3sum", nil, "blake3", []string{"B3SUMS", "release.b3", "x.blake3", "b3sums.txt"}},
		{"b2sum", nil, "blake2b", []string{"B2SUMS", "release.b2", "x.b2sum"}},
		{"b2sum", []string{"-l", "256"}, "blake2b", []string{"B2SUMS", "y.b2"}},
		{"sha512sum", nil, "sha512", []string{"SHA512SUMS", "z.sha512", "sha512sums.txt", "ANY"}},
		{"md5sum", nil, "md5", []string{"MD5SUMS", "w.md5"}},
	} {
		made := tool(t, dir, nil, c.tool, append(c.args, names...)...)
		want := tool(t, dir, nil, c.tool, append(append([]string{"-c"}, c.args...), writeList(t, lists, "REF", made.stdout))...)
		for _, name := range c.named {
			list := writeList(t, lists, name, made.stdout)
			for _, args := range [][]string{{"check", list}, {"sum", "-c", list}, {"check", "-a", c.alg, list}} {
				if r := hk(t, dir, nil, args...); r.code != 0 || r.stdout != want.stdout {
					t.Errorf("%s %v: %v: status %d\n%s%s", c.tool, c.args, args, r.code, r.stdout, r.stderr)
				}
			}
		}
		list := writeList(t, lists, "checksums.txt", made.stdout)
		if r := hk(t, dir, nil, "check", "-a", c.alg, list); r.code != 0 || r.stdout != want.stdout {
			t.Errorf("%s %v: check -a %s of checksums.txt: status %d\n%s%s", c.tool, c.args, c.alg, r.code, r.stdout, r.stderr)
		}
		if c.alg == "sha512" || c.alg == "md5" {
			continue // their length says them
		}
		r := hk(t, dir, nil, "check", list)
		if r.code != 1 || !strings.Contains(r.stderr, "use -a "+c.alg+"\n") {
			t.Errorf("%s %v: check without -a of checksums.txt: status %d, no hint to use -a %s: %s", c.tool, c.args, r.code, c.alg, r.stderr)
		}
		if r := hk(t, dir, nil, "check", "--status", list); r.code != 1 || r.stderr != "" {
			t.Errorf("--status prints a hint: %q", r.stderr)
		}
	}
	// Digests that match nothing: the hint lists the algorithms of that length.
	list := writeList(t, lists, "zeros.txt", strings.Repeat("0", 64)+"  plain.txt\n")
	if r := hk(t, dir, nil, "check", list); r.code != 1 || !strings.Contains(r.stderr, "64-digit checksums also come from blake3, ") {
		t.Errorf("no candidates named: %s", r.stderr)
	}
	// A tagged line is never second-guessed, whatever the list's name.
	tagged := hk(t, dir, nil, "sum", "--tag", "plain.txt").stdout
	if r := hk(t, dir, nil, "check", writeList(t, lists, "B3SUMS", tagged)); r.code != 0 {
		t.Errorf("tagged SHA256 line in B3SUMS: status %d %s", r.code, r.stderr)
	}
}

func writeList(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
