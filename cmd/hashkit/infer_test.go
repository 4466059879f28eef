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
		if c.alg == "sha512" {
			continue // its length says it
		}
		// MD5's length is never taken for MD5 (TestCheckNeverWeakerThanNamed).
		hint := "use hashkit check -a " + c.alg + "\n"
		if c.alg == "md5" {
			hint = "check them with -a md5 "
		}
		r := hk(t, dir, nil, "check", list)
		if r.code != 1 || !strings.Contains(r.stderr, hint) {
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

// TestCheckNeverWeakerThanNamed: the algorithm of a bare line comes from
// -a, then the list's name, then (an unnamed list) SHA-2 by its length; a
// line whose length does not fit is improperly formatted, as in coreutils,
// and MD5 and SHA-1 are never taken from a length alone. An MD5 line in
// SHA512SUMS was checked as MD5 and passed.
func TestCheckNeverWeakerThanNamed(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("hello\n"), 0o644)
	lists := t.TempDir()
	md5Line := tool(t, dir, nil, "md5sum", "a.txt").stdout
	sha1Line := tool(t, dir, nil, "sha1sum", "a.txt").stdout
	// (B2SUMS would check it as a 16-byte BLAKE2b, as b2sum -c does.)
	for _, name := range []string{"SHA512SUMS", "B3SUMS", "x.sha256"} {
		list := writeList(t, lists, name, md5Line)
		want := tool(t, dir, nil, "sha512sum", "-c", list)
		for _, args := range [][]string{{"check", list}, {"sum", "-c", list}} {
			r := hk(t, dir, nil, args...)
			if r.code != 1 || strings.Contains(r.stdout, "OK") || !strings.Contains(r.stderr, "no properly formatted checksum lines found") {
				t.Errorf("%v with an MD5 line: status %d, stdout %q, stderr %q (sha512sum -c: %d %q)", args, r.code, r.stdout, r.stderr, want.code, want.stderr)
			}
		}
		// Beside a line that fits, the MD5 line is improperly formatted.
		good := hk(t, dir, nil, "sum", "-a", algorithmOfList(name).name, "a.txt").stdout
		list = writeList(t, lists, name, good+md5Line)
		if r := hk(t, dir, nil, "check", "--strict", list); r.code == 0 || !strings.Contains(r.stderr, "1 line is improperly formatted") {
			t.Errorf("check --strict %s with a good line and an MD5 line: status %d, stdout %q, stderr %q", name, r.code, r.stdout, r.stderr)
		}
	}
	// An unnamed list of bare MD5 or SHA-1 lines: an error naming the -a.
	for _, c := range []struct{ line, alg string }{{md5Line, "md5"}, {sha1Line, "sha1"}} {
		list := writeList(t, lists, "checksums.txt", c.line)
		r := hk(t, dir, nil, "check", list)
		if r.code != 1 || strings.Contains(r.stdout, "OK") || !strings.Contains(r.stderr, "-a "+c.alg) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("unnamed list of %s lines: status %d, stdout %q, stderr %q", c.alg, r.code, r.stdout, r.stderr)
		}
		if r := hk(t, dir, nil, "check", "-a", c.alg, list); r.code != 0 || r.stdout != "a.txt: OK\n" {
			t.Errorf("check -a %s: status %d, stdout %q, stderr %q", c.alg, r.code, r.stdout, r.stderr)
		}
		if r := hk(t, dir, nil, "check", "--status", list); r.code != 1 || r.stderr != "" {
			t.Errorf("check --status of unnamed %s lines: status %d, stderr %q", c.alg, r.code, r.stderr)
		}
	}
}

// TestCheckAdviceWorks: the advice a failed list prints is a command that
// checks it. A BLAKE3 output cut to 28 bytes matched as blake3, and the
// advice said -a blake3, which refuses a line shorter than BLAKE3's 32
// bytes: the advice must carry the length.
func TestCheckAdviceWorks(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "f"), []byte("hello\n"), 0o644)
	cut := hk(t, dir, nil, "sum", "-a", "blake3", "-l", "28", "f").stdout
	for _, name := range []string{"list.txt", "SHA224SUMS"} {
		list := writeList(t, t.TempDir(), name, cut)
		r := hk(t, dir, nil, "check", list)
		i := strings.Index(r.stderr, "use hashkit ")
		if r.code != 1 || i < 0 {
			t.Fatalf("%s: status %d, stderr %q", name, r.code, r.stderr)
		}
		advice := strings.Fields(strings.SplitN(r.stderr[i+len("use hashkit "):], "\n", 2)[0])
		if got := hk(t, dir, nil, append(advice, list)...); got.code != 0 || got.stdout != "f: OK\n" {
			t.Errorf("%s: the advice %q: status %d, stdout %q, stderr %q", name, advice, got.code, got.stdout, got.stderr)
		}
	}
}

// TestRepeatedAlgorithm: -a given twice with different algorithms to check
// is an error, not the last one silently chosen (to sum, it is several:
// TestSumSeveralAlgorithms).
func TestRepeatedAlgorithm(t *testing.T) {
	dir := checkFixture(t)
	for _, args := range [][]string{{"check", "-a", "sha256", "--algorithm=md5", "GOOD"},
		{"sum", "-c", "-a", "sha512", "-a", "sha256", "GOOD"}} {
		if r := hk(t, dir, nil, args...); r.code != 2 || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "-a") {
			t.Errorf("%q: status %d, stdout %q, stderr %q", args, r.code, r.stdout, r.stderr)
		}
	}
	if r := hk(t, dir, nil, "sum", "-a", "sha256", "-a", "SHA256", "f"); r.code != 0 {
		t.Errorf("the same algorithm twice: status %d, stderr %q", r.code, r.stderr)
	}
}
