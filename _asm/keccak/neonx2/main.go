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
	"flag"
	"fmt"
	"log"
	"math/bits"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/hashkit/hashkit/internal/keccak"
)

//go:generate go run . -out ../../../internal/keccak/multi_arm64.s

var (
	out     = flag.String("out", "", "output file")
	eorCols = flag.Int("eorcols", 3, "columns whose parity is computed with VEOR instead of VEOR3 (0..5)")
	bitRows = flag.Int("bitrows", 5, "rows whose first two χ outputs use VEOR and VBIT instead of VBCAX (0..5)")
	shlXAR  = flag.Int("shlxar", 8, "lanes rotated with VEOR, VSHL and VSRI instead of VXAR (0..24)")
)

// op is one vector instruction of the round, kept symbolic so that it can
// be both printed and run.
type op struct {
	name string // VEOR3, VRAX1, VXAR, VBCAX, VEOR, VBIT, RC (load the round constant)
	imm  int
	args []int // source registers in Go operand order, then the destination
	note string
}

func (o op) String() string {
	arr := ".B16"
	switch o.name {
	case "VRAX1", "VXAR", "VSHL", "VSRI":
		arr = ".D2"
	}
	var s []string
	if o.name == "VXAR" || o.name == "VSHL" || o.name == "VSRI" {
		s = append(s, fmt.Sprintf("$%d", o.imm))
	}
	for _, r := range o.args {
		s = append(s, fmt.Sprintf("V%d%s", r, arr))
	}
	line := fmt.Sprintf("\t%s\t%s", o.name, strings.Join(s, ", "))
	if o.note != "" {
		line = fmt.Sprintf("%-44s// %s", line, o.note)
	}
	return line
}

// run executes o on the registers v (two quadwords each).
func (o op) run(v *[32][2]uint64, rc uint64) {
	a := o.args
	for h := range 2 {
		x := func(i int) uint64 { return v[a[i]][h] }
		var r uint64
		switch o.name {
		case "VEOR3":
			r = x(0) ^ x(1) ^ x(2)
		case "VRAX1":
			r = x(1) ^ bits.RotateLeft64(x(0), 1)
		case "VXAR":
			r = bits.RotateLeft64(x(0)^x(1), -o.imm)
		case "VBCAX":
			r = x(2) ^ (x(1) &^ x(0))
		case "VEOR":
			r = x(0) ^ x(1)
		case "VBIT":
			r = (v[a[2]][h] &^ x(0)) | (x(1) & x(0))
		case "VSHL":
			r = x(0) << o.imm
		case "VSRI":
			r = v[a[1]][h]&^(^uint64(0)>>o.imm) | x(0)>>o.imm
		case "RC":
			r = rc
		}
		defer func(h int, r uint64) { v[a[len(a)-1]][h] = r }(h, r)
	}
}

// lane positions: i = x + 5*y.
func pi(i int) int { x, y := i%5, i/5; return y + 5*((2*x+3*y)%5) }

