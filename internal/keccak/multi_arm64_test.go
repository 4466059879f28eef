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

// TestNEONx2Direct calls the two-state kernel itself on random states, with
// the two states' blocks at unrelated (and unaligned) offsets, for both
// rates, 12 and 24 rounds and several blocks a call, against P1600 on each
// state.
func TestNEONx2Direct(t *testing.T) {
	if !slices.Contains(cpu.Impls("keccak"), "neonx2") {
		t.Skip("no SHA3 instructions here")
	}
	for _, lanes := range []int{17, 21} {
		for _, groups := range []int{1, 2} {
			for _, blocks := range []int{1, 2, 5} {
				t.Run(fmt.Sprintf("lanes=%d/rounds=%d/blocks=%d", lanes, 12*groups, blocks), func(t *testing.T) {
					rate := 8 * lanes
					in := hashtest.RandBytes(uint64(lanes*blocks+groups), 3*blocks*rate+11)
					offs := [2]uint64{uint64(blocks*rate + 11), 3}
					st := hashtest.RandBytes(uint64(blocks), 50*8)
					var s [50]uint64
					var want [2][25]uint64
					for i := range s {
						s[i] = binary.LittleEndian.Uint64(st[8*i:])
						want[i%2][i/2] = s[i]
					}
					for j := range 2 {
						for b := range blocks {
							xorIn(&want[j], 0, in[int(offs[j])+b*rate:][:rate])
							P1600(&want[j], 12*groups)
						}
					}
					absorbX2SHA3(&s, in, &offs, blocks, lanes, &rc[MaxRounds-12*groups], groups)
					for i := range s {
						if s[i] != want[i%2][i/2] {
							t.Fatalf("lane %d of state %d differs", i/2, i%2)
						}
					}
				})
			}
		}
	}
}

// TestNEONx2Switch checks that cpu.Select and HASHKIT_DISABLE reach the
// kernel: with it selected the leaves and Multi take the two-state layout,
// with the portable code selected they take none.
func TestNEONx2Switch(t *testing.T) {
	defer restoreImpls()
	if strings.Contains(os.Getenv("HASHKIT_DISABLE"), "keccak/neonx2") {
		if useNEONx2 || slices.Contains(cpu.Impls("keccak"), "neonx2") {
			t.Fatal("HASHKIT_DISABLE=keccak/neonx2 leaves the kernel on")
		}
	}
	if cpu.Select("keccak", "neonx2") {
		if w, _ := leavesWidth(); w != 2 || afterWidth() != 2 || !multiKernel() || multiShift(8) != 1 {
			t.Fatalf("neonx2 selected: leaves width %d, after width %d, Multi kernel %v, shift %d", w, afterWidth(), multiKernel(), multiShift(8))
		}
	}
	selectImpl("generic")
	if w, _ := leavesWidth(); w != 0 || afterWidth() != 0 || multiKernel() || multiShift(8) != 3 {
		t.Fatalf("portable code selected: leaves width %d, after width %d, Multi kernel %v, shift %d", w, afterWidth(), multiKernel(), multiShift(8))
	}
}
