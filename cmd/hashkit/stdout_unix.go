//go:build unix

package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// stdoutClosed reports whether the command was started with standard output
// closed (`hashkit sum f >&-`). The Go runtime then opens /dev/null on
// descriptor 1, read-write, so writes would vanish where coreutils reports
// "Bad file descriptor". A shell redirection opens /dev/null write-only, and
// daemons that point all three descriptors at one read-write /dev/null share
// its open file description: neither is taken for a closed stdout.
func stdoutClosed() bool {
	var st, null unix.Stat_t
	if unix.Fstat(1, &st) != nil || unix.Stat(os.DevNull, &null) != nil {
		return false
	}
	if st.Mode&unix.S_IFMT != unix.S_IFCHR || st.Rdev != null.Rdev {
		return false
	}
	fl, err := unix.FcntlInt(1, unix.F_GETFL, 0)
	if err != nil || fl&unix.O_ACCMODE != unix.O_RDWR {
		return false
	}
	// File status flags belong to the open file description: toggling
	// O_APPEND on 1 shows on 0 or 2 only if they share it.
	if _, err := unix.FcntlInt(1, unix.F_SETFL, fl^unix.O_APPEND); err != nil {
		return false
	}
	defer unix.FcntlInt(1, unix.F_SETFL, fl)
	for _, fd := range []int{0, 2} {
		if other, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0); err == nil && other == fl^unix.O_APPEND {
			return false
		}
	}
	return true
}