// round builds one round for the choice of row pairs px (the two
// neighbouring positions px[y], px[y]+1 of row y whose B live outside the
// row) and the start of the walk; it returns nil where that choice runs out
// of registers.
func round(px [5]int, start int) []op {
	var ops []op
	// θ
	for x := range 5 {
		c := 25 + x
		if x < *eorCols {
			ops = append(ops, op{name: "VEOR", args: []int{x + 5, x, c}, note: fmt.Sprintf("C[%d]", x)},
				op{name: "VEOR", args: []int{x + 10, c, c}}, op{name: "VEOR", args: []int{x + 15, c, c}},
				op{name: "VEOR", args: []int{x + 20, c, c}})
		} else {
			ops = append(ops, op{name: "VEOR3", args: []int{x + 10, x + 5, x, c}, note: fmt.Sprintf("C[%d]", x)},
				op{name: "VEOR3", args: []int{x + 20, x + 15, c, c}})
		}
	}
	// D[x] = C[x-1] ^ rol(C[x+1], 1), each parity's register reused once
	// both its uses are done.
	dreg := [5]int{30, 28, 31, 25, 26}
	for _, x := range []int{0, 2, 4, 1, 3} {
		ops = append(ops, op{name: "VRAX1", args: []int{25 + (x+1)%5, 25 + (x+4)%5, dreg[x]}, note: fmt.Sprintf("D[%d]", x)})
	}
	// ρ and π. holds[r] is what register r holds: "A" (a lane not yet
	// read), "D", "B", or "" (free).
	var holds [32]string
	for i := range 25 {
		holds[i] = "A"
	}
	for _, r := range dreg {
		holds[r] = "D"
	}
	dUses := [5]int{5, 5, 5, 5, 5}
	outside := func(p int) bool { x := p % 5; return x == px[p/5] || x == (px[p/5]+1)%5 }
	where := [25]int{} // register of B[p]
	before := map[[2]int]bool{}
	free := func(p int) int {
		for _, r := range []int{27, 29, 25, 26, 28, 30, 31} {
			if holds[r] == "" {
				return r
			}
		}
		// A register of another row whose own outputs are not yet written:
		// that row's χ must come after p's.
		for q := range 25 {
			if holds[q] == "" && outside(q) && q/5 != p/5 {
				before[[2]int{p / 5, q / 5}] = true
				return q
			}
		}
		return -1
	}
	shifted := 0
	emit := func(p, src int) bool {
		t := p
		if outside(p) {
			if t = free(p); t < 0 {
				return false
			}
		} else if holds[p] != "" {
			return false
		}
		d := dreg[src%5]
		note := fmt.Sprintf("B[%d] = rol(A[%d]^D[%d], %d)", p, src, src%5, keccak.RhoOffset(src))
		if src == 0 {
			ops = append(ops, op{name: "VEOR", args: []int{d, 0, t}, note: "B[0] = A[0]^D[0]"})
		} else if shifted < *shlXAR {
			// A is dead after: XOR D into it in place, then rotate it into t.
			shifted++
			r := keccak.RhoOffset(src)
			ops = append(ops, op{name: "VEOR", args: []int{d, src, src}, note: note},
				op{name: "VSHL", imm: r, args: []int{src, t}}, op{name: "VSRI", imm: 64 - r, args: []int{src, t}})
		} else {
			ops = append(ops, op{name: "VXAR", imm: 64 - keccak.RhoOffset(src), args: []int{d, src, t}, note: note})
		}
		holds[src], holds[t] = "", "B"
		where[p] = t
		if dUses[src%5]--; dUses[src%5] == 0 {
			holds[d] = ""
		}
		return true
	}
	cycle := []int{1}
	for p := pi(1); p != 1; p = pi(p) {
		cycle = append(cycle, p)
	}
	if !outside(cycle[start]) {
		return nil
	}
	// Lane 0 first if it stays in place, else once registers are free.
	if !outside(0) && !emit(0, 0) {
		return nil
	}
	for k := range 24 {
		p := cycle[(start-k+48)%24]
		if !emit(p, cycle[(start-k-1+48)%24]) {
			return nil
		}
		if k == 0 && outside(0) && !emit(0, 0) {
			return nil
		}
	}
	// χ, rows in an order that respects before.
	done := [5]bool{}
	for range 5 {
		y := -1
		for c := range 5 {
			ok := !done[c]
			for b := range 5 {
				if before[[2]int{b, c}] && !done[b] {
					ok = false
				}
			}
			if ok {
				y = c
				break
			}
		}
		if y < 0 {
			return nil
		}
		done[y] = true
		for k := range 5 {
			x := (px[y] + k) % 5
			b0, b1, b2 := where[5*y+x], where[5*y+(x+1)%5], where[5*y+(x+2)%5]
			dst := 5*y + x
			note := fmt.Sprintf("A[%d] = B[%d]^(^B[%d]&B[%d])", dst, dst, 5*y+(x+1)%5, 5*y+(x+2)%5)
			if k < 2 && y < *bitRows {
				// dst is free: dst = b0^b2, then b0's bits where b1 is set.
				ops = append(ops, op{name: "VEOR", args: []int{b2, b0, dst}, note: note}, op{name: "VBIT", args: []int{b1, b0, dst}})
			} else {
				ops = append(ops, op{name: "VBCAX", args: []int{b1, b2, b0, dst}, note: note})
			}
		}
	}
	ops = append(ops, op{name: "RC", args: []int{25}}, op{name: "VEOR", args: []int{25, 0, 0}, note: "ι"})
	return ops
}

// check runs rounds of ops on two random states and compares them with
// keccak.P1600.
func check(ops []op) error {
	for _, rounds := range []int{12, 24} {
		rng := rand.New(rand.NewPCG(1, uint64(rounds)))
		var v [32][2]uint64
		var want [2][25]uint64
		for i := range 25 {
			for h := range 2 {
				v[i][h] = rng.Uint64()
				want[h][i] = v[i][h]
			}
		}
		for h := range 2 {
			keccak.P1600(&want[h], rounds)
		}
		for ir := keccak.MaxRounds - rounds; ir < keccak.MaxRounds; ir++ {
			for j := range v[25:] {
				v[25+j] = [2]uint64{rng.Uint64(), rng.Uint64()} // scratch is garbage at each round
			}
			for _, o := range ops {
				o.run(&v, keccak.RoundConstant(ir))
			}
		}
		for i := range 25 {
			for h := range 2 {
				if v[i][h] != want[h][i] {
					return fmt.Errorf("%d rounds: lane %d of state %d differs", rounds, i, h)
				}
			}
		}
	}
	return nil
}

func main() {
	flag.Parse()
	var best []op
	for c := range 5 * 5 * 5 * 5 * 5 * 24 {
		var px [5]int
		n := c
		for y := range 5 {
			px[y] = n % 5
			n /= 5
		}
		if ops := round(px, n); ops != nil {
			best = ops
			break
		}
	}
	if best == nil {
		log.Fatal("no register assignment found")
	}
	if err := check(best); err != nil {
		log.Fatal(err)
	}
	var b bytes.Buffer
	header(&b)
	for _, o := range best {
		if o.name == "RC" {
			fmt.Fprintf(&b, "\tVLD1R.P\t8(R9), [V%d.D2]                  // RC[ir] in both halves\n", o.args[0])
			continue
		}
		fmt.Fprintln(&b, o)
	}
	footer(&b)
	if *out == "" {
		os.Stdout.Write(b.Bytes())
		return
	}
	if err := os.WriteFile(*out, b.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
}

func header(b *bytes.Buffer) {
	fmt.Fprintf(b, `// Code generated by command: go run main.go -out ../../../internal/keccak/multi_arm64.s. DO NOT EDIT.

//go:build !purego

#include "textflag.h"

// func absorbX2SHA3(s *[50]uint64, in []byte, offs *[2]uint64, blocks int, rateLanes int, rc *uint64, groups int)
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
