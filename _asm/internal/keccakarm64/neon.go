package keccakarm64

import (
	"flag"
	"fmt"
	"log"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/hashkit/hashkit/internal/keccak"
)

// NEONFlags defines the command-line flags of the two-state round's
// choices (see NEONRound) and returns a function that builds the round from
// them once they are parsed, ending the program if NEONRound fails (a
// generator has nothing to write without it). The defaults are the two- and three-state
// kernels' choice for the Neoverse cores (see _asm/keccak/neonx2).
func NEONFlags() func() []Op { return NEONFlagsDefault(3, 5, 8, false) }

// NEONFlagsDefault is NEONFlags with the given defaults, for a kernel
// tuned for other cores, and iotaEarly as NEONRound's.
func NEONFlagsDefault(eorCols, bitRows, shlXAR int, iotaEarly bool) func() []Op {
	e := flag.Int("eorcols", eorCols, "columns whose parity is computed with VEOR instead of VEOR3 (0..5)")
	b := flag.Int("bitrows", bitRows, "rows whose first two χ outputs use VEOR and VBIT instead of VBCAX (0..5)")
	x := flag.Int("shlxar", shlXAR, "lanes rotated with VEOR, VSHL and VSRI instead of VXAR (0..24)")
	return func() []Op {
		ops, err := NEONRound(*e, *b, *x, iotaEarly)
		if err != nil {
			log.Fatal(err)
		}
		return ops
	}
}

// NEONRound returns the ops of one round of the two-state kernel (see
// _asm/keccak/neonx2): lane i of both states in Vi, V25..V31 scratch, the
// round constant loaded by the op "RC". eorCols, bitRows and shlXAR move
// that much of the work off the SHA3 instructions. With iotaEarly, only
// register assignments whose χ does not end with row 0 are taken: ι's XOR
// into lane 0 then leaves the chain from the round's last χ output to the
// next round's θ, which a single state, with no second state to fill the
// pipes, waits on. It checks the round against keccak.P1600 and returns an
// error if it is wrong or if no register assignment is found.
func NEONRound(eorCols, bitRows, shlXAR int, iotaEarly bool) ([]Op, error) {
	for c := range 5 * 5 * 5 * 5 * 5 * 24 {
		var px [5]int
		n := c
		for y := range 5 {
			px[y] = n % 5
			n /= 5
		}
		if ops := round(px, n, eorCols, bitRows, shlXAR, iotaEarly); ops != nil {
			return ops, check(ops)
		}
	}
	return nil, fmt.Errorf("no register assignment found")
}

// Op is one vector instruction of the round, kept symbolic so that it can
// be both printed and run.
type Op struct {
	name string // VEOR3, VRAX1, VXAR, VBCAX, VEOR, VBIT, RC (load the round constant)
	imm  int
	args []int // source registers in Go operand order, then the destination
	note string
}

