// Command arm64 writes the arm64 single-state kernels of internal/keccak,
// keccakARM64 and keccakARM64Vec: Keccak-p[1600] with the 25 lanes in
// general registers. avo writes amd64 only, so this is a plain Go program
// that prints Go assembly. Declarations: internal/keccak/p1600_arm64.go.
//
// The round is bound by the number of integer operations (three or four
// integer pipes on Neoverse cores), so the kernels do without every one
// they can:
//
//   - ρ costs nothing: a lane is kept rotated by a "frame" known to the
//     generator (the lane is its register rotated left by the frame), and
//     EOR and BIC take a ROR-shifted register as second operand, so each
//     rotation is folded into the next operation that reads the lane.
//     Frames drift from round to round; the 24 rounds are unrolled, so the
//     generator knows every frame, and only the exit (and the entry of a
//     shorter permutation) rotates lanes into place.
//   - π costs nothing either: it only renames registers, which the
//     generator tracks.
//   - χ is BIC and EOR (no NOT), θ's D[x] = C[x-1] ^ rot(C[x+1], 1) is one
//     EOR. A round is then 101 integer operations: 20 for the column
//     parities, 5 for D, 25 to apply it, 50 for χ and one for ι.
//
// keccakARM64Vec takes ten of them off the integer pipes: two of χ's five
// rows move to vector registers (FMOV, one integer-pipe operation each),
// are rotated to a common frame there (SHL and SRI) and computed with BIC
// and EOR on the vector pipes, and come back with FMOV (a vector-pipe
// operation). keccakARM64 keeps all five rows in general registers, for
// cores whose moves between the register files are slow.
//
// Go assembly leaves 27 usable registers (R0-R17, R19-R26, R30 once saved):
// the 25 lanes and two temporaries. The parities C go through the stack;
// χ, which needs three temporaries for a row computed
// in place, parks one output of each row on the stack. Loads and stores
// run on their own pipes, so these cost no integer operation.
package main

//go:generate go run . -out ../../../internal/keccak/p1600_arm64.s

import (
	"bytes"
	"fmt"
	"log"

	"github.com/hashkit/hashkit/_asm/internal/goasm"
	. "github.com/hashkit/hashkit/_asm/internal/keccakarm64"
	"github.com/hashkit/hashkit/internal/keccak"
)

// out is the file being written; g's emitters write to it.
var (
	out bytes.Buffer
	g   = Gen{Out: &out}
)

// load emits the loads of the state from the array at ptr into s's
// registers, rotated into s's frames.
func load(s *State, ptr string) {
	for l := 0; l < 25; l += 2 {
		if l+1 < 25 {
			g.Emit("LDP\t%d(%s), (%s, %s)", 8*l, ptr, s.Reg[l], s.Reg[l+1])
		} else {
			g.Emit("MOVD\t%d(%s), %s", 8*l, ptr, s.Reg[l])
		}
	}
	for l := range 25 {
		if s.Frame[l] != 0 {
			g.Emit("ROR\t$%d, %s, %s", s.Frame[l], s.Reg[l], s.Reg[l])
		}
	}
}

// store emits the rotations of the lanes back to frame 0 and their stores
// (lanes 0..n-1) to the array at ptr.
func store(s *State, ptr string, n int) {
	for l := range n {
		if s.Frame[l] != 0 {
			g.Emit("ROR\t$%d, %s, %s", 64-s.Frame[l], s.Reg[l], s.Reg[l])
		}
	}
	for l := 0; l < n; l += 2 {
		if l+1 < n {
			g.Emit("STP\t(%s, %s), %d(%s)", s.Reg[l], s.Reg[l+1], 8*l, ptr)
		} else {
			g.Emit("MOVD\t%s, %d(%s)", s.Reg[l], 8*l, ptr)
		}
	}
}

// emit writes instruction lines that are fixed text, one an argument.
func emit(lines ...string) {
	for _, l := range lines {
		g.Emit("%s", l)
	}
}

func main() {
	log.SetFlags(0)
	goasm.Main(&out, func() {
		kernel("keccakARM64", nil)
		kernel("keccakARM64Vec", NeonRows)
	})
}

