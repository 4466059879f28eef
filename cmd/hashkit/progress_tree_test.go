//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
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

// TestProgressAcrossBatches: check reads a long list a batch of lines at a
// time (checkBatch); one bar counts the files of the whole list instead of
// starting again at each batch (it showed "hashing 0/1 files" for a last
// batch of one file).
func TestProgressAcrossBatches(t *testing.T) {
	dir := bigSparse(t, 256<<20)
	os.WriteFile(filepath.Join(dir, "s"), []byte("small\n"), 0o644)
	small := hk(t, dir, nil, "sum", "-a", "ripemd160", "--tag", "s").stdout
	big := hk(t, dir, nil, "sum", "-a", "ripemd160", "--tag", "big").stdout
	list := writeList(t, dir, "list", strings.Repeat(small, checkBatch)+big)
	t.Setenv("HASHKIT_PROGRESS_DELAY", "0s")
	// ripemd160 is slow enough that the last batch, 256 MiB, takes
	// several of the bar's ticks.
	r := hk(t, dir, nil, "check", "--progress", list)
	if r.code != 0 || strings.Count(r.stdout, ": OK\n") != checkBatch+1 {
		t.Fatalf("check --progress of %d lines: status %d, %d results, stderr %.300q", checkBatch+1, r.code, strings.Count(r.stdout, "\n"), r.stderr)
	}
	want := fmt.Sprintf("/%d files", checkBatch+1)
	if !strings.Contains(r.stderr, want) || strings.Contains(r.stderr, "/1 files") {
		t.Errorf("check --progress of %d lines in two batches: no bar counting %q, or one started again: %.400q", checkBatch+1, want, r.stderr[max(0, len(r.stderr)-400):])
	}
}
