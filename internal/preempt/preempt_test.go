package preempt

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
)

// TestPointKeepsStackCheck spins on Point with GOMAXPROCS=1 and the
// runtime's asynchronous preemption turned off (in a child process, since
// GODEBUG is read at start), so that the prologue of Point is the only
// place the spinning goroutine can be stopped: another goroutine must get
// to run before the spin ends. Without the stack check the spin runs to its
// end first. (The workloads of the root package's TestPreemption check the
// callers.)
func TestPointKeepsStackCheck(t *testing.T) {
	if os.Getenv("HASHKIT_PREEMPT_CHILD") == "1" {
		spinOnPoint(t)
		return
	}
	if testing.Short() {
		t.Skip("starts a child process and spins for up to a second; skipped under -short")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestPointKeepsStackCheck$", "-test.v")
	cmd.Env = append(os.Environ(), "HASHKIT_PREEMPT_CHILD=1", "GODEBUG=asyncpreemptoff=1")
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Skipf("cannot run a child test process here: %v", err)
	}
	if err != nil || !strings.Contains(string(out), "--- PASS: TestPointKeepsStackCheck") {
		t.Fatalf("child process: %v\n%s", err, out)
	}
}

func spinOnPoint(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var ran atomic.Bool
	go ran.Store(true)
	// About a second of calls; the scheduler asks a goroutine to yield
	// after 10 ms.
	const calls = 400_000_000
	i := 0
	for ; i < calls && !ran.Load(); i++ {
		Point()
	}
	if !ran.Load() {
		t.Fatalf("the other goroutine did not run during %d calls of Point", calls)
	}
	t.Logf("the other goroutine ran after %d calls", i)
}

func TestCounter(t *testing.T) {
	var c Counter
	const steps = Piece / 100 // 655 steps of 100 bytes stay below Piece
	for range steps {
		c.Add(100)
	}
	if c != steps*100 {
		t.Fatalf("Counter at %d after %d bytes", c, steps*100)
	}
	if c.Add(100); c != 0 {
		t.Fatalf("Counter at %d after passing Piece, want 0", c)
	}
}

func TestClear(t *testing.T) {
	for _, n := range []int{0, 1, Piece/8 - 1, Piece / 8, Piece/8 + 1, 3*Piece/8 + 5} {
		s := make([]uint64, n+2)
		for i := range s {
			s[i] = ^uint64(i)
		}
		Clear(s[1 : n+1])
		if s[0] == 0 || s[n+1] == 0 {
			t.Fatalf("n=%d: Clear wrote outside its slice", n)
		}
		for i, v := range s[1 : n+1] {
			if v != 0 {
				t.Fatalf("n=%d: word %d not cleared", n, i)
			}
		}
	}
}
