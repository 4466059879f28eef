// Command sha3 generates p1600sha3_arm64.s in internal/keccak: keccakSHA3,
// the single-state Keccak-p[1600] kernel with the SHA3 instructions (the
// "sha3" kernel), for Apple cores. Declaration:
// internal/keccak/p1600_arm64.go.
//
// It has keccakARM64's interface (a permutation, the plane-0-only last
// round of p1600Plane0, or the absorb loop over whole blocks) and runs the
// two-state kernel's round (_asm/keccak/neonx2) on one state: lane i in
// the low quadword of Vi, V25..V31 scratch. Every round is the same
// instruction sequence (π is undone within the round by the register
// assignment), so the rounds are a loop, entered with the round constants
// of the last rounds rounds.
//
// The two-state kernel gives part of its work to plain NEON instructions
// because the Neoverse models issue the SHA3 instructions on one vector pipe
// only; on Apple cores they issue on every vector pipe, so by default this
// kernel uses the SHA3 instructions throughout (-eorcols, -bitrows and
// -shlxar as for neonx2). With one state there is no second one to fill
// the pipes while a round waits on the last χ outputs of the one before, so
// the register assignment is one whose χ does not end with row 0, keeping
// ι off that path. On the Neoverse cores keccakARM64 is faster, so the
// kernel is registered last in its role and left to the dispatch table.
//
// The order of the round's ops matters as well: with the previous round's
// last outputs arriving, the order decides which ops the core finds ready
// first. -seed picks one of the orders Shuffle draws; the default is the
// best for llvm-mca's apple-m1 model of those tried (scripts/mca).
//
// The state is loaded once a call and stored back at its end, two lanes an
// FLDPD or FSTPD, and stays in registers from block to block: each lane of
// a block is loaded into a scratch register and XORed into its lane, the
// count checked after each (lanes is the same for every block, so the
// branches predict).
//
// The generator runs the round (and the plane-0 round) it writes on random
// states and compares the result with keccak.P1600 before writing anything.
package main

//go:generate go run . -out ../../../internal/keccak/p1600sha3_arm64.s

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"

	"github.com/hashkit/hashkit/_asm/internal/goasm"
	. "github.com/hashkit/hashkit/_asm/internal/keccakarm64"
	"github.com/hashkit/hashkit/internal/keccak"
)

var (
	outFile = flag.String("out", "", "output file")
	// The round's choices: all SHA3 instructions, and ι off the critical
	// path.
	neonOps = NEONFlagsDefault(0, 0, 0, true)
	// The order of the round's ops (keccakarm64.Shuffle; 0: as built).
	// Seed 10 is the first of the seeds tried that llvm-mca's apple-m1
	// model puts at the best any reached (the commit that chose it has the
	// figures).
	seed      = flag.Uint64("seed", 10, "the order of the round's ops (keccakarm64.Shuffle; 0: as built)")
	roundOnly = flag.Bool("round", false, "print the round alone")
)

func main() {
	flag.Parse()
	log.SetFlags(0)
	round, err := Shuffle(neonOps(), *seed)
	if err != nil {
		log.Fatal(err)
	}
	plane, err := Plane0(round)
	if err != nil {
		log.Fatal(err)
	}
	var b bytes.Buffer
	if *roundOnly {
		ops(&b, round)
		os.Stdout.Write(b.Bytes())
		return
	}
	kernel(&b, round, plane)
	goasm.Write(*outFile, b.Bytes())
}

// ops writes the round ops, the round constant loaded from R9 onwards.
func ops(b *bytes.Buffer, round []Op) {
	for _, o := range round {
		if r, ok := o.RC(); ok {
			// (a load into the low quadword only: unlike VLD1R, no vector
			// pipe op, and the round is bound by the vector pipes)
			fmt.Fprintf(b, "\tFMOVD.P\t8(R9), F%d                        // RC[ir]\n", r)
			continue
		}
		fmt.Fprintln(b, o)
	}
}

// state writes the loads (op FLDPD, FMOVD) or stores (FSTPD, FMOVD) of
// lanes 0..n-1 at R0 into or from the low quadwords of V0..V(n-1).
func state(b *bytes.Buffer, n int, load bool) {
	for l := 0; l < n; l += 2 {
		switch {
		case l+1 < n && load:
			fmt.Fprintf(b, "\tFLDPD\t%d(R0), (F%d, F%d)\n", 8*l, l, l+1)
		case l+1 < n:
			fmt.Fprintf(b, "\tFSTPD\t(F%d, F%d), %d(R0)\n", l, l+1, 8*l)
		case load:
			fmt.Fprintf(b, "\tFMOVD\t%d(R0), F%d\n", 8*l, l)
		default:
			fmt.Fprintf(b, "\tFMOVD\tF%d, %d(R0)\n", l, 8*l)
		}
	}
}

func kernel(b *bytes.Buffer, round, plane []Op) {
	goasm.Header(b, "../../../internal/keccak/p1600sha3_arm64.s")
	fmt.Fprintf(b, `
// func keccakSHA3(a *[25]uint64, p []byte, lanes int, rounds int, plane0 bool)
// Requires: ASIMD, ARM64.SHA3
TEXT ·keccakSHA3(SB), NOSPLIT, $0-49
	MOVD	a+0(FP), R0
	MOVD	p_base+8(FP), R1
	MOVD	p_len+16(FP), R2
	MOVD	lanes+32(FP), R3
	LSL	$3, R3, R4                             // bytes a block
	MOVD	rounds+40(FP), R5
	MOVD	$%s+%d(SB), R6
	SUB	R5<<3, R6, R6                          // the constants of the last rounds rounds
	MOVBU	plane0+48(FP), R7
	SUB	R7, R5, R5                             // rounds before a plane-0 round
`, RC, 8*keccak.MaxRounds)
	state(b, 25, true)
	fmt.Fprintf(b, `	CBZ	R3, permute                            // lanes 0: permute once

block:
	// XOR the next whole block, if any, into the state: its lanes lanes
	CMP	R4, R2
	BLO	done
	SUB	R4, R2, R2
`)
	for l := range 25 {
		if l > 0 {
			fmt.Fprintf(b, "\tCMP\t$%d, R3\n\tBEQ\txored\n", l)
		}
		t := 25 + l%2
		fmt.Fprintf(b, "\tFMOVD.P\t8(R1), F%d\n\tVEOR\tV%d.B16, V%d.B16, V%d.B16\n", t, t, l, l)
	}
	fmt.Fprintf(b, "\nxored:\npermute:\n\tMOVD\tR6, R9                                 // round constants\n\tMOVD\tR5, R8                                 // rounds left\n\nround:\n")
	ops(b, round)
	fmt.Fprintf(b, "\tSUBS\t$1, R8, R8\n\tBNE\tround\n\tCBNZ\tR7, plane0\n\tCBNZ\tR3, block\n\ndone:\n")
	state(b, 25, false)
	fmt.Fprintf(b, "\tRET\n\n")

	fmt.Fprintf(b, "plane0:\n\t// p1600Plane0: the last round computing only the first plane\n")
	ops(b, plane)
	state(b, 5, false)
	fmt.Fprintf(b, "\tRET\n")
}
