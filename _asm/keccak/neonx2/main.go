// Command neonx2 generates multi_arm64.s in internal/keccak: absorbX2SHA3,
// the two-state Keccak-p[1600] kernel for arm64 cores with the SHA3
// instructions (the "neonx2" kernel). Declaration: internal/keccak/multi_arm64.go.
//
// Layout: lane i of state 0 is the low quadword of Vi, lane i of state 1
// the high one, so every instruction works on both states. V25..V31 are
// scratch. One round:
//
//   - θ: the column parities C[x] in V25..V29, by two VEOR3 each (or four
//     VEOR, see below); D[x] = C[x-1] ^ rol(C[x+1], 1) by VRAX1, five
//     results into the two free registers and the parities as they die.
//   - ρ and π: VXAR XORs D into a lane and rotates it, writing B at its
//     π position. The 24 moving lanes form one cycle under π, walked
//     backwards so that each B lands in the register whose lane was just
//     read. Two neighbouring B of every row are put elsewhere (a free
//     scratch register, a dead D, or a register of a row whose χ comes
//     later), because χ writes its outputs over its inputs.
//   - χ: per row, the two outputs whose B live elsewhere are written into
//     their free registers first, then the other three in place, by VBCAX.
//   - ι: the round constant, loaded into both halves, XORed into lane 0.
//
// The SHA3 instructions issue on one vector pipe only on the Neoverse
// cores (V1, N2), where the other pipes would idle; some of the work is
// done with plain VEOR, VBIT, VSHL and VSRI instead, which issue on the
// others: the parities of -eorcols columns, the first two χ outputs of
// -bitrows rows and the rotations of -shlxar lanes. The defaults are the
// best compromise found for llvm-mca's neoverse-v1 and neoverse-n2 models
// (scripts/mca; apple-m1, whose three vector pipes all take the SHA3
// instructions, would rather have none).
//
// The generator runs the code it writes on random states and compares the
// result with keccak.P1600 before writing anything.
package main

import (
	"bytes"
	"fmt"

	"github.com/hashkit/hashkit/_asm/internal/goasm"
	"github.com/hashkit/hashkit/_asm/internal/keccakarm64"
)

//go:generate go run . -out ../../../internal/keccak/multi_arm64.s

var neonOps = keccakarm64.NEONFlags()

func main() {
	var b bytes.Buffer
	goasm.Main(&b, func() {
		prologue(&b)
		for _, o := range neonOps() {
			if r, ok := o.RC(); ok {
				fmt.Fprintf(&b, "\tVLD1R.P\t8(R9), [V%d.D2]                  // RC[ir] in both halves\n", r)
				continue
			}
			fmt.Fprintln(&b, o)
		}
		footer(&b)
	})
}

// prologue writes the kernel's declaration and loads its arguments.
func prologue(b *bytes.Buffer) {
	fmt.Fprintf(b, `// func absorbX2SHA3(s *[50]uint64, in []byte, offs *[2]uint64, blocks int, rateLanes int, rc *uint64, groups int)
// Requires: ASIMD, ARM64.SHA3
TEXT ·absorbX2SHA3(SB), NOSPLIT, $0-72
`)
	// The arguments, in the registers the code below keeps them in.
	for _, a := range []struct {
		name string
		off  int
		reg  int
	}{{"s", 0, 0}, {"in_base", 8, 1}, {"offs", 32, 2}, {"blocks", 40, 4}, {"rateLanes", 48, 5}, {"rc", 56, 6}, {"groups", 64, 7}} {
		fmt.Fprintf(b, "\tMOVD\t%s+%d(FP), R%d\n", a.name, a.off, a.reg)
	}
	fmt.Fprintf(b, `	MOVD	$12, R10
	MUL	R10, R7, R7                            // rounds
	MOVD	8(R2), R3
	MOVD	(R2), R2
	ADD	R1, R2, R2                             // state 0's next block
	ADD	R1, R3, R3                             // state 1's next block

	// Lane i of both states: the 16 bytes at s+16i.
	MOVD	R0, R10
`)
	for i := 0; i < 24; i += 4 {
		fmt.Fprintf(b, "\tVLD1.P\t64(R10), [V%d.D2, V%d.D2, V%d.D2, V%d.D2]\n", i, i+1, i+2, i+3)
	}
	fmt.Fprintf(b, "\tVLD1\t(R10), [V24.D2]\n\nblock:\n")
	fmt.Fprintf(b, "\t// XOR a block into each state: four lanes of each at a time, paired\n\t// by VZIP1/VZIP2 into the layout.\n")
	absorb4 := func(i int) {
		fmt.Fprintf(b, "\tVLD1.P\t32(R2), [V25.D2, V26.D2]               // lanes %d..%d of state 0\n", i, i+3)
		fmt.Fprintf(b, "\tVLD1.P\t32(R3), [V27.D2, V28.D2]               // and of state 1\n")
		fmt.Fprintf(b, "\tVZIP1\tV27.D2, V25.D2, V29.D2\n\tVZIP2\tV27.D2, V25.D2, V30.D2\n")
		fmt.Fprintf(b, "\tVZIP1\tV28.D2, V26.D2, V31.D2\n\tVZIP2\tV28.D2, V26.D2, V25.D2\n")
		for k, r := range []int{29, 30, 31, 25} {
			fmt.Fprintf(b, "\tVEOR\tV%d.B16, V%d.B16, V%d.B16\n", r, i+k, i+k)
		}
	}
	absorb1 := func(i int) {
		fmt.Fprintf(b, "\tVLD1.P\t8(R2), V25.D[0]                        // lane %d of state 0\n", i)
		fmt.Fprintf(b, "\tVLD1.P\t8(R3), V25.D[1]                        // and of state 1\n")
		fmt.Fprintf(b, "\tVEOR\tV25.B16, V%d.B16, V%d.B16\n", i, i)
	}
	for i := 0; i < 16; i += 4 {
		absorb4(i)
	}
	fmt.Fprintf(b, "\tCMP\t$21, R5\n\tBNE\tlast16\n")
	absorb4(16)
	absorb1(20)
	fmt.Fprintf(b, "\tB\tpermute\n\nlast16:\n")
	absorb1(16)
	fmt.Fprintf(b, "\npermute:\n\tMOVD\tR6, R9                                 // round constants\n\tMOVD\tR7, R8                                 // rounds left\n\nround:\n")
}

func footer(b *bytes.Buffer) {
	fmt.Fprintf(b, "\tSUBS\t$1, R8, R8\n\tBNE\tround\n\tSUBS\t$1, R4, R4\n\tBNE\tblock\n\n")
	for i := 0; i < 24; i += 4 {
		fmt.Fprintf(b, "\tVST1.P\t[V%d.D2, V%d.D2, V%d.D2, V%d.D2], 64(R0)\n", i, i+1, i+2, i+3)
	}
	fmt.Fprintf(b, "\tVST1\t[V24.D2], (R0)\n\tRET\n")
}
