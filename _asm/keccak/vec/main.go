// Command vec generates p1600vec_amd64.s in internal/keccak: a single-state
// Keccak-p[1600] for AVX-512VL that keeps the 25 lanes in the low quadwords
// of XMM registers (like the avx512 kernel of _asm/keccak/single) but orders
// each round for a core with four vector ALU pipes of which only two rotate.
// Declarations: internal/keccak/p1600_amd64.go.
//
// Measured on Zen 5: VPXORQ, VPANDNQ and VPTERNLOGQ issue four per cycle,
// VPROLQ (and VPSHLDQ, VPROLVQ, VPMULTISHIFTQB) only two; register copies
// take no ALU pipe; VPTERNLOGQ has two cycles of latency through its
// destination operand and three through the other two.
//
// The avx512 kernel emits each step for all lanes before the next: its 24 ρ
// rotations come as one run that only two pipes can take, with χ's
// operations behind them in program order, and a round takes about 41
// cycles. Here:
//
//   - θ goes column by column: R = rol(C[x+1], 1), then for each lane of
//     column x a copy of R becomes the lane's new register and VPTERNLOGQ
//     folds in C[x-1] and the old lane value. R is the operand that arrives
//     last, so it goes through the fast destination operand; with R as a
//     plain source, or with D = C[x-1] ^ R and one VPXORQ per lane, the
//     kernel measured 3 to 10 per cent slower. In the column order
//     0, 2, 1, 3, 4 each parity register is free after its second use, so
//     lanes, parities, R and one copy fit the 32 registers.
//   - ρ, π and χ go output row by output row: the five lanes that π brings
//     into the row are rotated in place, then χ writes x = 0 and 1 into free
//     registers (VPANDNQ, VPXORQ) and x = 2, 3, 4 in place (VPTERNLOGQ),
//     which leaves B[0] and B[1] intact for x = 3 and 4. (Copying B[0] and
//     B[1] first and writing all five with VPTERNLOGQ has fewer ALU
//     operations but measured 5 per cent slower.) π costs nothing: the
//     generator renames registers.
//   - ι follows χ of row 0; the next round's parities are folded in as χ
//     goes (rows 0..2 after row 2, rows 3 and 4 after row 4).
//   - The loop body is four rounds (π's renaming and the fresh registers are
//     undone by register moves at its end; see bodyRounds), list-scheduled
//     (flush) so that the out-of-order core, which picks the oldest ready
//     operation, finds rotations and other work interleaved.
//
// That is 100 ALU operations per round (29 rotations) and 30 register
// copies. The result, about 178 ns per Keccak-f[1600] on Zen 5 against
// 233 ns for the avx512 kernel, is still above the goal of about 158 ns (27
// cycles a round). Two experiments (timing only, wrong output) bound what
// this layout can do: with θ fed from a constant instead of the real
// parities, so that rounds no longer wait for each other, the same
// operations took about 160 ns (3.5 ALU operations per cycle); so about 20 ns
// go to the round-to-round dependency (the last χ, the parities, R, θ, ρ)
// and the rest is the operation count.
package main

//go:generate go run . -out ../../../internal/keccak/p1600vec_amd64.s -pkg keccak

import (
	"fmt"
	"slices"

	. "github.com/mmcloughlin/avo/build"
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
	chi  = 0xD2 // a ^ (^b & c): bit (a<<2 | b<<1 | c) of the immediate
)

// The generator records each block of rounds as a list of operations on
// physical registers, reorders it with a list scheduler (below) and only
// then emits it.

type opKind int

const (
	kMove  opKind = iota // register copy, eliminated at rename
	kRot                 // VPROLQ: two pipes
	kLogic               // VPXORQ, VPANDNQ: four pipes
	kTern                // VPTERNLOGQ: four pipes
)

// op is one recorded instruction. For kTern reads[0] is the destination's
// old value, which the ALU reads late: through it the latency is two cycles,
// through the other two sources three (measured on Zen 5).
type op struct {
	kind  opKind
	reads []reg.VecPhysical
	write reg.VecPhysical
	emit  func()
}

var prog []op

func mov(src, dst reg.VecPhysical) {
	prog = append(prog, op{kMove, []reg.VecPhysical{src}, dst, func() { VMOVDQA64(src, dst) }})
}

func rol(n int, src, dst reg.VecPhysical) {
	prog = append(prog, op{kRot, []reg.VecPhysical{src}, dst, func() { VPROLQ(U8(n), src, dst) }})
}

