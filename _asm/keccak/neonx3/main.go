// Command neonx3 generates multix3_arm64.s in internal/keccak: absorbX3SHA3,
// a three-state Keccak-p[1600] kernel for arm64 cores with the SHA3
// instructions (the "neonx3" kernel). Declaration:
// internal/keccak/multi_arm64.go.
//
// Two states live in vector registers as in neonx2 (lane i of states 0 and
// 1 in the two quadwords of Vi) and the third in general registers as in
// keccakARM64 (ρ folded into rotated operands, π by renaming), and the two
// rounds are interleaved into one instruction stream. The register files
// are separate, so neither stream waits for the other: the vector round
// keeps the vector pipes busy and the scalar round the integer pipes, which
// the two-state kernel leaves idle.
//
// The scalar round needs every usable general register, so everything else
// lives on the stack: the input pointers, the blocks left, and the round
// constants, which the vector round loads from a table by address (the
// assembler's ADRP into its own scratch register R27). The 24 rounds are
// unrolled, since the scalar lanes' rotations differ from round to round;
// 12-round permutations enter at round 12.
//
// The states are interleaved as the driver keeps them: lane i of state j
// is the word at s[3i+j], so lane i of states 0 and 1 is the 16 bytes at
// s+24i and of state 2 the 8 at s+24i+16. Each block is XORed into the
// states in memory first, then the lanes are loaded, permuted and stored.
package main

//go:generate go run . -out ../../../internal/keccak/multix3_arm64.s

import (
	"bytes"
	"fmt"
	"log"
	"strings"

	"github.com/hashkit/hashkit/_asm/internal/goasm"
	. "github.com/hashkit/hashkit/_asm/internal/keccakarm64"
	"github.com/hashkit/hashkit/internal/keccak"
)

// The vector round's choices, as for neonx2 (see _asm/keccak/neonx2).
var neonOps = NEONFlags()

// The frame: keccakarm64's slots of the scalar round (round-constant
// address, parities, spill, LR) and the kernel's own, below them.
const (
	frameSize = 112
	slotBlock = "nb-88(SP)" // blocks left
)

func slotIn(j int) string { return fmt.Sprintf("p%d-%d(SP)", j, 96+8*j) }

var (
	out bytes.Buffer
	g   = Gen{Out: &out}
)

func main() {
	log.SetFlags(0)
	goasm.Main(&out, func() { kernel(neonOps()) })
}

// lines returns the instruction lines of b, comments dropped.
func lines(b []byte) []string {
	var l []string
	for _, s := range strings.Split(string(b), "\n") {
		if t := strings.TrimSpace(s); t != "" && !strings.HasPrefix(t, "//") {
			l = append(l, s)
		}
	}
	return l
}

// vectorRound returns the vector round's lines for round ir.
func vectorRound(vec []Op, ir int) []string {
	var l []string
	for _, o := range vec {
		if r, ok := o.RC(); ok {
			l = append(l, fmt.Sprintf("\tFMOVD\t%s+%d(SB), F%d", RC, 8*ir, r),
				fmt.Sprintf("\tVDUP\tV%d.D[0], V%d.D2", r, r))
			continue
		}
		l = append(l, o.String())
	}
	return l
}

// merge interleaves a and b in proportion to their lengths, so that both
// streams make progress at the same rate through the round; their
// registers are disjoint, so any interleaving computes the same.
func merge(a, b []string) []string {
	m := make([]string, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		// Take from a while it is behind b in proportion.
		if j == len(b) || (i < len(a) && i*len(b) <= j*len(a)) {
			m = append(m, a[i])
			i++
		} else {
			m = append(m, b[j])
			j++
		}
	}
	return m
}

// load emits the loads of the three states from the array at ptr: the
// vector lanes as quadwords, the scalar lanes rotated into s's frames.
func load(s *State, ptr string) {
	for l := range 25 {
		g.Emit("FMOVQ\t%d(%s), F%d", 24*l, ptr, l)
		g.Emit("MOVD\t%d(%s), %s", 24*l+16, ptr, s.Reg[l])
	}
	for l := range 25 {
		if s.Frame[l] != 0 {
			g.Emit("ROR\t$%d, %s, %s", s.Frame[l], s.Reg[l], s.Reg[l])
		}
	}
}

