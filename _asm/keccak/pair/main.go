// Command pair generates p1600pair_amd64.s in internal/keccak: the
// single-state Keccak-p[1600] for AVX-512VL (the "avx512" kernel), which
// packs two lanes into each XMM register, so that θ's update, ρ and χ handle
// two lanes per instruction. Declaration: internal/keccak/p1600_amd64.go.
// It replaced a one-lane-per-register kernel (the "vec" kernel below, in the
// history as _asm/keccak/vec: 25 XMM registers, 100 operations a round, 29
// of them rotations; 177 ns).
//
// It also generates absorbPairAVX512, which XORs whole message blocks of
// the standard rates straight into this layout and permutes, keeping the
// state in registers across blocks (SumKeccak256 of 1 MiB: 1.305 -> 1.253
// ms on Zen 5, against a loop over p1600PairAVX512).
//
// And p1600Plane0PairAVX512, for one-shot hashes whose output fits in the
// first plane (SHA3-224/256, Keccak-224/256; keccak.Sum): its last round
// computes and stores only lanes 0..4 (38 operations instead of 78, and 5
// stores instead of 25). SumKeccak256 of 64 bytes: 181.8 -> 175.7 ns on
// Zen 5 (bench/, same run, n=6).
//
// Layout (the same at the start of every round): for each column x,
//
//	P[x][0] = (lane (x,0), lane (x,1))   low quadword, high quadword
//	P[x][1] = (lane (x,2), lane (x,3))
//	S[x]    = (lane (x,4), lane (x,4))   the row-4 lane in both halves
//
// 15 registers. Keeping the row-4 lane in both halves lets every step treat
// the three registers of a column alike:
//
//   - θ: t = P[x][0] ^ P[x][1] holds the two half-parities; VPSHUFD swaps
//     its halves, and one VPTERNLOGQ of t, the swap and S[x] gives C[x] in
//     both halves. R = rol(C[x+1], 1), and each of the 15 registers takes
//     C[x-1] ^ R with one VPTERNLOGQ into a copy of R, the operand that
//     arrives last, as in the vec kernel; the single, R's last use, into R
//     itself (ten copies a round instead of fifteen: 1-2 per cent faster).
//   - ρ: one VPROLVQ per register with per-half counts from a table. The
//     singles other than S[1] are first packed into the two new pairs of
//     column 4 (all of whose lanes come from old row 4), so ρ takes 13
//     rotations rather than 15 (measured 2-3 per cent faster).
//   - π: new lane (x, y) is old lane (x+3y, x), so both lanes of a new pair
//     come from the same old row x and therefore from the same half of two
//     old registers: one VPUNPCKLQDQ (old rows 0, 2) or VPUNPCKHQDQ (rows
//     1, 3) per new pair. The new row-4 lane comes from old row x, copied
//     into both halves with one unpack of a register with itself (none for
//     x = 4, whose source is the single S[1]).
//   - χ per group of five registers (the pairs of rows 0/1, of rows 2/3, the
//     singles): B[0] and B[1] are copied and all five outputs written in
//     place with VPTERNLOGQ (fewer operations and one cycle less than the
//     vec kernel's VPANDNQ/VPXORQ for two of them; here it measured 2 per
//     cent faster). ι: VPXORQ of a constant loaded by VMOVQ (high quadword
//     zero) into lane (0,0)'s register.
//
// Measured on Zen 5 with a microbenchmark: VPSHUFD, VPUNPCKLQDQ and
// VPUNPCKHQDQ on XMM registers have two cycles of latency and issue four
// per cycle, also next to two rotations per cycle, so shuffles compete with
// logic, not with the rotations (the scheduler plans them so). VPROLVQ with
// a memory operand: two per cycle, two cycles of latency.
//
// A round is 35 (θ) + 13 (ρ) + 14 (π) + 15 (χ) + 1 (ι) = 78 ALU operations
// (18 rotations) against 100 (29) for the vec kernel, but its dependency
// chain is longer: χ, the fold through the swap, R, θ, ρ and the unpack. The
// loop body is four list-scheduled rounds, as in the vec kernel, whose
// scheduler this took over; registers return to their entry assignment at the
// end of each pass. About 164 ns per Keccak-f[1600] on Zen 5 against
// 177 ns for the vec kernel in the same run. With θ's parities taken from
// constant registers (flag -nodep, timing only, wrong output) the first
// version (86 operations a round) took about 143 ns: the round-to-round
// dependency chain costs about 30 ns and the operation count the rest.
package main

//go:generate go run . -out ../../../internal/keccak/p1600pair_amd64.s -pkg keccak

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"

	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/hashkit/hashkit/_asm/internal/keccakgen"
	_ "github.com/hashkit/hashkit/internal/keccak"
)

var xmm = []reg.VecPhysical{
	reg.X0, reg.X1, reg.X2, reg.X3, reg.X4, reg.X5, reg.X6, reg.X7,
	reg.X8, reg.X9, reg.X10, reg.X11, reg.X12, reg.X13, reg.X14, reg.X15,
	reg.X16, reg.X17, reg.X18, reg.X19, reg.X20, reg.X21, reg.X22, reg.X23,
	reg.X24, reg.X25, reg.X26, reg.X27, reg.X28, reg.X29, reg.X30, reg.X31,
}

const (
	xor3 = 0x96 // a ^ b ^ c
	chi  = 0xD2 // a ^ (^b & c)
)

