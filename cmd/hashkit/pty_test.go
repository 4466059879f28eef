//go:build unix

package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
)

// runPTY runs the binary with its standard streams on a pseudo-terminal
// (stdout on a pipe instead when pipeStdout), typing input, and returns what
// the terminal showed and what reached the stdout pipe.
func runPTY(t *testing.T, dir string, env []string, input string, pipeStdout bool, args ...string) (screen, stdout string, code int) {
	t.Helper()
	return runPTYWith(t, dir, env, input, pipeStdout, 0, args...)
}

// runPTYInterrupt is runPTY that types Ctrl-C after the delay.
func runPTYInterrupt(t *testing.T, dir string, env []string, input string, after time.Duration, args ...string) (screen, stdout string, code int) {
	t.Helper()
	return runPTYWith(t, dir, env, input, false, after, args...)
}

func runPTYWith(t *testing.T, dir string, env []string, input string, pipeStdout bool, interruptAfter time.Duration, args ...string) (screen, stdout string, code int) {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
	// A session with the pseudo-terminal as controlling terminal, so that
	// Ctrl-C reaches the program as SIGINT.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	var out bytes.Buffer
	if pipeStdout {
		cmd.Stdout = &out
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tty.Close()
	var scr bytes.Buffer
	done := make(chan struct{})
	go func() {
		io.Copy(&scr, ptmx) // ends with EIO when the child exits
		close(done)
	}()
	if input != "" {
		time.Sleep(300 * time.Millisecond)
		for _, line := range strings.SplitAfter(input, "\r") {
			ptmx.Write([]byte(line))
			time.Sleep(200 * time.Millisecond)
		}
	}
	if interruptAfter > 0 {
		time.Sleep(interruptAfter)
		ptmx.Write([]byte{3}) // the terminal's interrupt character sends SIGINT
	}
	err = cmd.Wait()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
	}
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return scr.String(), out.String(), code
}

func bigSparse(t *testing.T, size int64) string {
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "big"))
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(size)
	f.Close()
	return dir
}

func TestProgressBarOnTerminal(t *testing.T) {
	dir := bigSparse(t, 256<<20)
	// ripemd160 is slow enough that 256 MiB takes several progress ticks.
	screen, _, code := runPTY(t, dir, []string{"HASHKIT_PROGRESS_DELAY=0s"}, "", false, "sum", "-a", "ripemd160", "big")
	if code != 0 {
		t.Fatalf("status %d: %q", code, screen)
	}
	if !strings.Contains(screen, "hashing") || !strings.Contains(screen, "MB") {
		t.Fatalf("no progress bar on the terminal: %q", screen)
	}
	if !strings.Contains(screen, "  big") {
		t.Fatalf("no checksum line: %q", screen)
	}
}

func TestNoProgressBarWhenPiped(t *testing.T) {
	dir := bigSparse(t, 256<<20)
	screen, stdout, code := runPTY(t, dir, []string{"HASHKIT_PROGRESS_DELAY=0s"}, "", true, "sum", "-a", "ripemd160", "big")
	if code != 0 || strings.Contains(screen, "hashing") || !strings.HasSuffix(stdout, "  big\n") {
		t.Fatalf("status %d, terminal %q, stdout %q", code, screen, stdout)
	}
}

func TestNoProgressBarForQuickFiles(t *testing.T) {
	dir := bigSparse(t, 1<<20)
	// The delay is set well above the work's time so that other load on
	// the machine cannot make the quick job slow.
	screen, _, code := runPTY(t, dir, []string{"HASHKIT_PROGRESS_DELAY=10s"}, "", false, "sum", "big")
	if code != 0 || strings.Contains(screen, "hashing") {
		t.Fatalf("status %d, terminal %q", code, screen)
	}
}

// TestProgressBarNeverSharesALine: with stdout and stderr on one terminal,
// every checksum line starts on a line of its own, the bar wiped before it.
func TestProgressBarNeverSharesALine(t *testing.T) {
	dir := bigSparse(t, 192<<20)
	os.WriteFile(filepath.Join(dir, "small"), []byte("small"), 0o644)
	want := hk(t, dir, nil, "sum", "-a", "ripemd160", "big", "small", "big").stdout
	screen, _, code := runPTY(t, dir, []string{"HASHKIT_PROGRESS_DELAY=0s"}, "", false, "sum", "-a", "ripemd160", "big", "small", "big")
	if code != 0 || !strings.Contains(screen, "hashing") {
		t.Fatalf("status %d, no bar: %q", code, screen)
	}
	for _, line := range strings.SplitAfter(strings.TrimSuffix(want, "\n"), "\n") {
		line = strings.TrimSuffix(line, "\n")
		i := strings.Index(screen, line)
		if i < 0 {
			t.Fatalf("line %q not on the terminal: %q", line, screen)
		}
		if i > 0 && screen[i-1] != '\r' && screen[i-1] != '\n' {
			t.Errorf("line %q shares the terminal line with %q", line, screen[max(0, i-60):i])
		}
		if rest := screen[i+len(line):]; !strings.HasPrefix(rest, "\r\n") {
			t.Errorf("line %q is followed by %q", line, rest[:min(len(rest), 40)])
		}
	}
}

// TestNoProgressWhileReadingTheTerminal: hashing standard input typed at
// the terminal draws nothing over what the user types.
func TestNoProgressWhileReadingTheTerminal(t *testing.T) {
	dir := t.TempDir()
	screen, _, code := runPTY(t, dir, []string{"HASHKIT_PROGRESS_DELAY=0s"}, "typed text\r\x04", false, "sum", "--progress", "always")
	sum := sha256.Sum256([]byte("typed text\n"))
	if code != 0 || !strings.Contains(screen, hex.EncodeToString(sum[:])+"  -") {
		t.Fatalf("status %d, terminal %q", code, screen)
	}
	if strings.Contains(screen, "hashing") {
		t.Fatalf("a progress bar was drawn while the terminal was read: %q", screen)
	}
}
