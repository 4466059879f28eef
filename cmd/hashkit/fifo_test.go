//go:build unix

package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCheckFIFOMismatchEnds: a FIFO whose checksum does not match is a
// failure, and check ends: the hint that looks for another algorithm must
// not open the FIFO again (that open waits for a writer that never comes).
func TestCheckFIFOMismatchEnds(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "p")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	writeList(t, dir, "SUMS", strings.Repeat("0", 64)+"  p\n")
	go func() {
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			f.WriteString("once\n")
			f.Close()
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, "check", "SUMS")
	r := runIn(t, cmd, dir, nil)
	if ctx.Err() != nil {
		// Let the blocked open of the FIFO end.
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
		t.Fatal("check of a FIFO that does not match did not end")
	}
	if r.code != 1 || r.stdout != "p: FAILED\n" {
		t.Errorf("status %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// feedFIFO feeds the FIFO from one writer after another, each opening it
// when a reader does, the first after a delay; stop releases the writers
// that wait for a reader that never came, and returns when all are done.
func feedFIFO(fifo string, delay time.Duration, contents ...string) (stop func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		time.Sleep(delay)
		for _, c := range contents {
			f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
			if err != nil {
				return
			}
			f.WriteString(c)
			f.Close()
			// Let the reader see the end and close before the next
			// writer opens.
			time.Sleep(100 * time.Millisecond)
		}
	}()
	return func() {
		for {
			if f, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
				f.Close()
			}
			select {
			case <-done:
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}
}

// TestFIFONamedTwice: a FIFO named twice is two streams, one per writer, as
// coreutils reads them: the first name takes what the first writer wrote,
// the second what the next one wrote. Opened at once, both names met the
// first writer: the second hashed nothing, and a check of its line FAILED.
func TestFIFONamedTwice(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "p")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	os.WriteFile(filepath.Join(dir, "f"), []byte("file\n"), 0o644)
	list := writeList(t, dir, "SUMS", tool(t, dir, []byte("one\n"), "sha256sum").stdout[:64]+"  p\n"+
		tool(t, dir, nil, "sha256sum", "f").stdout+tool(t, dir, []byte("two\n"), "sha256sum").stdout[:64]+"  p\n")
	for _, args := range [][]string{{"sum", "p", "f", "p"}, {"sum", "-j", "8", "p", "p"}, {"check", list}} {
		want := "one\n"
		if args[0] == "check" {
			want = ""
		}
		// The first writer comes once every reader waits: readers opening
		// at once all met it.
		stop := feedFIFO(fifo, 300*time.Millisecond, "one\n", "two\n")
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		r := runIn(t, exec.CommandContext(ctx, binary, args...), dir, nil)
		cancel()
		stop()
		if args[0] == "check" {
			if r.code != 0 || r.stdout != "p: OK\nf: OK\np: OK\n" {
				t.Errorf("%v: status %d, stdout %q, stderr %q", args, r.code, r.stdout, r.stderr)
			}
			continue
		}
		lines := strings.Split(r.stdout, "\n")
		if r.code != 0 || len(lines) < 3 || lines[0] != tool(t, dir, []byte(want), "sha256sum").stdout[:64]+"  p" ||
			lines[len(lines)-2] != tool(t, dir, []byte("two\n"), "sha256sum").stdout[:64]+"  p" {
			t.Errorf("%v: status %d, stdout %q, stderr %q", args, r.code, r.stdout, r.stderr)
		}
	}
}

// closedStdin runs the program name, found in bin (else on $PATH), with
// descriptor 0 closed, through sh's <&-.
func closedStdin(t *testing.T, dir, bin, name string, args ...string) runResult {
	t.Helper()
	cmd := exec.Command("/bin/sh", append([]string{"-c", `exec "$0" "$@" <&-`, name}, args...)...)
	if bin != "" {
		cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	}
	return runIn(t, cmd, dir, nil)
}

// TestClosedStdin: a closed standard input is an error where it is read, as
// sha256sum reports it, not an empty input: the Go runtime puts /dev/null
// (read-write) on a closed descriptor 0, and it was hashed as empty.
func TestClosedStdin(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "f"), []byte("file\n"), 0o644)
	if _, err := exec.LookPath("sha256sum"); err != nil {
		t.Skip("no sha256sum")
	}
	links := filepath.Dir(linkAs(t, "sha256sum"))
	for _, args := range [][]string{nil, {"-"}, {"--tag", "-", "f"}, {"-c"}, {"-c", "--status", "-"}, {"f"}} {
		want := closedStdin(t, dir, "", "sha256sum", args...)
		if got := closedStdin(t, dir, links, "sha256sum", args...); got != want {
			t.Errorf("sha256sum %q <&-: hashkit %d %q %q; sha256sum %d %q %q", args, got.code, got.stdout, got.stderr, want.code, want.stdout, want.stderr)
		}
		hkArgs := append([]string{"sum"}, args...)
		if len(args) > 0 && args[0] == "-c" {
			hkArgs = append([]string{"check"}, args[1:]...)
		}
		got := closedStdin(t, dir, filepath.Dir(binary), "hashkit", hkArgs...)
		if got.code != want.code || got.stdout != want.stdout || strings.Count(got.stderr, "\n") != max(strings.Count(want.stderr, "\n")-1, 0) ||
			want.code != 0 && !strings.Contains(got.stderr, "Bad file descriptor") {
			t.Errorf("hashkit %q <&-: %d %q %q; sha256sum %d %q %q", hkArgs, got.code, got.stdout, got.stderr, want.code, want.stdout, want.stderr)
		}
	}
	// A read-only /dev/null is an empty input, as for sha256sum.
	if r := hk(t, dir, nil, "sum"); r.code != 0 || !strings.HasPrefix(r.stdout, "e3b0c442") {
		t.Errorf("sum </dev/null: %d %q %q", r.code, r.stdout, r.stderr)
	}
}
