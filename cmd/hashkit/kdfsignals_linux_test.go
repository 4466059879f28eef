//go:build linux

package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/hashkit/hashkit/scrypt"
	"golang.org/x/sys/unix"
)

// The kdf command's behaviour at a terminal: its prompts, Ctrl-C and
// signals, through a pseudo-terminal (Linux's termios requests).

// startOnPTY starts the binary with its standard streams on a new
// pseudo-terminal that is its controlling terminal.
func startOnPTY(t *testing.T, args ...string) (*exec.Cmd, *os.File, *syncBuffer, chan struct{}) {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { ptmx.Close() })
	cmd := exec.Command(binary, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tty.Close()
	screen := &syncBuffer{}
	done := make(chan struct{})
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := ptmx.Read(buf)
			screen.Write(buf[:n])
			if err != nil {
				close(done)
				return
			}
		}
	}()
	return cmd, ptmx, screen, done
}

// syncBuffer is a bytes.Buffer that a reader goroutine fills while the test
// looks at it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor waits until the output shows want: the command is then past its
// start, with its signal handlers in place.
func waitFor(t *testing.T, out *syncBuffer, want string) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !strings.Contains(out.String(), want); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%q never appeared: %q", want, out.String())
		}
	}
}

// killedBy is exitCode's status for a process killed by sig: its negated
// number, apart from every exit status.
func killedBy(sig syscall.Signal) int { return -int(sig) }

// exitCode waits for cmd and returns its exit status, or killedBy(sig) if
// a signal killed it.
func exitCode(t *testing.T, cmd *exec.Cmd) int {
	t.Helper()
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	select {
	case err := <-waited:
		if ee, ok := err.(*exec.ExitError); ok {
			if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
				return killedBy(ws.Signal())
			}
			return ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return 0
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the command did not stop")
	}
	return -1
}

// TestKDFSignalsAtPrompts: Ctrl-C and SIGTERM at the password prompts end
// the command at once, by that signal, with the terminal's echo back on.
func TestKDFSignalsAtPrompts(t *testing.T) {
	for _, c := range []struct {
		name  string
		typed string // before the signal
		sig   func(cmd *exec.Cmd, ptmx *os.File)
		code  int
	}{
		{"ctrl-c at Password", "", func(_ *exec.Cmd, p *os.File) { p.Write([]byte{3}) }, killedBy(syscall.SIGINT)},
		{"ctrl-c at Repeat", "pw\r", func(_ *exec.Cmd, p *os.File) { p.Write([]byte{3}) }, killedBy(syscall.SIGINT)},
		{"SIGTERM at Password", "", func(c *exec.Cmd, _ *os.File) { c.Process.Signal(syscall.SIGTERM) }, killedBy(syscall.SIGTERM)},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd, ptmx, screen, done := startOnPTY(t, "kdf", "scrypt", "--ln", "4")
			waitFor(t, screen, "Password: ")
			if c.typed != "" {
				ptmx.Write([]byte(c.typed))
				waitFor(t, screen, "Repeat password: ")
			}
			c.sig(cmd, ptmx)
			code := exitCode(t, cmd)
			tio, err := unix.IoctlGetTermios(int(ptmx.Fd()), unix.TCGETS)
			select {
			case <-done:
			case <-time.After(2 * time.Second):
			}
			if code != c.code || !strings.Contains(screen.String(), "interrupted") {
				t.Fatalf("status %d (want %d), terminal %q", code, c.code, screen.String())
			}
			if err == nil && tio.Lflag&unix.ECHO == 0 {
				t.Fatalf("echo left off after the signal")
			}
		})
	}
}

// TestKDFSIGTERM: SIGTERM while waiting for a password on a pipe, and
// during a long derivation, ends the command promptly, killed by SIGTERM.
func TestKDFSIGTERM(t *testing.T) {
	for _, c := range []struct {
		name  string
		input bool // write a password and close stdin
		args  []string
	}{
		{"waiting on a pipe", false, []string{"kdf", "argon2id", "-m", "64", "-t", "1"}},
		{"deriving", true, []string{"kdf", "argon2id", "-m", "65536", "-t", "10000", "-p", "1", "--progress", "always"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, binary, c.args...)
			stdin, _ := cmd.StdinPipe()
			cmd.Env = append(os.Environ(), "HASHKIT_PROGRESS_DELAY=0s")
			stderr := &syncBuffer{}
			cmd.Stderr = stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			if c.input {
				stdin.Write([]byte("pw"))
				stdin.Close()
			} else {
				defer stdin.Close()
			}
			if c.input {
				waitFor(t, stderr, "deriving") // the work has begun
			} else {
				time.Sleep(2 * time.Second) // nothing shows the wait has begun
			}
			start := time.Now()
			cmd.Process.Signal(syscall.SIGTERM)
			code := exitCode(t, cmd)
			if code != killedBy(syscall.SIGTERM) || !strings.Contains(stderr.String(), "interrupted") {
				t.Fatalf("status %d, stderr %q", code, stderr.String())
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Fatalf("took %v to stop", d)
			}
		})
	}
}

func TestKDFPasswordPrompt(t *testing.T) {
	dir := t.TempDir()
	screen, _, code := runPTY(t, dir, nil, "hunter2\rhunter2\r", false, "kdf", "scrypt", "--ln", "10", "--salt-string", "NaClNaCl")
	key, _ := scrypt.Key([]byte("hunter2"), []byte("NaClNaCl"), 1<<10, 8, 1, 32)
	want := scrypt.Encode(scrypt.Params{N: 1 << 10, R: 8, P: 1}, []byte("NaClNaCl"), key)
	if code != 0 || !strings.Contains(screen, "Password:") || !strings.Contains(screen, "Repeat password:") || !strings.Contains(screen, want) {
		t.Fatalf("status %d, terminal %q, want %q", code, screen, want)
	}
	if strings.Contains(screen, "hunter2") {
		t.Fatalf("the password was echoed: %q", screen)
	}
	screen, _, code = runPTY(t, dir, nil, "hunter2\rhunter3\r", false, "kdf", "scrypt", "--ln", "10")
	if code != 2 || !strings.Contains(screen, "do not match") {
		t.Fatalf("mismatched repeat: status %d, terminal %q", code, screen)
	}
}

func TestKDFProgressAndInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a 512 MiB Argon2")
	}
	dir := t.TempDir()
	start := time.Now()
	// Type the password twice, then Ctrl-C once the work is under way.
	screen, _, code := runPTYInterrupt(t, dir, []string{"HASHKIT_PROGRESS_DELAY=0s"}, "pw\rpw\r", 2*time.Second,
		"kdf", "argon2id", "-m", "524288", "-t", "20", "-p", "1")
	// ExitCode is -1 for a process killed by a signal: Ctrl-C's SIGINT.
	if code != -1 || !strings.Contains(screen, "interrupted") {
		t.Fatalf("status %d (want death by SIGINT), terminal %q", code, screen)
	}
	if !strings.Contains(screen, "deriving") {
		t.Fatalf("no progress bar: %q", screen)
	}
	// The terminal as shown: no bar and no echoed ^C left on it.
	if shown := render(screen); strings.Contains(shown, "deriving") || strings.Contains(shown, "^C") {
		t.Fatalf("left on the terminal after Ctrl-C: %q", shown)
	}
	if time.Since(start) > 30*time.Second {
		t.Fatalf("Ctrl-C took too long to stop the work")
	}
}