// tern records a = f(a, b, c) for the VPTERNLOGQ truth table imm.
func tern(imm uint8, c, b, a reg.VecPhysical) {
	prog = append(prog, op{kTern, []reg.VecPhysical{a, b, c}, a, func() { VPTERNLOGQ(U8(imm), c, b, a) }})
}

// andn records dst = ^b & c.
func andn(b, c, dst reg.VecPhysical) {
	prog = append(prog, op{kLogic, []reg.VecPhysical{b, c}, dst, func() { VPANDNQ(c, b, dst) }})
}

// xor2 records dst = a ^ b.
func xor2(a, b, dst reg.VecPhysical) {
	prog = append(prog, op{kLogic, []reg.VecPhysical{a, b}, dst, func() { VPXORQ(b, a, dst) }})
}

func xorMem(m Mem, a reg.VecPhysical) {
	prog = append(prog, op{kLogic, []reg.VecPhysical{a}, a, func() { VPXORQ(m, a, a) }})
}

// The machine the scheduler plans for: per cycle at most four ALU ops, two
// of them rotations, and six ops in all.
const (
	aluPerCycle = 4
	rotPerCycle = 2
	opsPerCycle = 6
)

// rotBoost raises the priority of rotations in the list schedule: they are
// the scarce resource, and emitting each as soon as its input is planned
// measured a few per cent faster than by dependency height alone.
const rotBoost = 4

func latency(producer op, consumer op, operand int) int {
	if producer.kind == kMove {
		return 0
	}
	if consumer.kind == kTern && operand > 0 {
		return 3
	}
	return 2
}

