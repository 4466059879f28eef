package preempt

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"slices"
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

// ranges records the ranges a helper hands to f and checks that they
// follow each other from 0.
func ranges(t *testing.T) (func(i, j int), *[]int) {
	var lens []int
	next := 0
	return func(i, j int) {
		if i != next || j < i {
			t.Fatalf("range [%d, %d) after %v", i, j, lens)
		}
		next = j
		lens = append(lens, j-i)
	}, &lens
}

func TestBlocks(t *testing.T) {
	for _, size := range []int{1, 64, 128, 136, 168, 1024} {
		step := Piece - Piece%size
		for _, n := range []int{0, size - 1, size, size + 1, step - 1, step, step + 1, step + size - 1, step + size, Piece, Piece + 1, 3*step + 2*size - 1} {
			f, lens := ranges(t)
			whole := Blocks(n, size, f)
			if whole != n-n%size {
				t.Fatalf("size %d, %d bytes: Blocks returned %d, want %d", size, n, whole, n-n%size)
			}
			sum := 0
			for k, m := range *lens {
				if m == 0 || m%size != 0 || (k < len(*lens)-1 && m != step) {
					t.Fatalf("size %d, %d bytes: pieces %v", size, n, *lens)
				}
				sum += m
			}
			if sum != whole {
				t.Fatalf("size %d, %d bytes: pieces %v cover %d bytes, want %d", size, n, *lens, sum, whole)
			}
		}
	}
}

func TestSplit(t *testing.T) {
	for _, unit := range []int{1, 64, 136, 168} {
		step := Piece - Piece%unit
		for _, n := range []int{0, 1, step - 1, step, step + 1, Piece, Piece + 1, 2 * step, 2*step + 1, 3*step + 7} {
			f, lens := ranges(t)
			Split(n, unit, f)
			want := []int{}
			for r := n; ; r -= step {
				if r <= step {
					want = append(want, r)
					break
				}
				want = append(want, step)
			}
			if !slices.Equal(*lens, want) {
				t.Fatalf("unit %d, %d bytes: pieces %v, want %v", unit, n, *lens, want)
			}
		}
	}
}

func TestSteps(t *testing.T) {
	for _, per := range []int{1, 7, 512} {
		for _, n := range []int{0, 1, per - 1, per, per + 1, 2 * per, 5*per + 3} {
			f, lens := ranges(t)
			Steps(n, per, f)
			sum := 0
			for k, m := range *lens {
				if m < 1 || m > per || (k < len(*lens)-1 && m != per) {
					t.Fatalf("per %d, n %d: runs %v", per, n, *lens)
				}
				sum += m
			}
			if sum != n {
				t.Fatalf("per %d, n %d: runs %v cover %d steps", per, n, *lens, sum)
			}
		}
	}
}
