//go:build !unix

package main

import (
	"os"
	"syscall"
)

// dieBySignal returns the status shells give a process killed by s (128 +
// its number); there is no re-raising a signal here.
func dieBySignal(s os.Signal) int {
	if sig, ok := s.(syscall.Signal); ok {
		return 128 + int(sig)
	}
	return 1
}
