package main

import (
	"os"

	"golang.org/x/term"
)

func defaultEnv() *env {
	return &env{
		stdin:      os.Stdin,
		stdout:     os.Stdout,
		stderr:     os.Stderr,
		isTerminal: func(fd uintptr) bool { return term.IsTerminal(int(fd)) },
	}
}

// terminalFd returns the descriptor of w if it is an *os.File.
func terminalFd(w any) (uintptr, bool) {
	if f, ok := w.(*os.File); ok {
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
// person is watching) rather than in large writes.
func (e *env) flushEachLine() bool { return e.onTerminal(e.stdout) }