// store emits the rotations of the scalar lanes back to frame 0 and the
// stores of the three states to the array at ptr.
func store(s *State, ptr string) {
	for l := range 25 {
		if s.Frame[l] != 0 {
			g.Emit("ROR\t$%d, %s, %s", 64-s.Frame[l], s.Reg[l], s.Reg[l])
		}
	}
	for l := range 25 {
		g.Emit("FMOVQ\tF%d, %d(%s)", l, 24*l, ptr)
		g.Emit("MOVD\t%s, %d(%s)", s.Reg[l], 24*l+16, ptr)
	}
}

func kernel(vec []Op) {
	const entry = keccak.MaxRounds - 12 // where 12-round permutations start
	var at [keccak.MaxRounds + 1]State
	s := Start()
	at[0] = s
	var body bytes.Buffer
	for ir := range keccak.MaxRounds {
		if ir == entry {
			fmt.Fprintf(&body, "round%d:\n", ir)
		}
		fmt.Fprintf(&body, "\t// Round %d\n", ir)
		var scalar bytes.Buffer
		(Gen{Out: &scalar}).Round(&s, ir, false, nil)
		for _, l := range merge(lines(scalar.Bytes()), vectorRound(vec, ir)) {
			fmt.Fprintln(&body, l)
		}
		at[ir+1] = s
	}
	final := s

	fmt.Fprintf(&out, "\n// func absorbX3SHA3(s *[75]uint64, in []byte, offs *[3]uint64, blocks int, rateLanes int, rc *uint64, groups int)\n")
	fmt.Fprintf(&out, "// Requires: ASIMD, ARM64.SHA3\n")
	fmt.Fprintf(&out, "TEXT ·absorbX3SHA3(SB), NOSPLIT, $%d-72\n", frameSize)
	g.Emit("MOVD\tR30, %s", SlotLR)
	g.Emit("MOVD\t$%s(SB), R0", RC)
	g.Emit("MOVD\tR0, %s", SlotRC)
	g.Emit("MOVD\tin_base+8(FP), R1")
	g.Emit("MOVD\toffs+32(FP), R2")
	for j := range 3 {
		g.Emit("MOVD\t%d(R2), R3", 8*j)
		g.Emit("ADD\tR1, R3, R3")
		g.Emit("MOVD\tR3, %s", slotIn(j))
	}
	g.Emit("MOVD\tblocks+40(FP), R3")
	g.Emit("MOVD\tR3, %s", slotBlock)
	g.Label("block")
	g.Comment("XOR the next block of each state's input into the states in memory")
	g.Emit("MOVD\ts+0(FP), R0")
	for j := range 3 {
		g.Emit("MOVD\t%s, R%d", slotIn(j), 1+j)
	}
	g.Emit("MOVD\trateLanes+48(FP), R4")
	g.Label("xor")
	for j := range 3 {
		g.Emit("MOVD.P\t8(R%d), R%d", 1+j, 5+j)
	}
	g.Emit("LDP\t(R0), (R8, R9)")
	g.Emit("MOVD\t16(R0), R10")
	for j := range 3 {
		g.Emit("EOR\tR%d, R%d, R%d", 5+j, 8+j, 8+j)
	}
	g.Emit("STP\t(R8, R9), (R0)")
	g.Emit("MOVD\tR10, 16(R0)")
	g.Emit("ADD\t$24, R0, R0")
	g.Emit("SUBS\t$1, R4, R4")
	g.Emit("BNE\txor")
	for j := range 3 {
		g.Emit("MOVD\tR%d, %s", 1+j, slotIn(j))
	}
	g.Comment("groups is 1 or 2: 12 or 24 rounds")
	g.Emit("MOVD\ts+0(FP), %s", at[0].Free[0])
	g.Emit("MOVD\tgroups+64(FP), R0")
	g.Emit("CMP\t$2, R0")
	g.Emit("BNE\tshorter")
	load(&at[0], at[0].Free[0])
	out.Write(body.Bytes())
	g.Comment("Rotate the scalar lanes back, store the states, and go on to the next block")
	g.Emit("MOVD\ts+0(FP), %s", final.Free[0])
	store(&final, final.Free[0])
	g.Emit("MOVD\t%s, R0", slotBlock)
	g.Emit("SUBS\t$1, R0, R0")
	g.Emit("MOVD\tR0, %s", slotBlock)
	g.Emit("BNE\tblock")
	g.Emit("MOVD\t%s, R30", SlotLR)
	g.Emit("RET")
	// The entry of 12-round permutations, after the loop so that the block
	// loop is one address range (scripts/mca).
	g.Label("shorter")
	e := at[entry]
	g.Emit("MOVD\ts+0(FP), %s", e.Free[0])
	load(&e, e.Free[0])
	g.Emit("JMP\tround%d", entry)
}
