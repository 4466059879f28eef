package main

import (
	"bytes"
	stdpbkdf2 "crypto/pbkdf2"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/scrypt"
)

func TestKDFFromStdin(t *testing.T) {
	dir := t.TempDir()
	r := hk(t, dir, []byte("correct horse\n"), "kdf", "scrypt", "--ln", "10", "--salt-string", "NaClNaCl")
	key, err := scrypt.Key([]byte("correct horse"), []byte("NaClNaCl"), 1<<10, 8, 1, 32)
	if err != nil {
		t.Fatal(err)
	}
	want := scrypt.Encode(scrypt.Params{N: 1 << 10, R: 8, P: 1}, []byte("NaClNaCl"), key)
	if r.code != 0 || r.stdout != want+"\n" {
		t.Fatalf("scrypt: status %d %q %q, want %q", r.code, r.stdout, r.stderr, want)
	}
	r = hk(t, dir, []byte("pw"), "kdf", "pbkdf2", "-i", "1000", "--salt", "0102030405060708", "--raw", "-l", "40")
	std, _ := stdpbkdf2.Key(sha256.New, "pw", []byte{1, 2, 3, 4, 5, 6, 7, 8}, 1000, 40)
	if r.code != 0 || r.stdout != hex.EncodeToString(std)+"\n" {
		t.Fatalf("pbkdf2 --raw: status %d %q, want %x", r.code, r.stdout, std)
	}
}

// TestKDFMatchesArgon2Command compares with Debian's argon2 command, the
// reference implementation's CLI.
func TestKDFMatchesArgon2Command(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		variant, flag string
		t, m, p, l    string
		kib           string
	}{
		{"argon2id", "-id", "2", "16", "4", "24", "65536"},
		{"argon2i", "-i", "3", "12", "1", "32", "4096"},
		{"argon2d", "-d", "1", "10", "2", "16", "1024"},
	} {
		want := tool(t, dir, []byte("password"), "argon2", "somesalt", c.flag, "-t", c.t, "-m", c.m, "-p", c.p, "-l", c.l, "-e")
		got := hk(t, dir, []byte("password"), "kdf", c.variant, "--salt-string", "somesalt", "-t", c.t, "-m", c.kib, "-p", c.p, "-l", c.l)
		if got.code != 0 || got.stdout != want.stdout {
			t.Fatalf("%s: hashkit %q (%s), argon2 %q", c.variant, got.stdout, got.stderr, want.stdout)
		}
		// And hashkit verifies the reference's string.
		if v := hk(t, dir, []byte("password"), "kdf", "verify", strings.TrimSpace(want.stdout)); v.code != 0 || v.stdout != "OK\n" {
			t.Fatalf("verify of argon2's %s string: status %d %q %q", c.variant, v.code, v.stdout, v.stderr)
		}
	}
}

func TestKDFVerify(t *testing.T) {
	dir := t.TempDir()
	for _, fn := range [][]string{{"scrypt", "--ln", "8"}, {"argon2id", "-m", "64", "-t", "1"}, {"pbkdf2", "-i", "100"}, {"pbkdf2", "-i", "10", "--hash", "sha512"}} {
		made := hk(t, dir, []byte("s3cret"), append([]string{"kdf"}, fn...)...)
		if made.code != 0 {
			t.Fatalf("%v: status %d %s", fn, made.code, made.stderr)
		}
		phc := strings.TrimSpace(made.stdout)
		if r := hk(t, dir, []byte("s3cret"), "kdf", "verify", phc); r.code != 0 || r.stdout != "OK\n" {
			t.Fatalf("%v: verify: status %d %q %q", fn, r.code, r.stdout, r.stderr)
		}
		if r := hk(t, dir, []byte("s3cre7"), "kdf", "verify", phc); r.code != 1 || r.stdout != "FAILED\n" {
			t.Fatalf("%v: wrong password: status %d %q %q", fn, r.code, r.stdout, r.stderr)
		}
	}
	// Two salts are random: two runs differ.
	a := hk(t, dir, []byte("x"), "kdf", "scrypt", "--ln", "4")
	b := hk(t, dir, []byte("x"), "kdf", "scrypt", "--ln", "4")
	if a.stdout == b.stdout {
		t.Fatal("two derivations without --salt gave the same string")
	}
}

