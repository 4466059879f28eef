package main

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestKDFVerifyWorkLimit: verify refuses strings over the work budget at
// once (status 2, one line naming the limit and --max-work), and --max-work
// raises it.
func TestKDFVerifyWorkLimit(t *testing.T) {
	dir := t.TempDir()
	for _, s := range []string{
		"$argon2id$v=19$m=8,t=4294967295,p=1$c29tZXNhbHQ$aGFzaGhhc2g",
		"$scrypt$ln=14,r=8,p=100000$c2FsdA$aGFzaA",
		"$pbkdf2-sha256$2147483647$c2FsdA$" + strings.Repeat("A", 43),
		"$pbkdf2-sha512$2147483647$c2FsdA$" + strings.Repeat("A", 86),
	} {
		// A deadline: without the limit these run for hours.
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		r := runIn(t, exec.CommandContext(ctx, binary, "kdf", "verify", s), dir, []byte("pw"))
		cancel()
		if r.code != 2 || !strings.Contains(r.stderr, "of work, over --max-work") || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("verify %s: status %d, stderr %q; want 2 and the work limit", s, r.code, r.stderr)
		}
	}
	made := strings.TrimSpace(hk(t, dir, []byte("pw"), "kdf", "argon2id", "-m", "64", "-t", "100", "-p", "1").stdout)
	if r := hk(t, dir, []byte("pw"), "kdf", "verify", "--max-work", "1MiB", made); r.code != 2 || !strings.Contains(r.stderr, "over --max-work 1.0 MiB") {
		t.Errorf("verify under --max-work 1MiB: status %d %q", r.code, r.stderr)
	}
	if r := hk(t, dir, []byte("pw"), "kdf", "verify", "--max-work", "8M", made); r.code != 0 || r.stdout != "OK\n" {
		t.Errorf("verify with --max-work 8M: status %d %q %q", r.code, r.stdout, r.stderr)
	}
	// Deriving takes the user's own parameters: no work limit.
	if r := hk(t, dir, []byte("pw"), "kdf", "argon2id", "-m", "8", "-t", "70000", "-p", "1"); r.code != 0 {
		t.Errorf("derive over the verify budget: status %d %q", r.code, r.stderr)
	}
}

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

// TestKDFVerifyParallelMemory: verify keeps scrypt's parallel tables
// within --max-memory, as kdf scrypt does. With the limit passed on only as
// a check of one table, p=8 on four threads took four 32 MiB tables under
// --max-memory 40MiB.
func TestKDFVerifyParallelMemory(t *testing.T) {
	dir := t.TempDir()
	made := hk(t, dir, []byte("pw"), "kdf", "scrypt", "--ln", "15", "-r", "8", "-p", "8", "--max-memory", "40MiB")
	if made.code != 0 {
		t.Fatalf("kdf scrypt: status %d %q", made.code, made.stderr)
	}
	cmd := exec.Command(binary, "kdf", "verify", "--max-memory", "40MiB", strings.TrimSpace(made.stdout))
	cmd.Dir, cmd.Stdin = dir, strings.NewReader("pw")
	cmd.Env = append(os.Environ(), "GOMAXPROCS=4")
	if peak := peakMemory(t, cmd); peak > 56<<20 {
		t.Errorf("verify --max-memory 40MiB of scrypt ln=15 r=8 p=8: %d MiB of memory at most, want the 32 MiB table and the process's own (under 56 MiB)", peak>>20)
	}
}

// TestKDFLongPassword: standard input is read whole up to 1 MiB, and a
// longer password is refused, never cut (two passwords sharing their first
// MiB gave the same hash).
func TestKDFLongPassword(t *testing.T) {
	dir := t.TempDir()
	mib := strings.Repeat("a", 1<<20)
	x := hk(t, dir, []byte(mib+"X"), "kdf", "pbkdf2", "-i", "1", "--salt", "00")
	if x.code != 2 || !strings.Contains(x.stderr, "longer than 1048576 bytes") || x.stdout != "" {
		t.Fatalf("1 MiB + 1 byte: status %d, stdout %q, stderr %q", x.code, x.stdout, x.stderr)
	}
	at := hk(t, dir, []byte(mib+"\n"), "kdf", "pbkdf2", "-i", "1", "--salt", "00")
	if at.code != 0 {
		t.Fatalf("exactly 1 MiB: status %d, stderr %q", at.code, at.stderr)
	}
	if r := hk(t, dir, []byte(mib), "kdf", "verify", strings.TrimSpace(at.stdout)); r.stdout != "OK\n" {
		t.Fatalf("exactly 1 MiB does not verify: %q %q", r.stdout, r.stderr)
	}
	if r := hk(t, dir, []byte(mib[:len(mib)-1]+"b"), "kdf", "verify", strings.TrimSpace(at.stdout)); r.code != 1 || r.stdout != "FAILED\n" {
		t.Fatalf("another 1 MiB password verifies: %d %q %q", r.code, r.stdout, r.stderr)
	}
}

