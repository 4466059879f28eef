package main

import (
	"os/exec"
	"strings"
	"testing"
)

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
