package hashtest

import (
	"slices"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
)

// TestAllImplementationsRoles checks that forcing a kernel leaves the other
// roles as shipped, that the shipped combination runs when no forced run
// has it, and that the run without the one-call kernel is there.
func TestAllImplementationsRoles(t *testing.T) {
	var wide, narrow, single, one, quick bool
	cpu.RegisterKernel(cpu.Kernel{Pkg: "hashtesttest", Name: "wide", Role: cpu.RoleBatch, Flag: &wide})
	cpu.RegisterKernel(cpu.Kernel{Pkg: "hashtesttest", Name: "narrow", Role: cpu.RoleBatch, Flag: &narrow})
	cpu.RegisterKernel(cpu.Kernel{Pkg: "hashtesttest", Name: "single", Role: cpu.RoleSingleBlock, Flag: &single})
	cpu.RegisterKernel(cpu.Kernel{Pkg: "hashtesttest", Name: "one", Role: cpu.RoleSingleBlock, Flag: &one})
	cpu.RegisterKernel(cpu.Kernel{Pkg: "hashtesttest", Name: "quick", Role: cpu.RoleOneCall, Flag: &quick})
	var runs []string
	AllImplementations(t, "hashtesttest", func(t *testing.T) {
		var on []string
		for _, k := range []struct {
			name string
			on   bool
		}{{"wide", wide}, {"narrow", narrow}, {"single", single}, {"one", one}, {"quick", quick}} {
			if k.on {
				on = append(on, k.name)
			}
		}
		name := t.Name()[strings.LastIndexByte(t.Name(), '/')+1:]
		runs = append(runs, name+"="+strings.Join(on, "+"))
	})
	want := []string{
		"wide=wide+single+one+quick", "narrow=narrow+single+one+quick", "single=wide+narrow+single+quick",
		"one=wide+narrow+one+quick", "quick=wide+narrow+single+one+quick", "without-one-call=wide+narrow+single+one",
		"generic=",
	}
	if !slices.Equal(runs, want) {
		t.Fatalf("runs %v, want %v", runs, want)
	}
	if !wide || !narrow || !single || !one || !quick {
		t.Fatal("the shipped flags were not restored")
	}
}
