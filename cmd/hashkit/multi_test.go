package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSumSeveralAlgorithms: -a with a comma list, or repeated, prints each
// file's tagged line of every algorithm, as each alone prints it, from one
// read; check verifies such a list line by line.
func TestSumSeveralAlgorithms(t *testing.T) {
	dir := t.TempDir()
	// Over concurrentWrite, so the digests are fed in parallel.
	big := bytes.Repeat([]byte("0123456789abcdef"), 3*concurrentWrite/16+5)
	for name, data := range map[string][]byte{"big": big, "small": []byte("small\n"), "new\nline": []byte("n")} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files := []string{"big", "small", "new\nline"}
	lines := func(args ...string) []string {
		r := hk(t, dir, nil, append(append([]string{"sum"}, args...), files...)...)
		if r.code != 0 {
			t.Fatalf("sum %q: %d %q", args, r.code, r.stderr)
		}
		sep := "\n"
		if args[0] == "-z" {
			sep = "\x00"
		}
		return strings.SplitAfter(r.stdout, sep) // and a last ""
	}
	for _, flags := range [][]string{nil, {"--base64"}, {"-z"}} {
		sha, b3, md5 := lines(append(flags, "--tag", "-a", "sha256")...), lines(append(flags, "--tag", "-a", "blake3")...), lines(append(flags, "--tag", "-a", "md5")...)
		var want string
		for i := range files {
			want += sha[i] + b3[i] + md5[i]
		}
		for _, args := range [][]string{{"-a", "sha256,blake3,md5"}, {"-a", "sha256", "-a", "blake3,md5", "-a", "SHA256"}} {
			if got := strings.Join(lines(append(flags, args...)...), ""); got != want {
				t.Errorf("sum %q %q:\n%q\nwant\n%q", flags, args, got, want)
			}
		}
	}
	r := hk(t, dir, nil, append([]string{"sum", "-a", "sha512,blake3,sha3-256"}, files...)...)
	list := writeList(t, dir, "SUMS", r.stdout)
	if c := hk(t, dir, nil, "check", list); c.code != 0 || c.stdout != strings.Repeat("big: OK\n", 3)+strings.Repeat("small: OK\n", 3)+strings.Repeat("\\new\\nline: OK\n", 3) {
		t.Errorf("check of a list of several algorithms: %d %q %q", c.code, c.stdout, c.stderr)
	}
	for _, args := range [][]string{
		{"sum", "-a", "sha256,blake3", "-l", "16", "small"}, {"sum", "-a", "sha256,crc", "small"}, {"sum", "-a", "sha256,nope", "small"},
		{"sum", "-a", "sha256,blake3", "--untagged", "small"}, {"sum", "-a", "sha256,blake3", "--raw", "small"},
		{"sum", "-c", "-a", "sha256,blake3", list}, {"check", "-a", "sha256", "-a", "blake3", list},
	} {
		if r := hk(t, dir, nil, args...); r.code != exitUsage || r.stdout != "" {
			t.Errorf("%q: %d %q %q, want a usage error", args, r.code, r.stdout, r.stderr)
		}
	}
}
