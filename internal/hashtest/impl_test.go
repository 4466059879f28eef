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
	var batch, singleBlock, oneCall cpu.KernelID
	var batchRuns cpu.KernelSet
	const wide, narrow, single, one, quick = 1, 2, 3, 4, 5
	cpu.RegisterRoleFallbacks("hashtesttest", cpu.RoleBatch, &batch, &batchRuns, cpu.Kernel{Name: "wide", ID: wide}, cpu.Kernel{Name: "narrow", ID: narrow})
	cpu.RegisterRole("hashtesttest", cpu.RoleSingleBlock, &singleBlock, cpu.Kernel{Name: "single", ID: single}, cpu.Kernel{Name: "one", ID: one})
	cpu.RegisterRole("hashtesttest", cpu.RoleOneCall, &oneCall, cpu.Kernel{Name: "quick", ID: quick})
	var runs []string
	AllImplementations(t, "hashtesttest", func(t *testing.T) {
		var on []string
		for _, k := range []struct {
			name string
			on   bool
		}{{"wide", batchRuns.Has(wide)}, {"narrow", batchRuns.Has(narrow)}, {"single", singleBlock == single}, {"one", singleBlock == one}, {"quick", oneCall == quick}} {
			if k.on {
				on = append(on, k.name)
			}
		}
		name := t.Name()[strings.LastIndexByte(t.Name(), '/')+1:]
		runs = append(runs, name+"="+strings.Join(on, "+"))
	})
	want := []string{
		"wide=wide+single+quick", "narrow=narrow+single+quick", "single=wide+narrow+single+quick",
		"one=wide+narrow+one+quick", "quick=wide+narrow+single+quick", "without-one-call=wide+narrow+single",
		"generic=",
	}
	if !slices.Equal(runs, want) {
		t.Fatalf("runs %v, want %v", runs, want)
	}
	if batchRuns != 1<<wide|1<<narrow || singleBlock != single || oneCall != quick {
		t.Fatalf("the shipped kernels were not restored: batch runs %b, single-block %d, one-call %d", batchRuns, singleBlock, oneCall)
	}
}