// Experiment switches; the defaults are what was committed. Measured on
// Zen 5 as the pair kernel's time against the vec kernel's in the same run
// (-count 6, noise about 2 per cent): -chitern=false -pre4=false 4-5 per
// cent faster than vec, the defaults 7-10, -iotapi (ι off the dependency
// chain: critical path 76 instead of 81 cycles per four rounds) 7-9,
// -fold4 8, -alu 3 or 5 and -rotboost 2 or 8 8-10, -rotboost 0 and
// -inplace 2 per cent slower than vec, -nosched 8 per cent slower.
// Immediate shifts (VPSLLQ, VPSRLQ) run on the two vector pipes that do not
// rotate (microbenchmark: four rotations and four shifts in two cycles;
// the variable shifts VPSLLVQ and VPSRLVQ share the rotation pipes), but
// rotating by shifts and an OR lengthens the chain: -shiftkeep 7 per cent
// faster than vec (no gain), -shiftr 2 4 per cent. -body8 (eight rounds
// scheduled together: 186 cycles in the schedule) 8-9 per cent, no gain. The
// list schedule of a four-round block takes 94 cycles (312 ALU operations,
// 72 rotations, critical path 81); the hardware takes about 116.
// Later: 180 random list schedules (-jitter 8, 20, 40 with seeds 1..60)
// were none faster than the default (best 166.6 ns against 166.8), longer
// latencies in the model (-latextra 1, 2, 4) 2 to 10 per cent slower, the
// absorb kernel's permutation written out in full (-unroll 24, scheduled
// in blocks of 4, 8, 12 or 24 rounds) with or without ι off the parity
// chain (-iotafold) no different (160.0 against 160.1 ns a block over 1
// MiB, twelve interleaved runs). A microbenchmark of the round's mix of
// operations without dependencies runs at exactly four per cycle (19.5
// cycles a round) and chains of 2-cycle operations whose length equals the
// throughput bound run 40-60 per cent slower than either bound on this core
// (depending on the order), which is where this kernel sits: 28 cycles a
// round for a critical path and a throughput bound of about 20 each.
// What moves it: one cycle more on the chain (-inplace: θ's update in place,
// R through a 3-cycle input) 9 per cent slower; ten extra independent
// VPXORQ a round (-dummy 10, timing only) 2-3 per cent slower, ten extra
// register moves (-dummymov 10) 3-4; D[x] once per column and the
// registers XORed with it, no copies (-dapply: 5 operations more, 15 moves
// fewer, 2 cycles more on the chain) 5 per cent slower. What does not: the
// emission order (-dfs, a topological order that follows chains; 40 random
// schedules measured on the absorb kernel against the default, interleaved:
// none more than 0.3 per cent faster), aligning the loops (PCALIGN 32 or
// 64), the message XOR of the absorb kernel (removed, timing only: 0.2 per
// cent). -v prints each block's critical path: per round χ (3), ι (2), the
// parity fold (xor, swap, VPTERNLOGQ: 6), rol (2), θ's update (2), ρ (2), π
// (2).
// Register copies cost time although the renamer eliminates them (zero
// latency, measured): θ's update of the single into R itself instead of a
// copy (the default since; -copyr restores the copy) made the absorb kernel
// 1.0 per cent faster in one binary timing both alternately (1 MiB, 300
// interleaved bursts) and Keccak-256 of 1 MiB 1.7 per cent faster in bench/;
// five extra copies a round (-dummymov 5) cost 2.4 per cent there, five
// one-byte NOPs (-nops 5) nothing, and ρ's counts from a register instead of
// memory operands (-rolvreg, timing only) nothing. Copies traded for other
// work did not pay: R rotated again for the pairs instead of copied
// (-rotcopies, removed) 1.5 per cent slower for one pair a column, 7 for
// both; A ^ C[x-1] and then ^ R with two VPXORQ for a pair (-xorpairs,
// removed) 0.4 and 1.7; θ's update of one pair a column in place (R through
// a 3-cycle input; -inplace for all) no faster, for any single one of the
// ten pairs no faster either. Ending each pass in the entry assignment (π
// writing its results into the registers the next pass starts from, 5
// copies at the end of a pass instead of 15) and bodies of 8, 12 or 24
// rounds (no copies between passes): 0 to 0.3 per cent, not kept.
var (
	chiTern     = flag.Bool("chitern", true, "χ: copy B[0], B[1] and write all five with VPTERNLOGQ")
	noSched     = flag.Bool("nosched", false, "emit in program order")
	rotBoost    = flag.Int("rotboost", 4, "priority added to rotations in the list schedule")
	inPlace     = flag.Bool("inplace", false, "θ: update the lanes in place (R through a late-read source)")
	noDep       = flag.Bool("nodep", false, "timing only, wrong output: θ's parities from two constant registers")
	fold4       = flag.Bool("fold4", false, "θ: swap both pairs, fold with two VPTERNLOGQ (one op more, one cycle less)")
	iotaFold    = flag.Bool("iotafold", false, "absorb, -unroll 24: θ folds column 0 from lane (0,0) before ι and the single XORed with RC in both halves (ι off the parity chain)")
	iotaPi      = flag.Bool("iotapi", false, "ι: XOR RC into lane (0,0) before ρ (offset 0) and unpack a second copy of its new pair for χ's x = 0 only")
	aluPerCycle = flag.Int("alu", 4, "ALU operations per cycle in the schedule's machine model")
	shiftR      = flag.Int("shiftr", 0, "θ: R of the first n columns by VPADDQ, VPSRLQ and VPORQ")
	shiftKeep   = flag.Bool("shiftkeep", false, "ρ: rotate the single S[1] by VPSLLQ, VPSRLQ and VPORQ")
	body8       = flag.Bool("body8", false, "loop body of eight rounds scheduled together (after one four-round pass for 12 or 20 rounds)")
	pre4        = flag.Bool("pre4", true, "build column 4's new pairs from the singles before ρ (two rotations fewer)")
	verbose     = flag.Bool("v", false, "print the schedule's statistics")
	shufRot     = flag.Bool("shufrot", false, "schedule shuffles on the two rotation pipes")
	seed        = flag.Int64("seed", 0, "with -jitter: seed of the random priorities")
	jitter      = flag.Int("jitter", 0, "add a random 0..jitter to each operation's priority in the list schedule")
	unrollSched = flag.Int("unrollsched", 4, "absorb, -unroll 24: rounds per list-scheduled block")
	unroll      = flag.Int("unroll", 4, "absorb: 24 for the permutation written out in full, otherwise the four-round loop")
	dfs         = flag.Bool("dfs", false, "emit in a topological order that follows dependency chains instead of the list schedule")
	dApply      = flag.Bool("dapply", false, "θ: D[x] with one VPXORQ, then each register XORed with it into a new one (no copies)")
	dummyMov    = flag.Int("dummymov", 0, "timing only: n extra register moves a round into X31, which nothing reads")
	dummy       = flag.Int("dummy", 0, "timing only: n extra VPXORQ a round into X31, which nothing reads")
	copyR       = flag.Bool("copyr", false, "θ: all three registers of a column take their update in a copy of R (the third one too)")
	nops        = flag.Int("nops", 0, "timing only: n one-byte NOPs a round")
	rolvReg     = flag.Bool("rolvreg", false, "timing only, wrong output: ρ's counts from X31 instead of memory")
	latExtra    = flag.Int("latextra", 0, "cycles added to every ALU operation's latency in the schedule's machine model")
)

