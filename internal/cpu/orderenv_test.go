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
	var first, second, absent, off bool
	cpu.RegisterKernel(cpu.Kernel{Pkg: "envtest", Name: "first", Role: cpu.RoleBlock, Flag: &first})
	cpu.RegisterKernel(cpu.Kernel{Pkg: "envtest", Name: "absent", Role: cpu.RoleBlock, Needs: cpu.AVX | cpu.ASIMD, Flag: &absent})
	cpu.RegisterKernel(cpu.Kernel{Pkg: "envtest", Name: "second", Role: cpu.RoleBlock, Flag: &second})
	cpu.RegisterKernel(cpu.Kernel{Pkg: "envtest", Name: "off", Role: cpu.RoleBlock, Flag: &off})
	fmt.Printf("chose=%s flags=%v,%v,%v,%v\n", cpu.Shipped("envtest", cpu.RoleBlock), first, absent, second, off)
}

// TestOrderVar checks that the kernel chosen follows HASHKIT_ORDER, and
// that the variable never switches on a kernel the CPU lacks or
// HASHKIT_DISABLE lists, nor lets a bad entry change anything.
func TestOrderVar(t *testing.T) {
	hashtest.SkipWithoutSubprocesses(t)
	for order, want := range map[string]string{
		"":                                      "chose=first flags=true,false,true,false",
		"envtest/block=second":                  "chose=second flags=false,false,true,false",
		"envtest/block=absent,off,second":       "chose=second flags=false,false,true,false",
		"envtest/block=absent,off":              "chose=first flags=true,false,true,false",
		"ENVTEST/BLOCK = Second":                "chose=second flags=false,false,true,false",
		"envtest/block=generic":                 "chose=generic flags=false,false,false,false",
		"envtest/block=nosuch,second":           "chose=first flags=true,false,true,false",
		"envtest/block":                         "chose=first flags=true,false,true,false",
		"envtest=second;envtest/block=second;x": "chose=second flags=false,false,true,false",
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
