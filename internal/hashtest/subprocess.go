package hashtest

import (
	"os"
	"testing"
)

// noSubprocess reports whether tests must not start processes:
// scripts/matrix sets HASHKIT_NO_SUBPROCESS under qemu-i386, which
// delivers SIGCHLD onto the goroutine's stack during the wait and crashes
// the Go runtime ("exitsyscall: syscall frame is no longer valid").
func noSubprocess() bool { return os.Getenv("HASHKIT_NO_SUBPROCESS") != "" }

// SkipWithoutSubprocesses skips a test that starts another process where
// HASHKIT_NO_SUBPROCESS is set.
func SkipWithoutSubprocesses(t testing.TB) {
	t.Helper()
	if noSubprocess() {
		t.Skip("HASHKIT_NO_SUBPROCESS is set: this test starts a process")
	}
}
