// Package keccakgen holds what the Keccak-p[1600] generators of _asm/keccak
// share: FIPS 202's step tables, taken from internal/keccak (whose tests
// recompute them from the standard's algorithms), and the round-constant
// table their kernels read.
package keccakgen

import (
	. "github.com/mmcloughlin/avo/operand"

	"github.com/hashkit/hashkit/_asm/internal/asmutil"
	"github.com/hashkit/hashkit/internal/keccak"
)

// Rho returns ρ's rotation of lane l = x+5y (FIPS 202 section 3.2.2).
func Rho(l int) int { return keccak.RhoOffset(l) }

// PairLanes returns the block sizes in lanes that internal/keccak passes to
// the paired-layout absorb kernel.
func PairLanes() []int { return keccak.PairLanes() }

// Source returns the lane that π moves to position (x, y): π (FIPS 202
// section 3.2.3) sets A'[x, y] = A[x+3y, x].
func Source(x, y int) int { return (x+3*y)%5 + 5*x }

// RC returns internal/keccak's table of the round constants RC[0..23],
// which its tests recompute with FIPS 202's rc(t).
func RC() Mem { return asmutil.GoVar("rc") }
