package hashtest

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
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

// AlsoWithKernelsOff runs the test named test (the caller) again in a child
// process with HASHKIT_DISABLE listing every kernel registered for pkg, so
// that the caller's checks also run on the portable code as a user who
// switched the kernels off gets it; t fails if the child fails. In the
// child it checks that none of pkg's kernels is available and returns, and
// the caller goes on with its checks there.
func AlsoWithKernelsOff(t *testing.T, test, pkg string) {
	t.Helper()
	if os.Getenv("HASHTEST_KERNELS_OFF") == pkg {
		for _, k := range cpu.Kernels() {
			if k.Pkg == pkg && k.Available {
				t.Fatalf("%s/%s is available with HASHKIT_DISABLE=%s", k.Pkg, k.Name, os.Getenv("HASHKIT_DISABLE"))
			}
		}
		return
	}
	if noSubprocess() {
		t.Log("HASHKIT_NO_SUBPROCESS is set: not run with the kernels off")
		return
	}
	var off []string
	for _, k := range cpu.Kernels() {
		if k.Pkg == pkg {
			off = append(off, k.Pkg+"/"+k.Name)
		}
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$", "-test.short")
	// The kernels are off on purpose: none can be required there.
	cmd.Env = append(os.Environ(), "HASHKIT_DISABLE="+strings.Join(off, ","), "HASHTEST_KERNELS_OFF="+pkg, "HASHKIT_REQUIRE_IMPL=")
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		t.Errorf("%s with HASHKIT_DISABLE=%s:\n%s", test, strings.Join(off, ","), out)
	case err != nil:
		// Under qemu user emulation or on js/wasm the test binary cannot
		// start itself.
		t.Logf("cannot run a child test process here: %v", err)
	}
}