// flush emits the recorded operations in the order of a list schedule:
// cycle by cycle, the ready operations with the longest dependency chain to
// the end of the block go first. Out-of-order cores pick the oldest ready
// operation, so emitting the operations in the order a good schedule
// issues them lets the hardware follow that schedule; in program order,
// a round's 24 ρ rotations would come as one run that only two pipes can
// take. Register reuse stays correct: writes wait for earlier reads and
// writes of the same register (zero-latency edges).
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
	// height[i]: the longest latency path from i to the end of the block.
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
	for i := range n {
		if prog[i].kind == kRot {
			height[i] += rotBoost
		}
	}
	earliest := make([]int, n)
	var ready []int
	for i := range n {
		if npred[i] == 0 {
			ready = append(ready, i)
		}
	}
	done := 0
	for t := 0; done < n; t++ {
		alu, rot, all := 0, 0, 0
		for {
			best := -1
			for _, i := range ready {
				if earliest[i] > t {
					continue
				}
				k := prog[i].kind
				if all == opsPerCycle || (k != kMove && alu == aluPerCycle) || (k == kRot && rot == rotPerCycle) {
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
			done++
			all++
			if k := prog[best].kind; k != kMove {
				alu++
				if k == kRot {
					rot++
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
	prog = prog[:0]
}

// state is what the generator knows at a point of the emitted code: which
// register holds each lane, which hold the column parities of those lanes,
// and which are free.
type state struct {
	lane [25]reg.VecPhysical // lane[x+5y] holds lane (x, y)
	c    [5]reg.VecPhysical  // C[x], valid at the start of a round
	free []reg.VecPhysical
}

// initial has lane l in X<l>, the parities in X25..X29 and X30, X31 free.
func initial() *state {
	s := &state{free: []reg.VecPhysical{xmm[30], xmm[31]}}
	for l := range s.lane {
		s.lane[l] = xmm[l]
	}
	for x := range s.c {
		s.c[x] = xmm[25+x]
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

// parities records C[x] = A[x,0] ^ ... ^ A[x,4] into s.c.
func (s *state) parities() {
	for x := range 5 {
		mov(s.lane[x], s.c[x])
		tern(xor3, s.lane[x+10], s.lane[x+5], s.c[x])
		tern(xor3, s.lane[x+20], s.lane[x+15], s.c[x])
	}
}

// thetaOrder is the order of θ's columns: column x reads C[x-1] and C[x+1],
// so in this order C[1] is done after the second column, C[2] and C[4]
// after the fourth, and the 25 lanes, the parities, R and one copy of R
// fit the 32 registers.
var thetaOrder = [5]int{0, 2, 1, 3, 4}

// round records one round, ι taking its constant from rcm, and updates s.
// The parities for the next round are computed even after round 23 (ten
// operations), so that every round has the same code.
func (s *state) round(rcm Mem) {
	// θ (3.2.1): A[x,y] ^= C[x-1] ^ rol(C[x+1], 1), into a copy of the
	// rotated parity (see the package comment).
	uses := [5]int{2, 2, 2, 2, 2}
	for _, x := range thetaOrder {
		r := s.alloc()
		rol(1, s.c[(x+1)%5], r)
		for y := range 5 {
			l := s.alloc()
			mov(r, l)
			tern(xor3, s.lane[x+5*y], s.c[(x+4)%5], l)
			s.release(s.lane[x+5*y])
			s.lane[x+5*y] = l
		}
		s.release(r)
		for _, k := range []int{(x + 1) % 5, (x + 4) % 5} {
			if uses[k]--; uses[k] == 0 {
				s.release(s.c[k])
			}
		}
	}
	// ρ (3.2.2), π (3.2.3) and χ (3.2.4), one output row at a time.
	var next [25]reg.VecPhysical
	for y := range 5 {
		var b [5]reg.VecPhysical
		for x := range 5 {
			l := keccakgen.Source(x, y)
			b[x] = s.lane[l]
			if keccakgen.Rho(l) != 0 {
				rol(keccakgen.Rho(l), b[x], b[x])
			}
		}
		// χ: out[x] = B[x] ^ (^B[x+1] & B[x+2]). Rows 0 and 1 go to free
		// registers, so B[0] and B[1] are still there for rows 3 and 4;
		// rows 2..4 overwrite their B[x] (VPTERNLOGQ), each after its
		// last reader.
		o0, o1 := s.alloc(), s.alloc()
		andn(b[1], b[2], o0)
		xor2(b[0], o0, o0)
		andn(b[2], b[3], o1)
		xor2(b[1], o1, o1)
		tern(chi, b[4], b[3], b[2])
		tern(chi, b[0], b[4], b[3])
		tern(chi, b[1], b[0], b[4])
		s.release(b[0], b[1])
		out := [5]reg.VecPhysical{o0, o1, b[2], b[3], b[4]}
		copy(next[5*y:], out[:])
		if y == 0 {
			// ι (3.2.5).
			xorMem(rcm, o0)
		}
		// The next round's parities: rows 0..2, then rows 3 and 4.
		switch y {
		case 2:
			for x := range 5 {
				s.c[x] = s.alloc()
				mov(next[x], s.c[x])
				tern(xor3, next[x+10], next[x+5], s.c[x])
			}
		case 4:
			for x := range 5 {
				tern(xor3, next[x+20], next[x+15], s.c[x])
			}
		}
	}
	s.lane = next
}

// moveTo emits the register moves that bring the lanes and parities of s
// into the registers they have in want, breaking cycles through
// general-purpose registers.
func (s *state) moveTo(want *state) {
	from := append(slices.Clone(s.lane[:]), s.c[:]...)
	to := append(slices.Clone(want.lane[:]), want.c[:]...)
	src := map[reg.VecPhysical]reg.VecPhysical{} // destination -> source
	for i := range from {
		if from[i] != to[i] {
			src[to[i]] = from[i]
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
		// Only cycles remain: park one destination's value and write it
		// last. All 32 vector registers may be in use, so it goes to a
		// general-purpose register (only the low quadword matters).
		for _, r := range to {
			f, ok := src[r]
			if !ok {
				continue
			}
			g := GP64()
			VMOVQ(f, g)
			delete(src, r)
			defer VMOVQ(g, r)
			break
		}
	}
	s.lane, s.c = want.lane, want.c
	s.free = slices.Clone(want.free)
}

// block is the number of rounds scheduled together.
const block = 4

// bodyRounds is the number of rounds in the loop body: one block, run six
// times for Keccak-f[1600], with register moves back to the entry
// assignment after each pass. Bodies of 8, 12 and 24 rounds (24: the loop
// runs once) measured as fast per permutation, but with 12 or 24 the
// one-shot SumKeccak256 of 8 to 64 bytes ran up to 70% slower in some test
// binaries and not in others (code layout: the unrolled kernel is 20 KB of
// straight-line code); the 4-round body keeps the kernel small and was fast
// in every binary measured.
const bodyRounds = 4

// permute emits the permutation loop on s (lanes and parities loaded):
// label prefix+"pos<p>" before each block start p of the body, rcp the
// round constants of the body's first round, cnt the number of passes.
// After the loop s is back in its entry assignment. It returns the state
// at each block start of the body.
func permute(s *state, prefix string, rcp, cnt reg.Register) map[int]*state {
	entry := s.clone()
	at := map[int]*state{}
	for p := 0; p < bodyRounds; p += block {
		at[p] = s.clone()
		Label(fmt.Sprintf("%spos%d", prefix, p))
		Comment(fmt.Sprintf("Rounds %d..%d of the loop body", p, p+block-1))
		for r := p; r < p+block; r++ {
			s.round(Mem{Base: rcp, Disp: 8 * r})
		}
		flush(true)
	}
	Comment("Registers back to the loop's entry assignment")
	s.moveTo(entry)
	ADDQ(U32(8*bodyRounds), rcp)
	DECQ(cnt)
	JNZ(LabelRef(prefix + "pos0"))
	return at
}

func main() {
	Package("github.com/hashkit/hashkit/internal/keccak")
	ConstraintExpr("!purego")

	rcTable := keccakgen.RCTable("roundConstantsVec")

	TEXT("p1600VecAVX512", NOSPLIT, "func(a *[25]uint64, rounds int)")
	Doc("p1600VecAVX512 applies Keccak-p[1600, rounds] for rounds a multiple of 4.")
	Pragma("noescape")
	a := Load(Param("a"), GP64())
	n := Load(Param("rounds"), GP64())
	rcp, cnt := GP64(), GP64()
	// Rounds 24-n..23: each start r0 other than 0 has its own entry, which
	// loads the lanes into the registers they occupy at that point of the
	// loop body.
	for r0 := block; r0 < 24; r0 += block {
		CMPQ(n, Imm(uint64(24-r0)))
		JEQ(LabelRef(fmt.Sprintf("entry%d", r0)))
	}
	load := func(s *state, r0 int) {
		for l := range 25 {
			VMOVQ(Mem{Base: a, Disp: 8 * l}, s.lane[l])
		}
		s.parities()
		flush(false)
		LEAQ(rcTable.Offset(8*(r0-r0%bodyRounds)), rcp)
		MOVQ(U32((24-r0+bodyRounds-1)/bodyRounds), cnt)
	}
	s := initial()
	load(s, 0)
	at := permute(s, "p", rcp, cnt)
	for l := range 25 {
		VMOVQ(s.lane[l], Mem{Base: a, Disp: 8 * l})
	}
	RET()
	for r0 := block; r0 < 24; r0 += block {
		Label(fmt.Sprintf("entry%d", r0))
		load(at[r0%bodyRounds].clone(), r0)
		JMP(LabelRef(fmt.Sprintf("ppos%d", r0%bodyRounds)))
	}

	// absorbVecAVX512 keeps the state in registers across blocks.
	TEXT("absorbVecAVX512", NOSPLIT, "func(a *[25]uint64, p []byte, lanes int)")
	Doc("absorbVecAVX512 absorbs the whole blocks of p (lanes lanes each, 1..24) with Keccak-f[1600].")
	Pragma("noescape")
	a = Load(Param("a"), GP64())
	p := Load(Param("p").Base(), GP64())
	plen := Load(Param("p").Len(), GP64())
	lanes := Load(Param("lanes"), GP64())
	bs := GP64()
	MOVQ(lanes, bs)
	SHLQ(Imm(3), bs)
	rcp, cnt = GP64(), GP64()
	s = initial()
	for l := range 25 {
		VMOVQ(Mem{Base: a, Disp: 8 * l}, s.lane[l])
	}
	t := s.free[0]
	Label("block")
	CMPQ(plen, bs)
	JB(LabelRef("done"))
	for l := range 24 {
		VMOVQ(Mem{Base: p, Disp: 8 * l}, t)
		VPXORQ(t, s.lane[l], s.lane[l])
		if l < 23 {
			CMPQ(lanes, Imm(uint64(l+1)))
			JEQ(LabelRef("permute"))
		}
	}
	Label("permute")
	s.parities()
	flush(false)
	LEAQ(rcTable, rcp)
	MOVQ(U32(24/bodyRounds), cnt)
	permute(s, "a", rcp, cnt)
	ADDQ(bs, p)
	SUBQ(bs, plen)
	JMP(LabelRef("block"))
	Label("done")
	for l := range 25 {
		VMOVQ(s.lane[l], Mem{Base: a, Disp: 8 * l})
	}
	RET()

	Generate()
}
