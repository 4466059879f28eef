package main

import (
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/k12"
)

// TestHelpAndVersion: --version, and --help of every command on stdout with
// a synopsis and named values (no bare "string" or "int" placeholders).
func TestHelpAndVersion(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{{"--version"}, {"version"}} {
		if r := hk(t, dir, nil, args...); r.code != 0 || !strings.HasPrefix(r.stdout, "hashkit ") || r.stderr != "" {
			t.Errorf("%v: %d %q %q", args, r.code, r.stdout, r.stderr)
		}
	}
	placeholder := regexp.MustCompile(`(?m)^\s+(-\w, )?--[\w-]+ (string|int|int64|uint32|strings|duration)\s`)
	for _, cmd := range []string{"sum", "check", "list", "bench", "kernels", "kdf scrypt", "kdf argon2id", "kdf argon2i", "kdf argon2d", "kdf pbkdf2", "kdf verify"} {
		args := append(strings.Fields(cmd), "--help")
		r := hk(t, dir, nil, args...)
		if r.code != 0 || r.stderr != "" || !strings.HasPrefix(r.stdout, "usage: hashkit "+cmd) || !strings.Contains(r.stdout, "\nflags:\n") {
			t.Errorf("%s --help: %d, stdout %q, stderr %q", cmd, r.code, r.stdout, r.stderr)
		}
		if m := placeholder.FindString(r.stdout); m != "" {
			t.Errorf("%s --help: a flag with a placeholder for its value: %q", cmd, m)
		}
		if strings.Contains(r.stdout, "ignored") {
			t.Errorf("%s --help: a flag described as ignored", cmd)
		}
	}
	for _, args := range [][]string{{"--help"}, {"kdf", "--help"}} {
		if r := hk(t, dir, nil, args...); r.code != 0 || r.stderr != "" || !strings.HasPrefix(r.stdout, "usage: hashkit") {
			t.Errorf("%v: %d %q %q", args, r.code, r.stdout, r.stderr)
		}
	}
}

// TestErrorsInPlainWords: no parser internals or package prefixes, one
// line, status 2.
func TestErrorsInPlainWords(t *testing.T) {
	dir := t.TempDir()
	internals := regexp.MustCompile(`strconv|Parse(Int|Uint|Bool)|invalid syntax|encoding/hex|hashkit/|flag: |U\+00|: bad length|key: \w+ needs`)
	for _, args := range [][]string{
		{"sum", "-l", "x"}, {"sum", "-l"}, {"sum", "--bogus"}, {"sum", "-xq"}, {"sum", "--tag=maybe"}, {"sum", "-j", "two"},
		{"check", "--jobs", "1.5"}, {"bench", "--time", "soon"}, {"list", "--kernels=no"},
		{"kdf", "scrypt", "--salt", "xyz"}, {"kdf", "scrypt", "-r", "0"}, {"kdf", "scrypt", "--ln", "x"},
		{"kdf", "argon2id", "-t", "x"}, {"kdf", "argon2id", "-m", "4"}, {"kdf", "argon2id", "--secret-file", "/nonexistent"},
		{"kdf", "verify", "$scrypt$ln=99"}, {"kdf", "verify", "$argon2id$v=19$m=4,t=1,p=1$c29tZXNhbHQ$aGFzaGhhc2g"},
		{"kdf", "verify", "$pbkdf2-sha256$x$y$z"}, {"kdf", "verify", "$argon2id$v=19$m=65536,t=2,p=1$!!!$x"},
		{"sum", "-a", "blake2b", "-l", "65"}, {"sum", "-a", "sha256", "-l", "16"}, {"sum", "-a", "kmac128"},
		{"sum", "-a", "blake2b", "--key-file", "/dev/zero"}, {"sum", "-a", "blake3", "--key-file", "/nonexistent"},
		{"kdf", "argon2id", "--secret-file", "/dev/zero"}, {"kdf", "verify", "--secret-file", "/dev/zero", "$argon2id$v=19$m=64,t=1,p=1$c29tZXNhbHQ$aGFzaGhhc2g"},
	} {
		r := hk(t, dir, []byte("pw"), args...)
		if r.code != 2 || internals.MatchString(r.stderr) || strings.Count(r.stderr, "\n") != 1 || !strings.HasPrefix(r.stderr, "hashkit: ") {
			t.Errorf("%q: status %d, stderr %q", args, r.code, r.stderr)
		}
	}
}

// TestNamesQuotedAsCoreutils: names in messages are quoted as sha256sum
// quotes them.
func TestNamesQuotedAsCoreutils(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"gone\nname", "it's", "a b", "x\x01y", "\xff", "plain", "a:b", "~x", "it's $HOME", "tab\tx", "é", "{", "a{"} {
		want := tool(t, dir, nil, "sha256sum", name)
		got := hk(t, dir, nil, "sum", name)
		if got.stderr != strings.Replace(want.stderr, "sha256sum:", "hashkit:", 1) || got.code != want.code {
			t.Errorf("%q: hashkit %d %q, sha256sum %d %q", name, got.code, got.stderr, want.code, want.stderr)
		}
	}
}

// TestListAndFlagMessages: list's columns line up under a header, and an
// unknown short flag is named once (it was "unknown flag -r in -r").
func TestListAndFlagMessages(t *testing.T) {
	dir := t.TempDir()
	r := hk(t, dir, nil, "list")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if r.code != 0 || !strings.HasPrefix(lines[0], "ALGORITHM ") {
		t.Fatalf("list: %d %q", r.code, r.stdout)
	}
	col := regexp.MustCompile(`^\S+ +`).FindStringIndex
	want := col(lines[0])[1]
	for _, l := range lines[1:] {
		if l == "" || strings.HasPrefix(l, "*") {
			break
		}
		if m := col(l); m == nil || m[1] != want {
			t.Errorf("list: a ragged row: %q", l)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sum", "-y"}, "hashkit: unknown flag -y (see"}, {[]string{"sum", "-by"}, "hashkit: unknown flag -y (see"},
	} {
		if r := hk(t, dir, nil, c.args...); r.code != 2 || !strings.HasPrefix(r.stderr, c.want) {
			t.Errorf("%q: %d %q, want %q", c.args, r.code, r.stderr, c.want)
		}
	}
}

// TestListNamesEverything: list names M14 (which sum hashes) and the
// families only the Go packages offer.
func TestListNamesEverything(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "f"), []byte("hello\n"), 0o644)
	r := hk(t, dir, nil, "list")
	for _, w := range []string{"\nm14 ", "cSHAKE", "TupleHash", "KMACXOF", "HMAC"} {
		if !strings.Contains(r.stdout, w) {
			t.Errorf("list does not name %q:\n%s", w, r.stdout)
		}
	}
	want := hex.EncodeToString(k12.SumM14([]byte("hello\n"), nil, 64)) + "  f\n"
	if r := hk(t, dir, nil, "sum", "-a", "m14", "f"); r.code != 0 || r.stdout != want {
		t.Errorf("sum -a m14: %d %q %q, want %q", r.code, r.stdout, r.stderr, want)
	}
}