// TestKDFFlags: --iterations is the long form of -i, --max-memory takes
// units, and each help shows the argon2 note at most once (only where it
// applies) and the exit statuses.
func TestKDFFlags(t *testing.T) {
	dir := t.TempDir()
	short := hk(t, dir, []byte("pw"), "kdf", "pbkdf2", "-i", "1234", "--salt", "00")
	long := hk(t, dir, []byte("pw"), "kdf", "pbkdf2", "--iterations", "1234", "--salt", "00")
	if short.code != 0 || long.code != 0 || long.stdout != short.stdout || !strings.Contains(long.stdout, "$1234$") {
		t.Errorf("--iterations: %d %q %q; -i: %q", long.code, long.stdout, long.stderr, short.stdout)
	}
	for _, size := range []string{"1GiB", "1G", "1048576K", "1024MiB", "1073741824", "2GiB+1MiB"} {
		if r := hk(t, dir, []byte("pw"), "kdf", "argon2id", "-m", "64", "-t", "1", "--max-memory", size); r.code != 0 {
			t.Errorf("--max-memory %s: status %d %q", size, r.code, r.stderr)
		}
	}
	if r := hk(t, dir, []byte("pw"), "kdf", "argon2id", "-m", "2048", "-t", "1", "--max-memory", "1MiB"); r.code != 2 || !strings.Contains(r.stderr, "over --max-memory 1.0 MiB") {
		t.Errorf("-m 2048 over --max-memory 1MiB: status %d %q", r.code, r.stderr)
	}
	for _, args := range [][]string{{"kdf", "--help"}, {"kdf", "argon2id", "--help"}, {"kdf", "argon2i", "--help"}, {"kdf", "scrypt", "--help"}, {"kdf", "pbkdf2", "--help"}, {"kdf", "verify", "--help"}} {
		r := hk(t, dir, nil, args...)
		notes := strings.Count(r.stdout, "Debian's argon2")
		want := 0
		if strings.HasPrefix(args[1], "argon2") || args[1] == "verify" || args[1] == "--help" {
			want = 1
		}
		if r.code != 0 || notes != want || !strings.Contains(r.stdout, "Exit status:") || strings.Contains(r.stdout, "status 130, 143") {
			t.Errorf("%v: status %d, argon2 note %d times (want %d): %q", args, r.code, notes, want, r.stdout)
		}
	}
}

// TestKDFExitStatuses: the same kind of failure gives the same status in
// every kdf subcommand: 2 for what the user gave (flags, parameters, hash
// string, password input), 1 for a mismatch.
func TestKDFExitStatuses(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"kdf", "scrypt", "--bogus"}, 2},
		{[]string{"kdf", "verify", "--bogus", "x"}, 2},
		{[]string{"kdf", "argon2id", "-t", "0"}, 2},
		{[]string{"kdf", "scrypt", "-r", "0"}, 2},
		{[]string{"kdf", "pbkdf2", "-i", "0"}, 2},
		{[]string{"kdf", "verify", "$argon2id$v=19$m=8,t=0,p=1$c29tZXNhbHQ$aGFzaGhhc2g"}, 2},
		{[]string{"kdf", "verify", "$scrypt$ln=0,r=8,p=1$c2FsdA$aGFzaA"}, 2},
		{[]string{"kdf", "verify", "$pbkdf2-sha256$0$c2FsdA$aGFzaA"}, 2},
		{[]string{"kdf", "scrypt", "--ln", "30"}, 2},
		{[]string{"kdf", "verify", "$scrypt$ln=30,r=8,p=1$c2FsdA$aGFzaA"}, 2},
		{[]string{"kdf", "argon2id", "-m", "4194304"}, 2},
		{[]string{"kdf", "verify", "$argon2id$v=19$m=4194304,t=1,p=1$c29tZXNhbHQ$aGFzaGhhc2g"}, 2},
		{[]string{"kdf", "verify", "$argon2id$v=19$m=64,t=1,p=1$c29tZXNhbHQ$aGFzaGhhc2g"}, 1},
		{[]string{"kdf", "verify", "$scrypt$ln=4,r=8,p=1$c2FsdA$aGFzaA"}, 1},
		{[]string{"kdf", "verify", "$pbkdf2-sha256$10$c2FsdA$" + strings.Repeat("A", 43)}, 1},
	} {
		if r := hk(t, dir, []byte("pw"), c.args...); r.code != c.code || strings.Count(r.stderr, "\n") > 1 {
			t.Errorf("%v: status %d, stderr %q; want %d", c.args, r.code, r.stderr, c.code)
		}
	}
}