type opKind int

const (
	kMove  opKind = iota // register copy, eliminated at rename
	kLoad                // load from memory: no ALU pipe
	kRot                 // VPROLQ, VPROLVQ: two pipes
	kShuf                // VPSHUFD, VPUNPCK[LH]QDQ
	kLogic               // VPXORQ, VPANDNQ: four pipes
	kTern                // VPTERNLOGQ: four pipes
	kShift               // VPSRLQ, VPSLLQ by an immediate: the two pipes that do not rotate
)

type op struct {
	kind  opKind
	reads []reg.VecPhysical
	write reg.VecPhysical
	emit  func()
}

var prog []op

var rng *rand.Rand

func mov(src, dst reg.VecPhysical) {
	prog = append(prog, op{kMove, []reg.VecPhysical{src}, dst, func() { VMOVDQA64(src, dst) }})
}

func loadq(m Mem, dst reg.VecPhysical) {
	prog = append(prog, op{kLoad, nil, dst, func() { VMOVQ(m, dst) }})
}

func rol(n int, src, dst reg.VecPhysical) {
	prog = append(prog, op{kRot, []reg.VecPhysical{src}, dst, func() { VPROLQ(U8(n), src, dst) }})
}

// rolv records a = a rotated left per quadword by the counts at m.
func rolv(m Mem, a reg.VecPhysical) {
	if *rolvReg {
		prog = append(prog, op{kRot, []reg.VecPhysical{a}, a, func() { VPROLVQ(xmm[31], a, a) }})
		return
	}
	prog = append(prog, op{kRot, []reg.VecPhysical{a}, a, func() { VPROLVQ(m, a, a) }})
}

// swap records dst = a with its quadwords exchanged.
func swap(a, dst reg.VecPhysical) {
	prog = append(prog, op{kShuf, []reg.VecPhysical{a}, dst, func() { VPSHUFD(U8(0x4E), a, dst) }})
}

// unpack records dst = (lo's half h, hi's half h) for h = 0 (low) or 1.
func unpack(h int, lo, hi, dst reg.VecPhysical) {
	prog = append(prog, op{kShuf, []reg.VecPhysical{lo, hi}, dst, func() {
		if h == 0 {
			VPUNPCKLQDQ(hi, lo, dst)
		} else {
			VPUNPCKHQDQ(hi, lo, dst)
		}
	}})
}

// tern records a = f(a, b, c) for the VPTERNLOGQ truth table imm.
func tern(imm uint8, c, b, a reg.VecPhysical) {
	prog = append(prog, op{kTern, []reg.VecPhysical{a, b, c}, a, func() { VPTERNLOGQ(U8(imm), c, b, a) }})
}

func andn(b, c, dst reg.VecPhysical) {
	prog = append(prog, op{kLogic, []reg.VecPhysical{b, c}, dst, func() { VPANDNQ(c, b, dst) }})
}

// rolShifts records dst = rol(src, n) (the same n in both halves) as two
// shifts by immediates and an OR, leaving the rotation pipes free; tmp is a
// scratch register.
func rolShifts(n int, src, tmp, dst reg.VecPhysical) {
	if n == 1 {
		prog = append(prog, op{kLogic, []reg.VecPhysical{src}, tmp, func() { VPADDQ(src, src, tmp) }})
	} else {
		prog = append(prog, op{kShift, []reg.VecPhysical{src}, tmp, func() { VPSLLQ(U8(n), src, tmp) }})
	}
	prog = append(prog, op{kShift, []reg.VecPhysical{src}, dst, func() { VPSRLQ(U8(64-n), src, dst) }})
	prog = append(prog, op{kLogic, []reg.VecPhysical{dst, tmp}, dst, func() { VPORQ(tmp, dst, dst) }})
}

func xor2(a, b, dst reg.VecPhysical) {
	prog = append(prog, op{kLogic, []reg.VecPhysical{a, b}, dst, func() { VPXORQ(b, a, dst) }})
}

// The machine the scheduler plans for: per cycle at most four ALU ops, two
// of them rotations or shuffles, and six ops in all.
const (
	rotPerCycle = 2
	opsPerCycle = 6
)

func latency(producer op, consumer op, operand int) int {
	switch producer.kind {
	case kMove:
		return 0
	case kLoad:
		return 1
	}
	if consumer.kind == kTern && operand > 0 {
		return 3 + *latExtra
	}
	return 2 + *latExtra
}

