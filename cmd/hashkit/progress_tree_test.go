//go:build unix

package main

import (
	"strings"
	"testing"
	"time"
)

// TestProgressFilesAndInterrupt: sum's bar counts files beside the bytes,
// and Ctrl-C wipes it before the command dies by SIGINT.
func TestProgressFilesAndInterrupt(t *testing.T) {
	dir := bigSparse(t, 1<<30)
	screen, _, code := runPTYInterrupt(t, dir, []string{"HASHKIT_PROGRESS_DELAY=0s"}, "", 700*time.Millisecond, "sum", "-a", "ripemd160", "big")
	if code != -1 || !strings.Contains(screen, "interrupted") { // -1: killed by a signal
		t.Fatalf("status %d, terminal %q", code, screen)
	}
	i := strings.LastIndex(screen, "hashing 0/1 files")
	if i < 0 {
		t.Fatalf("no bar counting files: %q", screen)
	}
	// After the last bar drawn: a wipe (a CR, blanks, a CR), then the
	// message.
	rest := screen[i:]
	wipe := strings.Index(rest, "\r"+strings.Repeat(" ", 20))
	if wipe < 0 || wipe > strings.Index(rest, "interrupted") {
		t.Fatalf("the bar was not wiped before the message: %q", rest)
	}
}

// TestProgressFlagAlone: --progress alone asks for the bar (so it shows on a
// pipe) and leaves the next argument an operand; a mode after it, with or
// without '=', is still its value.
func TestProgressFlagAlone(t *testing.T) {
	dir := bigSparse(t, 64<<20)
	want := hk(t, dir, nil, "sum", "-a", "ripemd160", "big").stdout
	list := writeList(t, dir, "list", hk(t, dir, nil, "sum", "-a", "ripemd160", "--tag", "big").stdout)
	t.Setenv("HASHKIT_PROGRESS_DELAY", "0s")
	for _, c := range []struct {
		args []string
		out  string
		bar  bool
	}{
		{[]string{"sum", "-a", "ripemd160", "--progress", "big"}, want, true},
		{[]string{"sum", "-a", "ripemd160", "--progress", "never", "big"}, want, false},
		{[]string{"sum", "-a", "ripemd160", "--progress=never", "big"}, want, false},
		{[]string{"sum", "-a", "ripemd160", "--progress", "always", "big"}, want, true},
		{[]string{"sum", "-a", "ripemd160", "--prog", "big"}, want, true},
		{[]string{"check", "--progress", list}, "big: OK\n", true},
		{[]string{"check", "--progress=auto", list}, "big: OK\n", false},
	} {
		got := hk(t, dir, nil, c.args...)
		if got.code != 0 || got.stdout != c.out || strings.Contains(got.stderr, "hashing") != c.bar {
			t.Errorf("%q: status %d, stdout %q, stderr %q", c.args, got.code, got.stdout, got.stderr)
		}
	}
	// kdf and kdf verify take --progress the same way (work long enough
	// for the bar to start before it ends).
	derive := []string{"kdf", "pbkdf2", "-i", "300000", "--salt-string", "NaClNaCl"}
	phc := hk(t, dir, []byte("pw"), derive...).stdout
	for _, c := range []struct {
		args []string
		out  string
		bar  bool
	}{
		{append(derive, "--progress"), phc, true},
		{append(derive, "--progress", "never"), phc, false},
		{[]string{"kdf", "verify", "--progress", strings.TrimSpace(phc)}, "OK\n", true},
		{[]string{"kdf", "verify", "--progress", "never", strings.TrimSpace(phc)}, "OK\n", false},
	} {
		got := hk(t, dir, []byte("pw"), c.args...)
		if got.code != 0 || got.stdout != c.out || strings.Contains(got.stderr, "deriving") != c.bar {
			t.Errorf("%q: status %d, stdout %q, stderr %q", c.args, got.code, got.stdout, got.stderr)
		}
	}
}