func (o Op) String() string {
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

// Run executes o on the registers v (two quadwords each).
func (o Op) Run(v *[32][2]uint64, rc uint64) {
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
func round(px [5]int, start int, eorCols, bitRows, shlXAR int, iotaEarly bool) []Op {
	var ops []Op
	// θ
	for x := range 5 {
		c := 25 + x
		if x < eorCols {
			ops = append(ops, Op{name: "VEOR", args: []int{x + 5, x, c}, note: fmt.Sprintf("C[%d]", x)},
				Op{name: "VEOR", args: []int{x + 10, c, c}}, Op{name: "VEOR", args: []int{x + 15, c, c}},
				Op{name: "VEOR", args: []int{x + 20, c, c}})
		} else {
			ops = append(ops, Op{name: "VEOR3", args: []int{x + 10, x + 5, x, c}, note: fmt.Sprintf("C[%d]", x)},
				Op{name: "VEOR3", args: []int{x + 20, x + 15, c, c}})
		}
	}
	// D[x] = C[x-1] ^ rol(C[x+1], 1), each parity's register reused once
	// both its uses are done.
	dreg := [5]int{30, 28, 31, 25, 26}
	for _, x := range []int{0, 2, 4, 1, 3} {
		ops = append(ops, Op{name: "VRAX1", args: []int{25 + (x+1)%5, 25 + (x+4)%5, dreg[x]}, note: fmt.Sprintf("D[%d]", x)})
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
			ops = append(ops, Op{name: "VEOR", args: []int{d, 0, t}, note: "B[0] = A[0]^D[0]"})
		} else if shifted < shlXAR {
			// A is dead after: XOR D into it in place, then rotate it into t.
			shifted++
			r := keccak.RhoOffset(src)
			ops = append(ops, Op{name: "VEOR", args: []int{d, src, src}, note: note},
				Op{name: "VSHL", imm: r, args: []int{src, t}}, Op{name: "VSRI", imm: 64 - r, args: []int{src, t}})
		} else {
			ops = append(ops, Op{name: "VXAR", imm: 64 - keccak.RhoOffset(src), args: []int{d, src, t}, note: note})
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
		if y < 0 || iotaEarly && y == 0 && done == [5]bool{false, true, true, true, true} {
			return nil
		}
		done[y] = true
		for k := range 5 {
			x := (px[y] + k) % 5
			b0, b1, b2 := where[5*y+x], where[5*y+(x+1)%5], where[5*y+(x+2)%5]
			dst := 5*y + x
			note := fmt.Sprintf("A[%d] = B[%d]^(^B[%d]&B[%d])", dst, dst, 5*y+(x+1)%5, 5*y+(x+2)%5)
			if k < 2 && y < bitRows {
				// dst is free: dst = b0^b2, then b0's bits where b1 is set.
				ops = append(ops, Op{name: "VEOR", args: []int{b2, b0, dst}, note: note}, Op{name: "VBIT", args: []int{b1, b0, dst}})
			} else {
				ops = append(ops, Op{name: "VBCAX", args: []int{b1, b2, b0, dst}, note: note})
			}
		}
	}
	ops = append(ops, Op{name: "RC", args: []int{25}}, Op{name: "VEOR", args: []int{25, 0, 0}, note: "ι"})
	return ops
}

// Plane0 returns the ops of round that the first plane of its result
// (lanes 0..4, in V0..V4) depends on: the last round of a permutation of
// which only that plane is used (p1600Plane0). It checks the ops, after
// rounds of round, against keccak.P1600.
func Plane0(round []Op) ([]Op, error) {
	live := map[int]bool{0: true, 1: true, 2: true, 3: true, 4: true}
	var keep []Op
	for i := len(round) - 1; i >= 0; i-- {
		o := round[i]
		dst := o.args[len(o.args)-1]
		if !live[dst] {
			continue
		}
		keep = append(keep, o)
		switch o.name {
		case "VBIT", "VSRI": // they keep some of their destination's bits
		default:
			delete(live, dst)
		}
		for _, r := range o.args[:len(o.args)-1] {
			live[r] = true
		}
	}
	slices.Reverse(keep)
	return keep, checkLast(round, keep, 5)
}

// check runs rounds of ops on two random states and compares them with
// keccak.P1600.
func check(ops []Op) error { return checkLast(ops, ops, 25) }

// checkLast is check with last as the last round's ops, comparing the
// first lanes lanes.
func checkLast(ops, last []Op, lanes int) error {
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
			r := ops
			if ir == keccak.MaxRounds-1 {
				r = last
			}
			for _, o := range r {
				o.Run(&v, keccak.RoundConstant(ir))
			}
		}
		for i := range lanes {
			for h := range 2 {
				if v[i][h] != want[h][i] {
					return fmt.Errorf("%d rounds: lane %d of state %d differs", rounds, i, h)
				}
			}
		}
	}
	return nil
}

// RC reports whether o loads the round constant, and into which register:
// the kernels load it their own way.
func (o Op) RC() (reg int, ok bool) {
	if o.name != "RC" {
		return 0, false
	}
	return o.args[0], true
}

// regs returns the registers o reads and the one it writes. VBIT and VSRI
// keep some of their destination's bits, so they read it too.
func (o Op) regs() (reads []int, write int) {
	n := len(o.args) - 1
	reads = o.args[:n:n]
	if o.name == "VBIT" || o.name == "VSRI" {
		reads = append(reads, o.args[n])
	}
	return reads, o.args[n]
}

// Shuffle returns the ops of round in another order that computes the
// same: a random topological order (from seed) of their register
// dependencies (read after write, write after read, write after write).
// Seed 0 returns round unchanged. For a kernel whose round waits on its
// own previous round (one state), the order decides which ops an
// out-of-order core finds ready at the round's start; kernels pick the seed
// with llvm-mca, and the result is checked against keccak.P1600 like the
// round.
func Shuffle(round []Op, seed uint64) ([]Op, error) {
	if seed == 0 {
		return round, nil
	}
	n := len(round)
	before := make([][]int, n) // the ops that must come before op i
	for i := range n {
		ri, wi := round[i].regs()
		for j := range i {
			rj, wj := round[j].regs()
			if slices.Contains(ri, wj) || wi == wj || slices.Contains(rj, wi) {
				before[i] = append(before[i], j)
			}
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0))
	placed := make([]bool, n)
	var out []Op
	for len(out) < n {
		var ready []int
		for i := range n {
			if !placed[i] && !slices.ContainsFunc(before[i], func(j int) bool { return !placed[j] }) {
				ready = append(ready, i)
			}
		}
		i := ready[rng.IntN(len(ready))]
		placed[i] = true
		out = append(out, round[i])
	}
	return out, check(out)
}
