package main

import (
	"bytes"
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
	screen, _, code := runPTY(t, dir, nil, "", false, "sum", "big")
	if code != 0 || strings.Contains(screen, "hashing") {
		t.Fatalf("status %d, terminal %q", code, screen)
	}
}
