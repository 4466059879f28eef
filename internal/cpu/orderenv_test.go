package cpu_test

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestOrderVarChild registers kernels as a package would and prints the
// choice; TestOrderVar runs it in a child process, since the registry
// reads HASHKIT_ORDER once, at start-up.
func TestOrderVarChild(t *testing.T) {
	if os.Getenv("HASHKIT_ORDER_CHILD") != "1" {
		t.Skip("run by TestOrderVar")
	}
	var choice cpu.KernelID
	var runs cpu.KernelSet
	cpu.RegisterRoleFallbacks("envtest", cpu.RoleBlock, &choice, &runs,
		cpu.Kernel{Name: "first", ID: 1},
		cpu.Kernel{Name: "absent", ID: 2, Needs: cpu.AVX | cpu.ASIMD},
		cpu.Kernel{Name: "second", ID: 3},
		cpu.Kernel{Name: "off", ID: 4})
	fmt.Printf("chose=%s choice=%d runs=%v,%v,%v,%v\n", cpu.Shipped("envtest", cpu.RoleBlock), choice, runs.Has(1), runs.Has(2), runs.Has(3), runs.Has(4))
}

// TestOrderVar checks that the kernel chosen follows HASHKIT_ORDER, and
// that the variable never switches on a kernel the CPU lacks or
// HASHKIT_DISABLE lists, nor lets a bad entry change anything.
func TestOrderVar(t *testing.T) {
	hashtest.SkipWithoutSubprocesses(t)
	for order, want := range map[string]string{
		"":                                      "chose=first choice=1 runs=true,false,true,false",
		"envtest/block=second":                  "chose=second choice=3 runs=false,false,true,false",
		"envtest/block=absent,off,second":       "chose=second choice=3 runs=false,false,true,false",
		"envtest/block=absent,off":              "chose=first choice=1 runs=true,false,true,false",
		"ENVTEST/BLOCK = Second":                "chose=second choice=3 runs=false,false,true,false",
		"envtest/block=generic":                 "chose=generic choice=0 runs=false,false,false,false",
		"envtest/block=nosuch,second":           "chose=first choice=1 runs=true,false,true,false",
		"envtest/block":                         "chose=first choice=1 runs=true,false,true,false",
		"envtest=second;envtest/block=second;x": "chose=second choice=3 runs=false,false,true,false",
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestOrderVarChild$")
		cmd.Env = append(os.Environ(), "HASHKIT_ORDER_CHILD=1", "HASHKIT_ORDER="+order, "HASHKIT_DISABLE=envtest/off")
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			t.Skipf("cannot run a child test process here: %v", err)
		}
		// The child prints its line before the test framework's PASS.
		got, _, _ := strings.Cut(string(out), "\n")
		if err != nil || got != want {
			t.Errorf("HASHKIT_ORDER=%q: %q (%v), want %q", order, out, err, want)
		}
	}
}