func TestKDFErrors(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "secret"), []byte("pepper"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"kdf", "scrypt", "-r", "0"}, "r must be at least 1"},
		{[]string{"kdf", "scrypt", "--ln", "0"}, "--ln"},
		{[]string{"kdf", "scrypt", "--ln", "30"}, "max-memory"},
		{[]string{"kdf", "argon2id", "-m", "4"}, "memory must be at least"},
		{[]string{"kdf", "argon2id", "-t", "0"}, "at least 1"},
		{[]string{"kdf", "argon2id", "-p", "0"}, "lanes"},
		{[]string{"kdf", "argon2id", "-l", "3"}, "key length"},
		{[]string{"kdf", "argon2id", "-m", "4000000000"}, "max-memory"},
		{[]string{"kdf", "pbkdf2", "-i", "0"}, "iterations"},
		{[]string{"kdf", "pbkdf2", "--hash", "md4"}, "--hash"},
		{[]string{"kdf", "pbkdf2", "--salt", "xyz"}, "--salt"},
		{[]string{"kdf", "bcrypt"}, "unknown function"},
		{[]string{"kdf", "verify", "$scrypt$ln=99,r=8,p=1$c2FsdA$aGFzaA"}, "ln"},
		{[]string{"kdf", "verify", "$argon2id$v=19$m=4,t=1,p=1$c29tZXNhbHQ$aGFzaGhhc2g"}, "m must be at least"},
		{[]string{"kdf", "verify", "plain text"}, "not a hash string"},
		{[]string{"kdf", "verify", "$pbkdf2-md5$i=1$c2FsdA$aGFzaA"}, "unknown PBKDF2 hash"},
		{[]string{"kdf", "verify", "$pbkdf2-sha256$i=1$c2FsdA$aGE"}, "at least 4"},
		{[]string{"kdf", "verify", "$scrypt$ln=4,r=8,p=1$c2FsdA$aGE"}, "shorter than 4 bytes"},
		{[]string{"kdf", "verify", "--secret-file", "secret", "$scrypt$ln=4,r=8,p=1$c2FsdA$aGFzaA"}, "only Argon2"},
		{[]string{"kdf", "verify", "--max-memory", "8MiB", "$argon2id$v=19$m=8192,t=1,p=4$c29tZXNhbHQ$aGFzaGhhc2g"}, "memory limit"},
		{[]string{"kdf", "verify", "--secret-file", "secret", "$pbkdf2-sha256$i=1$c2FsdA$aGFzaA"}, "only Argon2"},
	} {
		r := hk(t, dir, []byte("pw"), c.args...)
		if r.code != 2 || !strings.Contains(r.stderr, c.msg) || r.stdout != "" {
			t.Errorf("%v: status %d, stderr %q, stdout %q; want status 2 and %q", c.args, r.code, r.stderr, r.stdout, c.msg)
		}
	}
}

// TestDecodePBKDF2Encodings: a passlib string has one encoding, as a PHC
// string has: a salt or checksum whose last character has unused bits set,
// or with a CR or LF inside (Go's decoder skips both), is refused, not read
// as the canonical one. passlib reads '+' for '.' in the salt and the
// checksum alike.
func TestDecodePBKDF2Encodings(t *testing.T) {
	salt, key := []byte("saltsalt"), bytes.Repeat([]byte{0xfb, 0xef, 0xbe}, 11)[:32]
	good := encodePBKDF2("sha256", 10, salt, key)
	if want := "$pbkdf2-sha256$10$c2FsdHNhbHQ$" + strings.Repeat(".", 42) + "8"; good != want {
		t.Fatalf("encodePBKDF2 = %q, want %q", good, want)
	}
	legacy := "$pbkdf2-sha256$i=10$c2FsdHNhbHQ$++++++8" // key[:5]
	for _, s := range []string{good, legacy, strings.ReplaceAll(good, ".", "+")} {
		if _, _, gotSalt, gotKey, err := decodePBKDF2(s); err != nil || !bytes.Equal(gotSalt, salt) || !bytes.HasPrefix(key, gotKey) {
			t.Errorf("decodePBKDF2(%q): salt %q, key %x, %v", s, gotSalt, gotKey, err)
		}
	}
	for _, s := range []string{
		strings.TrimSuffix(good, "8") + "9", // the checksum's two unused bits
		strings.Replace(good, "$c2FsdHNhbHQ$", "$c2FsdHNhbHR$", 1),
		strings.Replace(good, "c2Fsd", "c2F\nsd", 1),
		strings.Replace(good, "c2Fsd", "c2F\rsd", 1),
		strings.Replace(good, "$....", "$..\n..", 1),
		good + "\r\n",
		strings.TrimSuffix(legacy, "8") + "9",
		strings.Replace(legacy, "$c2FsdHNhbHQ$", "$c2FsdHNhbHR$", 1),
		strings.Replace(legacy, "$+++", "$+\n++", 1),
	} {
		if name, iter, gotSalt, gotKey, err := decodePBKDF2(s); err == nil {
			t.Errorf("decodePBKDF2(%q) = %s, %d, %q, %x; want an error", s, name, iter, gotSalt, gotKey)
		}
	}
}

// render returns what a terminal shows after screen, the bytes written to
// it: lines joined by newlines, for \r, \n and the erase-line sequence ESC [K.
func render(screen string) string {
	var lines [][]rune
	line, col := []rune{}, 0
	for i := 0; i < len(screen); {
		switch {
		case strings.HasPrefix(screen[i:], "\x1b[K"):
			line = line[:min(col, len(line))]
			i += 3
			continue
		case screen[i] == '\r':
			col = 0
		case screen[i] == '\n':
			lines = append(lines, line)
			line, col = []rune{}, 0
		default:
			r := []rune(screen[i : i+1])[0]
			if col < len(line) {
				line[col] = r
			} else {
				line = append(line, r)
			}
			col++
		}
		i++
	}
	lines = append(lines, line)
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(strings.TrimRight(string(l), " "))
		b.WriteByte('\n')
	}
	return b.String()
}