// flush emits the recorded operations in list-schedule order (the vec
// generator's scheduler; shuffles count against the rotation pipes).
func flush(schedule bool) {
	n := len(prog)
	if !schedule {
		for _, o := range prog {
			o.emit()
		}
		prog = prog[:0]
		return
	}
	type edge struct{ to, lat int }
	succ := make([][]edge, n)
	npred := make([]int, n)
	add := func(from, to, lat int) {
		succ[from] = append(succ[from], edge{to, lat})
		npred[to]++
	}
	lastWrite := map[reg.VecPhysical]int{}
	readers := map[reg.VecPhysical][]int{}
	for i, o := range prog {
		for j, r := range o.reads {
			if w, ok := lastWrite[r]; ok {
				add(w, i, latency(prog[w], o, j))
			}
		}
		for _, rd := range readers[o.write] {
			if rd != i {
				add(rd, i, 0)
			}
		}
		if w, ok := lastWrite[o.write]; ok {
			add(w, i, 0)
		}
		for _, r := range o.reads {
			readers[r] = append(readers[r], i)
		}
		readers[o.write] = nil
		lastWrite[o.write] = i
	}
	rng = rand.New(rand.NewPCG(uint64(*seed), 0)) // the same schedule for every copy of the body
	height := make([]int, n)
	for i := n - 1; i >= 0; i-- {
		h := 0
		for _, e := range succ[i] {
			h = max(h, e.lat+height[e.to])
		}
		if prog[i].kind != kMove {
			h = max(h, 2)
		}
		height[i] = h
	}
	if *verbose {
		cp, nalu, nrot := 0, 0, 0
		for i := range n {
			cp = max(cp, height[i])
			if k := prog[i].kind; k != kMove && k != kLoad {
				nalu++
				if k == kRot {
					nrot++
				}
			}
		}
		fmt.Fprintf(os.Stderr, "block: %d ops, %d ALU, %d rotations, critical path %d cycles\n", n, nalu, nrot, cp)
		if *verbose {
			names := map[opKind]string{kMove: "mov", kLoad: "load", kRot: "rot", kShuf: "shuf", kLogic: "logic", kTern: "tern", kShift: "shift"}
			best := 0
			for i := range n {
				if height[i] > height[best] {
					best = i
				}
			}
			for i := best; ; {
				fmt.Fprintf(os.Stderr, "%s(h%d) ", names[prog[i].kind], height[i])
				next := -1
				for _, e := range succ[i] {
					if e.lat+height[e.to] == height[i] {
						next = e.to
						break
					}
				}
				if next < 0 {
					break
				}
				i = next
			}
			fmt.Fprintln(os.Stderr)
		}
	}
	for i := range n {
		if k := prog[i].kind; k == kRot || (*shufRot && k == kShuf) {
			height[i] += *rotBoost
		}
		if *jitter > 0 {
			height[i] += rng.IntN(*jitter + 1)
		}
	}
	if *dfs {
		// Topological order that follows chains: the ready operation whose
		// latest predecessor was emitted last, then the highest.
		pos := make([]int, n)
		latest := make([]int, n)
		for i := range latest {
			latest[i] = -1
		}
		var ready []int
		for i := range n {
			if npred[i] == 0 {
				ready = append(ready, i)
			}
		}
		for k := 0; len(ready) > 0; k++ {
			best := -1
			for _, i := range ready {
				if best < 0 || latest[i] > latest[best] || (latest[i] == latest[best] && height[i] > height[best]) {
					best = i
				}
			}
			ready = slices.DeleteFunc(ready, func(i int) bool { return i == best })
			prog[best].emit()
			pos[best] = k
			for _, e := range succ[best] {
				latest[e.to] = max(latest[e.to], k)
				if npred[e.to]--; npred[e.to] == 0 {
					ready = append(ready, e.to)
				}
			}
		}
		prog = prog[:0]
		return
	}
	earliest := make([]int, n)
	lastT := 0
	var ready []int
	for i := range n {
		if npred[i] == 0 {
			ready = append(ready, i)
		}
	}
	done := 0
	for t := 0; done < n; t++ {
		alu, rot, sh, all := 0, 0, 0, 0
		for {
			best := -1
			for _, i := range ready {
				if earliest[i] > t {
					continue
				}
				k := prog[i].kind
				isALU := k != kMove && k != kLoad
				isRot := k == kRot || (*shufRot && k == kShuf)
				if all == opsPerCycle || (isALU && alu == *aluPerCycle) || (isRot && rot == rotPerCycle) || (k == kShift && sh == 2) {
					continue
				}
				if best < 0 || height[i] > height[best] || (height[i] == height[best] && i < best) {
					best = i
				}
			}
			if best < 0 {
				break
			}
			ready = slices.DeleteFunc(ready, func(i int) bool { return i == best })
			prog[best].emit()
			lastT = t
			done++
			all++
			if k := prog[best].kind; k != kMove && k != kLoad {
				alu++
				if k == kRot || (*shufRot && k == kShuf) {
					rot++
				}
				if k == kShift {
					sh++
				}
			}
			for _, e := range succ[best] {
				earliest[e.to] = max(earliest[e.to], t+e.lat)
				if npred[e.to]--; npred[e.to] == 0 {
					ready = append(ready, e.to)
				}
			}
		}
	}
	if *verbose {
		fmt.Fprintf(os.Stderr, "schedule: %d cycles\n", lastT+1)
	}
	prog = prog[:0]
}

