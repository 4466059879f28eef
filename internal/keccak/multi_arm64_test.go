//go:build !purego

package keccak

import (
	"encoding/binary"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
)

// multiKernels are the multi-state kernels, called directly.
var multiKernels = []struct {
	name  string
	width int
	f     func(s []uint64, in []byte, offs []uint64, blocks, lanes, groups int)
}{
	{"neonx2", 2, func(s []uint64, in []byte, offs []uint64, blocks, lanes, groups int) {
		absorbX2SHA3((*[50]uint64)(s), in, (*[2]uint64)(offs), blocks, lanes, &rc[MaxRounds-12*groups], groups)
	}},
	{"neonx3", 3, func(s []uint64, in []byte, offs []uint64, blocks, lanes, groups int) {
		absorbX3SHA3((*[75]uint64)(s), in, (*[3]uint64)(offs), blocks, lanes, &rc[MaxRounds-12*groups], groups)
	}},
}

// TestMultiDirect calls each multi-state kernel itself on random states,
// with the states' blocks at unrelated (and unaligned) offsets, for both
// rates, 12 and 24 rounds and one to five blocks a call, against P1600 on
// each state.
func TestMultiDirect(t *testing.T) {
	for _, k := range multiKernels {
		if !slices.Contains(cpu.Impls("keccak"), k.name) {
			t.Logf("%s: no SHA3 instructions here", k.name)
			continue
		}
		for _, lanes := range []int{17, 21} {
			for _, groups := range []int{1, 2} {
				for blocks := 1; blocks <= 5; blocks++ {
					t.Run(fmt.Sprintf("%s/lanes=%d/rounds=%d/blocks=%d", k.name, lanes, 12*groups, blocks), func(t *testing.T) {
						rate := 8 * lanes
						in := hashtest.RandBytes(uint64(lanes*blocks+groups), (k.width+1)*blocks*rate+11)
						// State 0 reads last, state 1 at an odd offset, state 2 at the start.
						offs := []uint64{uint64(k.width*blocks*rate + 11), 3, 0}[:k.width]
						checkMulti(t, k.width, lanes, groups, blocks, in, offs, k.f)
					})
				}
			}
		}
	}
}

// checkMulti runs f on random states and compares each state with xorIn
// and P1600 on its blocks.
func checkMulti(t *testing.T, width, lanes, groups, blocks int, in []byte, offs []uint64, f func(s []uint64, in []byte, offs []uint64, blocks, lanes, groups int)) {
	rate := 8 * lanes
	st := hashtest.RandBytes(uint64(blocks), 25*width*8)
	s := make([]uint64, 25*width)
	want := make([][25]uint64, width)
	for i := range s {
		s[i] = binary.LittleEndian.Uint64(st[8*i:])
		want[i%width][i/width] = s[i]
	}
	for j := range width {
		for b := range blocks {
			xorIn(&want[j], 0, in[int(offs[j])+b*rate:][:rate])
			P1600(&want[j], 12*groups)
		}
	}
	f(s, in, offs, blocks, lanes, groups)
	for i := range s {
		if s[i] != want[i%width][i/width] {
			t.Fatalf("lane %d of state %d differs", i/width, i%width)
		}
	}
}

// TestMultiSwitch checks that cpu.Select and HASHKIT_DISABLE reach the
// kernels: with one selected the leaves and Multi take its layout (the
// three-state kernel with pairs beside it for one, two or four sponges, as
// long as the two-state kernel is on), with the portable code selected they
// take none.
func TestMultiSwitch(t *testing.T) {
	defer restoreImpls()
	for _, k := range []string{"keccak/neonx2", "keccak/neonx3"} {
		if strings.Contains(os.Getenv("HASHKIT_DISABLE"), k) {
			if slices.Contains(cpu.Impls("keccak"), strings.TrimPrefix(k, "keccak/")) {
				t.Fatalf("HASHKIT_DISABLE=%s leaves the kernel on", k)
			}
		}
	}
	if cpu.Select("keccak", "neonx3") {
		w, _ := leavesWidth()
		if w != 3 || afterWidth() != 3 || !multiKernel() || multiWidth(3) != 3 || multiWidth(8) != 3 {
			t.Fatalf("neonx3 selected: leaves width %d, after width %d, Multi kernel %v, widths %d, %d", w, afterWidth(), multiKernel(), multiWidth(3), multiWidth(8))
		}
		if fewWidth() != 0 || multiWidth(1) != 3 || multiWidth(4) != 3 {
			t.Fatalf("neonx3 alone: few width %d, Multi widths for 1 and 4: %d, %d", fewWidth(), multiWidth(1), multiWidth(4))
		}
	}
	if cpu.Select("keccak", "neonx2") {
		if w, _ := leavesWidth(); w != 2 || afterWidth() != 2 || fewWidth() != 0 || !multiKernel() || multiWidth(8) != 2 || multiStateKernel == kernelNEONx3 {
			t.Fatalf("neonx2 selected: leaves width %d, after width %d, Multi kernel %v, width %d", w, afterWidth(), multiKernel(), multiWidth(8))
		}
	}
	// As shipped, the two-state kernel stays on beside the three-state one
	// for pairs.
	restoreImpls()
	if on := multiStateRuns.Has(kernelNEONx2); multiStateKernel == kernelNEONx3 && (fewWidth() == 2) != on {
		t.Fatalf("as shipped (neonx2 on: %v): few width %d", on, fewWidth())
	}
	selectImpl("generic")
	if w, _ := leavesWidth(); w != 0 || afterWidth() != 0 || multiKernel() || multiWidth(8) != MultiMax {
		t.Fatalf("portable code selected: leaves width %d, after width %d, Multi kernel %v, width %d", w, afterWidth(), multiKernel(), multiWidth(8))
	}
}
