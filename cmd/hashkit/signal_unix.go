//go:build unix

package main

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

// dieBySignal ends the process by the signal s with its default action, as
// a program without a handler would die, so that the parent sees the
// signal (a shell loop stops; $? is 128 + its number). If the process is
// still alive after a second, it returns that status for the caller to
// exit with.
func dieBySignal(s os.Signal) int {
	sig, ok := s.(syscall.Signal)
	if !ok {
		return 1
	}
	signal.Reset(sig)
	syscall.Kill(syscall.Getpid(), sig)
	time.Sleep(time.Second)
	return 128 + int(sig)
}