// state: which register holds each packed register of the layout
// (g[x][0], g[x][1]: the pairs; g[x][2]: the single) and which are free.
type state struct {
	g    [5][3]reg.VecPhysical
	free []reg.VecPhysical
	// With iotafold, after a round in the same scheduled block: pre00 is
	// g[0][0] before ι and rcb the round constant in both halves, so that
	// the next θ folds column 0 without waiting for ι.
	pre00, rcb reg.VecPhysical
	haveIota   bool
}

func initial() *state {
	s := &state{}
	for x := range 5 {
		for k := range 3 {
			s.g[x][k] = xmm[x+5*k]
		}
	}
	s.free = slices.Clone(xmm[15:])
	if *noDep {
		s.free = slices.Clone(xmm[15:30])
	}
	if *dummy > 0 || *dummyMov > 0 || *nops > 0 || *rolvReg {
		s.free = slices.Clone(xmm[15:31])
	}
	return s
}

func (s *state) clone() *state {
	t := *s
	t.free = slices.Clone(s.free)
	return &t
}

func (s *state) alloc() reg.VecPhysical {
	r := s.free[0]
	s.free = s.free[1:]
	return r
}

func (s *state) release(r ...reg.VecPhysical) { s.free = append(s.free, r...) }

// where returns the register holding lane l = x+5y and its half (0 low, 1
// high, 2 both).
func (s *state) where(l int) (reg.VecPhysical, int) {
	x, y := l%5, l/5
	if y == 4 {
		return s.g[x][2], 2
	}
	return s.g[x][slot(y)], y % 2
}

// slot returns the index in g[x] of the register that holds row y's lane.
func slot(y int) int { return min(y/2, 2) }

// rhoCount is the offset in the ρ table of the counts of g[x][k].
func rhoCount(x, k int) int { return 16 * (x + 5*k) }

// parities records θ's column parities C[x], each in both halves of a new
// register.
func (s *state) parities() [5]reg.VecPhysical {
	var c [5]reg.VecPhysical
	for x := range 5 {
		t, u := s.alloc(), s.alloc()
		if *noDep {
			xor2(xmm[30], xmm[31], t)
			swap(t, u)
			tern(xor3, t, xmm[30], u)
		} else if *fold4 {
			v := s.alloc()
			swap(s.g[x][0], t)
			swap(s.g[x][1], u)
			mov(s.g[x][2], v)
			tern(xor3, s.g[x][1], s.g[x][0], v)
			tern(xor3, u, t, v)
			s.release(u)
			u = v
		} else if x == 0 && s.haveIota {
			xor2(s.pre00, s.g[x][1], t)
			swap(t, u)
			xor2(s.g[x][2], s.rcb, s.rcb)
			tern(xor3, t, s.rcb, u)
			s.release(s.pre00, s.rcb)
			s.haveIota = false
		} else {
			xor2(s.g[x][0], s.g[x][1], t)
			swap(t, u)
			tern(xor3, t, s.g[x][2], u)
		}
		s.release(t)
		c[x] = u
	}
	return c
}

