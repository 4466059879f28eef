package main

import (
	"os"
	"syscall"

	"golang.org/x/term"
)

func defaultEnv() *env {
	// A standard output closed at startup (>&-) cannot be told from a
	// read-write /dev/null: the Go runtime opens one on descriptor 1, and
	// Python's subprocess.DEVNULL and Node's "ignore" pass one. Output to
	// either succeeds, so that the exit status stays the check's verdict.
	return &env{
		prog:       "hashkit",
		stdin:      os.Stdin,
		stdout:     os.Stdout,
		stderr:     os.Stderr,
		isTerminal: func(fd uintptr) bool { return term.IsTerminal(int(fd)) },
	}
}

// fileOf returns the file behind w, looking through stdout's checkedWriter.
func fileOf(w any) (*os.File, bool) {
	if c, ok := w.(*checkedWriter); ok {
		w = c.w
	}
	f, ok := w.(*os.File)
	return f, ok
}

// terminalFd returns the descriptor of w if it is an *os.File.
func terminalFd(w any) (uintptr, bool) {
	if f, ok := fileOf(w); ok {
		return f.Fd(), true
	}
	return 0, false
}

// onTerminal reports whether w is a terminal.
func (e *env) onTerminal(w any) bool {
	fd, ok := terminalFd(w)
	return ok && e.isTerminal(fd)
}

// flushEachLine reports whether output should appear line by line (a
// person is watching) rather than in large writes. It asks once: the
// answer does not change, and the question is a system call.
func (e *env) flushEachLine() bool {
	e.lineOnce.Do(func() { e.lineByLine = e.onTerminal(e.stdout) })
	return e.lineByLine
}

// stdinError is the error of reading standard input if descriptor 0 was
// closed when the process started, else nil. The Go runtime puts /dev/null
// on a closed descriptor 0, which would hash as empty input; sha256sum
// reports the closed descriptor instead. The caller's use is remembered for
// the last line coreutils prints (stdinFailed).
func (e *env) stdinError() error {
	if f, ok := e.stdin.(*os.File); !ok || f != os.Stdin || !closedAtStart(f) {
		return nil
	}
	e.stdinFailed.Store(true)
	return syscall.EBADF
}
