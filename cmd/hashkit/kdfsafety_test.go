package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestKDFRaisedLimits: parameters over the machine's memory are one clear
// line and status 1, with --max-memory raised or not; verify takes
// --max-memory.
func TestKDFRaisedLimits(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"kdf", "scrypt", "--ln", "40", "--max-memory", "9000000000000000"}, 1, "available"},
		{[]string{"kdf", "argon2id", "-m", "4294967295", "--max-memory", "9000000000000"}, 1, "available"},
		{[]string{"kdf", "scrypt", "--ln", "40"}, 2, "over --max-memory"},
		{[]string{"kdf", "verify", "--max-memory", "9000000000000000", "--max-work", "8000TiB", "$scrypt$ln=40,r=8,p=1$c2FsdA$aGFzaA"}, 1, "available"},
		{[]string{"kdf", "verify", "--max-memory", "9000000000000", "--max-work", "5TiB", "$argon2id$v=19$m=4294967295,t=1,p=1$c29tZXNhbHQ$aGFzaGhhc2g"}, 1, "available"},
		{[]string{"kdf", "verify", "$argon2id$v=19$m=4294967295,t=1,p=1$c29tZXNhbHQ$aGFzaGhhc2g"}, 2, "over --max-memory"},
		{[]string{"kdf", "scrypt", "--max-memory", "-5"}, 2, "--max-memory -5: want a size"},
		{[]string{"kdf", "scrypt", "--max-memory", "1GB"}, 2, "--max-memory 1GB: want a size"},
		{[]string{"kdf", "verify", "--max-work", "0", "$scrypt$ln=4,r=8,p=1$c2FsdA$aGFzaA"}, 2, "--max-work 0: want a size"},
		{[]string{"kdf", "scrypt", "--ln", "4", "-l", "99999999999"}, 2, "--length must be"},
		{[]string{"kdf", "argon2id", "-l", "4294967297"}, 2, "--length must be"},
		{[]string{"kdf", "pbkdf2", "--raw", "-l", "99999999999"}, 2, "--length must be"},
	} {
		r := hk(t, dir, []byte("pw"), c.args...)
		if r.code != c.code || !strings.Contains(r.stderr, c.msg) || strings.Count(r.stderr, "\n") != 1 || strings.Contains(r.stderr, "panic") {
			t.Errorf("%v: status %d, stderr %q; want %d and one line with %q", c.args, r.code, r.stderr, c.code, c.msg)
		}
	}
	made := hk(t, dir, []byte("pw"), "kdf", "scrypt", "--ln", "12")
	s := strings.TrimSpace(made.stdout)
	if r := hk(t, dir, []byte("pw"), "kdf", "verify", "--max-memory", "1000000", s); r.code != 2 || !strings.Contains(r.stderr, "over --max-memory") {
		t.Errorf("verify under a low --max-memory: status %d %q", r.code, r.stderr)
	}
	if r := hk(t, dir, []byte("pw"), "kdf", "verify", "--max-memory", "8000000", s); r.code != 0 || r.stdout != "OK\n" {
		t.Errorf("verify with --max-memory: status %d %q %q", r.code, r.stdout, r.stderr)
	}
}

// passlib finds a python3 that has passlib, or skips.
func passlib(t *testing.T) string {
	for _, py := range []string{"python3", "/usr/bin/python3"} {
		if exec.Command(py, "-c", "import passlib.hash").Run() == nil {
			return py
		}
	}
	t.Skip("no python3 with passlib (Debian: python3-passlib)")
	return ""
}

// TestPasslibPBKDF2: hashkit writes passlib's pbkdf2 strings byte for byte,
// passlib verifies hashkit's, hashkit verifies passlib's.
func TestPasslibPBKDF2(t *testing.T) {
	py := passlib(t)
	dir := t.TempDir()
	salt := "00112233445566778899aabbccddeeff0f"
	for _, h := range []string{"sha1", "sha256", "sha512"} {
		got := hk(t, dir, []byte("pässword\n"), "kdf", "pbkdf2", "--hash", h, "-i", "1234", "--salt", salt)
		want, err := exec.Command(py, "-c", `import sys, binascii
from passlib.hash import pbkdf2_`+h+` as H
print(H.using(rounds=1234, salt=binascii.unhexlify(sys.argv[1])).hash("pässword"))`, salt).Output()
		if err != nil || got.code != 0 || got.stdout != string(want) {
			t.Fatalf("%s: hashkit %q (%s), passlib %q (%v)", h, got.stdout, got.stderr, want, err)
		}
		random := strings.TrimSpace(hk(t, dir, []byte("pw"), "kdf", "pbkdf2", "--hash", h, "-i", "1000").stdout)
		ok, err := exec.Command(py, "-c", `import sys
from passlib.hash import pbkdf2_`+h+` as H
print(H.verify("pw", sys.argv[1]), H.verify("pX", sys.argv[1]))`, random).Output()
		if err != nil || string(ok) != "True False\n" {
			t.Fatalf("%s: passlib on hashkit's %s: %q %v", h, random, ok, err)
		}
		theirs, _ := exec.Command(py, "-c", `from passlib.hash import pbkdf2_`+h+` as H
print(H.using(rounds=2000).hash("pw"))`).Output()
		if r := hk(t, dir, []byte("pw"), "kdf", "verify", strings.TrimSpace(string(theirs))); r.code != 0 || r.stdout != "OK\n" {
			t.Fatalf("%s: verify of passlib's %s: %d %q %q", h, theirs, r.code, r.stdout, r.stderr)
		}
	}
	if r := hk(t, dir, []byte("pw"), "kdf", "pbkdf2", "-l", "16"); r.code != 2 || !strings.Contains(r.stderr, "--raw") {
		t.Errorf("-l 16 without --raw: %d %q", r.code, r.stderr)
	}
}

// TestPasswordFromPipe: one trailing newline goes, no more; --help says so
// and shows how to verify what Debian's argon2 made from echo.
func TestPasswordFromPipe(t *testing.T) {
	dir := t.TempDir()
	key := func(in string) string {
		return hk(t, dir, []byte(in), "kdf", "pbkdf2", "-i", "10", "--salt", "00", "--raw").stdout
	}
	if key("pw") != key("pw\n") || key("pw\n") == key("pw\n\n") || key("pw\r\n") == key("pw") {
		t.Errorf("one trailing newline should go: %q %q %q %q", key("pw"), key("pw\n"), key("pw\n\n"), key("pw\r\n"))
	}
	for _, args := range [][]string{{"kdf", "argon2id", "--help"}, {"kdf", "verify", "--help"}, {"kdf", "--help"}} {
		if r := hk(t, dir, nil, args...); r.code != 0 || !strings.Contains(r.stdout, `printf 'pw\n\n' | hashkit kdf verify`) || !strings.Contains(r.stdout, "one trailing newline") {
			t.Errorf("%v: %d %q", args, r.code, r.stdout)
		}
	}
	made := tool(t, dir, []byte("pw\n"), "argon2", "somesalt", "-id", "-t", "1", "-m", "10", "-e") // as echo pw | argon2 ...
	s := strings.TrimSpace(made.stdout)
	if r := hk(t, dir, []byte("pw\n\n"), "kdf", "verify", s); r.stdout != "OK\n" {
		t.Errorf("printf 'pw\\n\\n': %q %q", r.stdout, r.stderr)
	}
	if r := hk(t, dir, []byte("pw\n"), "kdf", "verify", s); r.stdout != "FAILED\n" {
		t.Errorf("echo pw: %q %q", r.stdout, r.stderr)
	}
}