// round records one round. With foldIota (the next round is in the same
// scheduled block), the next round's θ folds column 0 from lane (0,0)
// before ι and the single XORed with the round constant in both halves, so
// that ι is off the parity chain.
func (s *state) round(rho, rc Mem, foldIota bool) {
	c := s.parities()
	for x := range 5 {
		r := s.alloc()
		if x < *shiftR {
			tmp := s.alloc()
			rolShifts(1, c[(x+1)%5], tmp, r)
			s.release(tmp)
		} else {
			rol(1, c[(x+1)%5], r)
		}
		if *dApply {
			d := s.alloc()
			xor2(r, c[(x+4)%5], d)
			for k := range 3 {
				n := s.alloc()
				xor2(s.g[x][k], d, n)
				s.release(s.g[x][k])
				s.g[x][k] = n
			}
			s.release(r, d)
			continue
		}
		for k := range 3 {
			if *inPlace {
				tern(xor3, r, c[(x+4)%5], s.g[x][k])
				continue
			}
			if k == 2 && !*copyR {
				// R's last use: the update goes into R itself.
				tern(xor3, s.g[x][k], c[(x+4)%5], r)
				s.release(s.g[x][k])
				s.g[x][k] = r
				continue
			}
			n := s.alloc()
			mov(r, n)
			tern(xor3, s.g[x][k], c[(x+4)%5], n)
			s.release(s.g[x][k])
			s.g[x][k] = n
		}
		if *inPlace || *copyR {
			s.release(r)
		}
	}
	s.release(c[:]...)
	for i := range *dummyMov {
		src := s.g[i%5][i/5%3]
		prog = append(prog, op{kMove, []reg.VecPhysical{src}, xmm[31], func() { VMOVDQA64(src, xmm[31]) }})
	}
	for range *nops {
		prog = append(prog, op{kLoad, nil, xmm[31], func() {
			Instruction(&ir.Instruction{Opcode: "BYTE", Operands: []Op{U8(0x90)}})
		}})
	}
	for i := range *dummy {
		src, src2 := s.g[i%5][i/5%3], s.g[(i+1)%5][i/5%3]
		prog = append(prog, op{kLogic, []reg.VecPhysical{src, src2}, xmm[31], func() { VPXORQ(src2, src, xmm[31]) }})
	}
	// ρ. With pre4, the new pairs of column 4, whose lanes all come from
	// the singles (old row 4), are packed before ρ and rotated as pairs.
	var withRC reg.VecPhysical // lane (0,0) ^ RC in its low half (iotapi)
	if *iotaPi {
		if keccakgen.Rho(0) != 0 || keccakgen.Source(0, 0) != 0 {
			panic("iotapi: lane (0,0) moves")
		}
		withRC = s.alloc()
		loadq(rc, withRC)
		xor2(s.g[0][0], withRC, withRC)
	}
	var pre [2]reg.VecPhysical
	keep := keccakgen.Source(4, 4) % 5 // the single that stays one
	if *pre4 {
		for k := range 2 {
			l1, l2 := keccakgen.Source(4, 2*k), keccakgen.Source(4, 2*k+1)
			pre[k] = s.alloc()
			unpack(0, s.g[l1%5][2], s.g[l2%5][2], pre[k])
			m := rho
			m.Disp += 16 * (15 + k)
			rolv(m, pre[k])
		}
	}
	for x := range 5 {
		for k := range 3 {
			if *pre4 && k == 2 && x != keep {
				continue
			}
			if *pre4 && *shiftKeep && k == 2 {
				tmp, out := s.alloc(), s.alloc()
				rolShifts(keccakgen.Rho(x+20), s.g[x][k], tmp, out)
				s.release(tmp, s.g[x][k])
				s.g[x][k] = out
				continue
			}
			m := rho
			m.Disp += rhoCount(x, k)
			rolv(m, s.g[x][k])
		}
	}
	// π.
	var b [5][3]reg.VecPhysical
	renamed := map[reg.VecPhysical]bool{}
	for x := range 5 {
		for k := range 2 {
			if *pre4 && x == 4 {
				b[x][k] = pre[k]
				continue
			}
			lo, h := s.where(keccakgen.Source(x, 2*k))
			hi, h2 := s.where(keccakgen.Source(x, 2*k+1))
			if h != h2 {
				panic("π: lanes of a new pair in different halves")
			}
			b[x][k] = s.alloc()
			unpack(h%2, lo, hi, b[x][k])
			if *iotaPi && x == 0 && k == 0 {
				unpack(0, withRC, hi, withRC)
			}
		}
		r, h := s.where(keccakgen.Source(x, 4))
		if h == 2 {
			b[x][2] = r
			renamed[r] = true
		} else {
			b[x][2] = s.alloc()
			unpack(h, r, r, b[x][2])
		}
	}
	for x := range 5 {
		for k := range 3 {
			if !renamed[s.g[x][k]] {
				s.release(s.g[x][k])
			}
		}
	}
	// χ and ι.
	for k := range 3 {
		var bb [5]reg.VecPhysical
		for x := range 5 {
			bb[x] = b[x][k]
		}
		var out [5]reg.VecPhysical
		var t reg.VecPhysical
		if k == 0 && !*iotaPi {
			t = s.alloc()
			loadq(rc, t)
		}
		if *iotaPi && k == 0 {
			// out[0] into the copy with RC; B[0] stays for x = 3, 4.
			c1 := s.alloc()
			mov(bb[1], c1)
			tern(chi, bb[2], bb[1], withRC)
			tern(chi, bb[3], bb[2], bb[1])
			tern(chi, bb[4], bb[3], bb[2])
			tern(chi, bb[0], bb[4], bb[3])
			tern(chi, c1, bb[0], bb[4])
			s.release(c1, bb[0])
			out = bb
			out[0] = withRC
		} else if *chiTern {
			s.chi(bb)
			out = bb
			if k == 0 && foldIota {
				s.pre00, s.rcb = out[0], s.alloc()
				s.haveIota = true
				out[0] = s.alloc()
				xor2(s.pre00, t, out[0])
				rcb := s.rcb
				prog = append(prog, op{kLoad, nil, rcb, func() { VPBROADCASTQ(rc, rcb) }})
			} else if k == 0 && !*iotaPi {
				xor2(out[0], t, out[0])
			}
		} else {
			o0, o1 := s.alloc(), s.alloc()
			andn(bb[1], bb[2], o0)
			if k == 0 {
				tern(xor3, t, bb[0], o0)
			} else {
				xor2(bb[0], o0, o0)
			}
			andn(bb[2], bb[3], o1)
			xor2(bb[1], o1, o1)
			tern(chi, bb[4], bb[3], bb[2])
			tern(chi, bb[0], bb[4], bb[3])
			tern(chi, bb[1], bb[0], bb[4])
			s.release(bb[0], bb[1])
			out = [5]reg.VecPhysical{o0, o1, bb[2], bb[3], bb[4]}
		}
		if k == 0 && !*iotaPi {
			s.release(t)
		}
		for x := range 5 {
			s.g[x][k] = out[x]
		}
	}
}

// plane0 records a round that computes only the first plane of its output,
// lanes (x, 0) for x = 0..4, and returns the registers holding them in
// their low halves. Those lanes come out of χ on the new first plane, whose
// lanes come from the diagonal: new lane (x, 0) is old lane (x, x) (π), so
// of θ's update and ρ only five lanes are needed: 38 operations instead of
// 78.
func (s *state) plane0(rho, rc Mem) [5]reg.VecPhysical {
	c := s.parities()
	var b [5]reg.VecPhysical
	for x := range 5 {
		if keccakgen.Source(x, 0) != 6*x {
			panic("plane0: new lane (x, 0) is not old lane (x, x)")
		}
		r, h := s.where(6 * x)
		n := s.alloc()
		rol(1, c[(x+1)%5], n)
		tern(xor3, r, c[(x+4)%5], n)
		m := rho
		m.Disp += rhoCount(x, slot(x))
		rolv(m, n)
		if h == 1 {
			unpack(1, n, n, n)
		}
		b[x] = n
	}
	s.release(c[:]...)
	t := s.alloc()
	loadq(rc, t)
	s.chi(b)
	xor2(b[0], t, b[0])
	return b
}

