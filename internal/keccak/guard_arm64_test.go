//go:build linux && !purego

package keccak

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
)

// The arm64 kernels' guard-page tests, apart because hashtest's guard page
// is Linux-only.

// TestAbsorbARM64GuardPage places the input at the end of a page followed
// by an inaccessible one: an absorb loop that read past its last whole
// block would fault.
func TestAbsorbARM64GuardPage(t *testing.T) {
	g := hashtest.NewGuardPage(t)
	src := hashtest.RandBytes(11, g.Size())
	kernels := arm64KernelsHere(t)
	for _, lanes := range []int{9, 13, 17, 18, 21, 25, 1} {
		for blocks := 1; blocks <= 3; blocks++ {
			n := blocks * 8 * lanes
			if n > g.Size() {
				continue
			}
			for _, extra := range []int{0, 3} {
				in := g.Place(src[:n+extra])
				var want [25]uint64
				absorbRef(&want, bytes.Clone(in), lanes, 24)
				for _, k := range kernels {
					var got [25]uint64
					k.f(&got, in, lanes, 24, false)
					if got != want {
						t.Fatalf("%s: %d lanes, %d blocks + %d bytes at the end of the page: differs", k.name, lanes, blocks, extra)
					}
				}
			}
		}
	}
}

// TestMultiGuardPage places the states' blocks one after the other at the
// end of a page followed by an inaccessible one: a kernel that read past
// the last state's last block would fault.
func TestMultiGuardPage(t *testing.T) {
	g := hashtest.NewGuardPage(t)
	for _, k := range multiKernels {
		if !slices.Contains(cpu.Impls("keccak"), k.name) {
			continue
		}
		for _, lanes := range []int{17, 21} {
			for blocks := 1; blocks <= 3; blocks++ {
				rate := 8 * lanes
				in := g.Place(hashtest.RandBytes(uint64(blocks), k.width*blocks*rate))
				offs := make([]uint64, k.width)
				for j := range offs {
					offs[j] = uint64(j * blocks * rate)
				}
				t.Run(fmt.Sprintf("%s/lanes=%d/blocks=%d", k.name, lanes, blocks), func(t *testing.T) {
					checkMulti(t, k.width, lanes, 1, blocks, in, offs, k.f)
				})
			}
		}
	}
}