// kernel emits the function name, with the rows vrows of χ in vector
// registers.
func kernel(name string, vrows []int) {
	// The state at the start of each round.
	var at [keccak.MaxRounds + 1]State
	s := Start()
	at[0] = s
	var body bytes.Buffer
	for ir := range keccak.MaxRounds {
		saved := out
		out = bytes.Buffer{}
		if ir%4 == 0 {
			g.Label(fmt.Sprintf("round%d", ir))
		}
		if ir == keccak.MaxRounds-1 {
			g.Comment("p1600Plane0 computes only the first plane of the last round")
			g.Emit("MOVBU\tplane0+48(FP), %s", s.Free[0])
			g.Emit("CBNZ\t%s, plane0", s.Free[0])
		}
		g.Round(&s, ir, false, vrows)
		body.Write(out.Bytes())
		out = saved
		at[ir+1] = s
	}
	final := s
	// The last round again computing only the first plane, for
	// p1600Plane0.
	plane := at[keccak.MaxRounds-1]
	saved := out
	out = bytes.Buffer{}
	g.Round(&plane, keccak.MaxRounds-1, true, vrows)
	planeRound := out.Bytes()
	out = saved

	fmt.Fprintf(&out, "\n// func %s(a *[25]uint64, p []byte, lanes int, rounds int, plane0 bool)\n", name)
	if len(vrows) > 0 {
		fmt.Fprintf(&out, "// Requires: ASIMD\n")
	}
	fmt.Fprintf(&out, "TEXT ·%s(SB), NOSPLIT, $%d-49\n", name, FrameSize)
	// The stack slots keep R30, the round constants' address, and p and n
	// (the rest of the input) from block to block.
	emit(
		"MOVD\tR30, "+SlotLR,
		"MOVD\t$"+RC+"(SB), R0",
		"MOVD\tR0, "+SlotRC,
		"MOVD\tp_base+8(FP), R1",
		"MOVD\tp_len+16(FP), R2",
		"MOVD\tR1, "+SlotP,
		"MOVD\tR2, "+SlotN,
	)
	g.Label("block")
	g.Comment("XOR the next whole block of lanes lanes, if any, into the state in memory")
	emit(
		"MOVD\ta+0(FP), R0",
		"MOVD\tlanes+32(FP), R3",
		"CBZ\tR3, permute",
		"MOVD\t"+SlotN+", R2",
		"LSL\t$3, R3, R4",
		"CMP\tR4, R2",
		"BLO\tret",
		"SUB\tR4, R2, R2",
		"MOVD\tR2, "+SlotN,
		"MOVD\t"+SlotP+", R1",
	)
	g.Label("xor")
	emit(
		"MOVD.P\t8(R1), R4",
		"MOVD\t(R0), R5",
		"EOR\tR4, R5, R5",
		"MOVD.P\tR5, 8(R0)",
		"SUB\t$1, R3, R3",
		"CBNZ\tR3, xor",
		"MOVD\tR1, "+SlotP,
		"MOVD\ta+0(FP), R0",
	)
	g.Label("permute")
	g.Comment("rounds is a multiple of 4: enter the unrolled rounds at round 24-rounds")
	emit(
		"MOVD\trounds+40(FP), R3",
		fmt.Sprintf("CMP\t$%d, R3", keccak.MaxRounds),
		"BNE\tshorter",
	)
	// Round 0's lanes are in frame 0 in the first 25 registers; R0 is
	// lane 0's, so the pointer moves to a temporary first.
	g.Emit("MOVD\tR0, %s", at[0].Free[0])
	load(&at[0], at[0].Free[0])
	out.Write(body.Bytes())
	g.Comment("Rotate the lanes back, store them, and go on to the next block")
	g.Emit("MOVD\ta+0(FP), %s", final.Free[0])
	store(&final, final.Free[0], 25)
	g.Emit("MOVD\tlanes+32(FP), R0")
	g.Emit("CBNZ\tR0, block")
	g.Label("ret")
	g.Emit("MOVD\t%s, R30", SlotLR)
	g.Emit("RET")
	// The entries of shorter permutations, after the loop so that the
	// block loop is one address range (scripts/mca).
	g.Label("shorter")
	for ir := 4; ir < keccak.MaxRounds; ir += 4 {
		g.Emit("CMP\t$%d, R3", keccak.MaxRounds-ir)
		g.Emit("BEQ\tenter%d", ir)
	}
	for ir := 4; ir < keccak.MaxRounds; ir += 4 {
		g.Label(fmt.Sprintf("enter%d", ir))
		e := at[ir]
		g.Emit("MOVD\tR0, %s", e.Free[0])
		load(&e, e.Free[0])
		g.Emit("JMP\tround%d", ir)
	}
	g.Label("plane0")
	out.Write(planeRound)
	g.Emit("MOVD\ta+0(FP), %s", plane.Free[0])
	store(&plane, plane.Free[0], 5)
	g.Emit("MOVD\t%s, R30", SlotLR)
	g.Emit("RET")
}