// chi records χ on a group of five registers, in place: B[0] and B[1] are
// copied, and all five outputs written with VPTERNLOGQ.
func (s *state) chi(b [5]reg.VecPhysical) {
	c0, c1 := s.alloc(), s.alloc()
	mov(b[0], c0)
	mov(b[1], c1)
	tern(chi, b[2], b[1], b[0])
	tern(chi, b[3], b[2], b[1])
	tern(chi, b[4], b[3], b[2])
	tern(chi, c0, b[4], b[3])
	tern(chi, c1, c0, b[4])
	s.release(c0, c1)
}

// moveTo emits the register moves that bring s into want's assignment,
// breaking cycles through a free vector register.
func (s *state) moveTo(want *state) {
	src := map[reg.VecPhysical]reg.VecPhysical{} // destination -> source
	var to []reg.VecPhysical
	for x := range 5 {
		for k := range 3 {
			to = append(to, want.g[x][k])
			if s.g[x][k] != want.g[x][k] {
				src[want.g[x][k]] = s.g[x][k]
			}
		}
	}
	used := map[reg.VecPhysical]bool{}
	for x := range 5 {
		for k := range 3 {
			used[s.g[x][k]] = true
			used[want.g[x][k]] = true
		}
	}
	isSource := func(r reg.VecPhysical) bool {
		for _, o := range src {
			if o == r {
				return true
			}
		}
		return false
	}
	for len(src) > 0 {
		moved := false
		for _, r := range to {
			if f, ok := src[r]; ok && !isSource(r) {
				VMOVDQA64(f, r)
				delete(src, r)
				moved = true
			}
		}
		if moved {
			continue
		}
		// Only cycles remain: move one source aside.
		for _, r := range to {
			f, ok := src[r]
			if !ok {
				continue
			}
			var park reg.VecPhysical
			for _, p := range xmm {
				if !used[p] {
					park = p
					break
				}
			}
			used[park] = true
			VMOVDQA64(f, park)
			src[r] = park
			break
		}
	}
	s.g = want.g
	s.free = slices.Clone(want.free)
}

const bodyRounds = 4

func main() {
	flag.Parse()
	Package("github.com/hashkit/hashkit/internal/keccak")
	ConstraintExpr("!purego")

	rcTable := keccakgen.RCTable("roundConstantsPair")
	rhoTable := GLOBL("rhoPair", RODATA|NOPTR)
	for k := range 3 { // in offset order: the assembler wants it so
		for x := range 5 {
			lo, hi := x+10*k, x+10*k+5
			if k == 2 {
				lo, hi = x+20, x+20
			}
			DATA(rhoCount(x, k), U64(uint64(keccakgen.Rho(lo))))
			DATA(rhoCount(x, k)+8, U64(uint64(keccakgen.Rho(hi))))
		}
	}
	for k := range 2 { // the new pairs of column 4 (pre4)
		DATA(16*(15+k), U64(uint64(keccakgen.Rho(keccakgen.Source(4, 2*k)))))
		DATA(16*(15+k)+8, U64(uint64(keccakgen.Rho(keccakgen.Source(4, 2*k+1)))))
	}

	TEXT("p1600PairAVX512", NOSPLIT, "func(a *[25]uint64, rounds int)")
	Doc("p1600PairAVX512 applies Keccak-p[1600, rounds] for rounds a multiple of 4 (4..24).")
	a, rcp, cnt := prologue(rcTable)
	s := loadState(a)
	TESTQ(cnt, cnt)
	JZ(LabelRef("store"))
	entry := s.clone()
	if *body8 {
		// An odd number of four-round passes starts with one four-round
		// pass; then eight rounds a pass, scheduled together.
		TESTQ(U32(1), cnt)
		JZ(LabelRef("even"))
		for r := range bodyRounds {
			s.round(rhoTable, Mem{Base: rcp, Disp: 8 * r}, false)
		}
		flush(!*noSched)
		s.moveTo(entry)
		ADDQ(U32(8*bodyRounds), rcp)
		Label("even")
		SHRQ(U8(1), cnt)
		JZ(LabelRef("store"))
		Label("loop8")
		for r := range 2 * bodyRounds {
			s.round(rhoTable, Mem{Base: rcp, Disp: 8 * r}, false)
		}
		flush(!*noSched)
		s.moveTo(entry)
		ADDQ(U32(16*bodyRounds), rcp)
		DECQ(cnt)
		JNZ(LabelRef("loop8"))
	} else {
		s.passes("loop", entry, rhoTable, rcp, cnt)
	}
	Label("store")
	s.store(a)
	RET()

	plane0Kernel(rcTable, rhoTable)
	absorb(rcTable, rhoTable)
	Generate()
}

// prologue loads the arguments (a *[25]uint64, rounds int) of a
// permutation kernel and returns a, rcp = &RC[24-rounds] and cnt =
// rounds/4.
func prologue(rcTable Mem) (a, rcp, cnt reg.Register) {
	Pragma("noescape")
	a = Load(Param("a"), GP64())
	n := Load(Param("rounds"), GP64())
	rcp, cnt = GP64(), GP64()
	MOVQ(U32(24), cnt)
	SUBQ(n, cnt)
	LEAQ(rcTable, rcp)
	LEAQ(Mem{Base: rcp, Index: cnt, Scale: 8}, rcp)
	MOVQ(n, cnt)
	SHRQ(U8(2), cnt)
	return a, rcp, cnt
}

// plane0Kernel emits p1600Plane0PairAVX512: Keccak-p[1600, rounds] that
// writes only the first plane (lanes 0..4) of the result, for one-shot hashes
// whose output fits in it (SHA3-224/256, Keccak-224/256). The last four
// rounds are one block: three full rounds and plane0.
func plane0Kernel(rcTable, rhoTable Mem) {
	TEXT("p1600Plane0PairAVX512", NOSPLIT, "func(a *[25]uint64, rounds int)")
	Doc("p1600Plane0PairAVX512 applies Keccak-p[1600, rounds] for rounds a multiple of 4 (4..24) and stores only lanes 0..4 of the result.")
	a, rcp, cnt := prologue(rcTable)
	s := loadState(a)
	DECQ(cnt)
	JZ(LabelRef("plast"))
	entry := s.clone()
	s.passes("ploop", entry, rhoTable, rcp, cnt)
	Label("plast")
	for r := range bodyRounds - 1 {
		s.round(rhoTable, Mem{Base: rcp, Disp: 8 * r}, false)
	}
	out := s.plane0(rhoTable, Mem{Base: rcp, Disp: 8 * (bodyRounds - 1)})
	flush(!*noSched)
	for x, r := range out {
		VMOVQ(r, Mem{Base: a, Disp: 8 * x})
	}
	RET()
}

// loadState loads the 25 lanes at a into the registers of initial().
func loadState(a reg.Register) *state {
	s := initial()
	for x := range 5 {
		for k := range 2 {
			VMOVQ(Mem{Base: a, Disp: 8 * (x + 10*k)}, s.g[x][k])
			VPINSRQ(U8(1), Mem{Base: a, Disp: 8 * (x + 10*k + 5)}, s.g[x][k], s.g[x][k])
		}
		VPBROADCASTQ(Mem{Base: a, Disp: 8 * (x + 20)}, s.g[x][2])
	}
	return s
}

// store writes the 25 lanes back to a.
func (s *state) store(a reg.Register) {
	for x := range 5 {
		for k := range 2 {
			VMOVQ(s.g[x][k], Mem{Base: a, Disp: 8 * (x + 10*k)})
			VPEXTRQ(U8(1), s.g[x][k], Mem{Base: a, Disp: 8 * (x + 10*k + 5)})
		}
		VMOVQ(s.g[x][2], Mem{Base: a, Disp: 8 * (x + 20)})
	}
}

// passes emits the loop label: cnt passes of the four-round body with the
// round constants at rcp (advanced by each pass), the registers brought
// back to entry's assignment at the end of every pass.
func (s *state) passes(label string, entry *state, rhoTable Mem, rcp, cnt reg.Register) {
	Label(label)
	for r := range bodyRounds {
		s.round(rhoTable, Mem{Base: rcp, Disp: 8 * r}, false)
	}
	flush(!*noSched)
	Comment("Registers back to the loop's entry assignment")
	s.moveTo(entry)
	ADDQ(U32(8*bodyRounds), rcp)
	DECQ(cnt)
	JNZ(LabelRef(label))
}

// absorbLanes are the block sizes in lanes that absorbPairAVX512 handles,
// as internal/keccak lists them (the rates of SHA-3, SHAKE and Keccak).
var absorbLanes = keccakgen.PairLanes()

// absorb emits absorbPairAVX512: for each whole block of p, XOR it into
// the state and apply Keccak-f[1600], with the state kept in the paired
// layout across blocks. Message lanes go straight into the registers: both
// lanes of a pair with one VMOVQ and one VPINSRQ, the low lane alone (when
// the block ends between the two) with VMOVQ, a row-4 lane with
// VPBROADCASTQ, since S[x] holds it in both halves.
func absorb(rcTable, rhoTable Mem) {
	TEXT("absorbPairAVX512", NOSPLIT, "func(a *[25]uint64, p []byte, lanes int)")
	Doc("absorbPairAVX512 absorbs the whole blocks of p, of lanes lanes each (9, 13, 17, 18 or 21), with Keccak-f[1600].")
	Pragma("noescape")
	a := Load(Param("a"), GP64())
	p := Load(Param("p").Base(), GP64())
	plen := Load(Param("p").Len(), GP64())
	lanes := Load(Param("lanes"), GP64())
	bs, rcp, cnt := GP64(), GP64(), GP64()
	MOVQ(lanes, bs)
	SHLQ(U8(3), bs)
	s := loadState(a)
	entry := s.clone()
	t := xmm[31]
	Label("ablock")
	CMPQ(plen, bs)
	JB(LabelRef("adone"))
	for _, n := range absorbLanes {
		CMPQ(lanes, U8(n))
		JEQ(LabelRef(fmt.Sprintf("axor%d", n)))
	}
	JMP(LabelRef("adone")) // other sizes: the caller does not pass them
	for _, n := range absorbLanes {
		Label(fmt.Sprintf("axor%d", n))
		m := func(l int) Mem { return Mem{Base: p, Disp: 8 * l} }
		for x := range 5 {
			for k := range 2 {
				lo, hi := x+10*k, x+10*k+5
				r := s.g[x][k]
				switch {
				case hi < n:
					VMOVQ(m(lo), t)
					VPINSRQ(U8(1), m(hi), t, t)
					VPXORQ(t, r, r)
				case lo < n:
					VMOVQ(m(lo), t)
					VPXORQ(t, r, r)
				}
			}
			if l := x + 20; l < n {
				VPBROADCASTQ(m(l), t)
				VPXORQ(t, s.g[x][2], s.g[x][2])
			}
		}
		JMP(LabelRef("apermute"))
	}
	Label("apermute")
	LEAQ(rcTable, rcp)
	if *unroll == 24 {
		for r := range 24 {
			s.round(rhoTable, Mem{Base: rcp, Disp: 8 * r}, *iotaFold && (r+1)%*unrollSched != 0)
			if (r+1)%*unrollSched == 0 {
				flush(!*noSched)
			}
		}
		s.moveTo(entry)
	} else {
		MOVQ(U32(24/bodyRounds), cnt)
		s.passes("aloop", entry, rhoTable, rcp, cnt)
	}
	ADDQ(bs, p)
	SUBQ(bs, plen)
	JMP(LabelRef("ablock"))
	Label("adone")
	s.store(a)
	RET()
}
