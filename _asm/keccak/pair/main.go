// Command pair generates p1600pair_amd64.s in internal/keccak: the
// single-state Keccak-p[1600] for AVX-512VL (the "avx512" kernel), which
// packs two lanes into each XMM register, so that θ's update, ρ and χ handle
// two lanes per instruction. Declaration: internal/keccak/p1600_amd64.go.
//
// It also generates absorbPairAVX512, which XORs whole message blocks of
// the standard rates straight into this layout and permutes, keeping the
// state in registers across blocks, and p1600Plane0PairAVX512, for one-shot
// hashes whose output fits in the first plane (SHA3-224/256,
// Keccak-224/256; keccak.Sum): its last round computes and stores only
// lanes 0..4.
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
//     arrives last; the single, R's last use, into R itself, since even
//     register copies that the renamer eliminates cost issue slots.
//   - ρ: one VPROLVQ per register with per-half counts from a table. The
//     singles other than S[1] are first packed into the two new pairs of
//     column 4 (all of whose lanes come from old row 4), so ρ takes 13
//     rotations rather than 15.
//   - π: new lane (x, y) is old lane (x+3y, x), so both lanes of a new pair
//     come from the same old row x and therefore from the same half of two
//     old registers: one VPUNPCKLQDQ (old rows 0, 2) or VPUNPCKHQDQ (rows
//     1, 3) per new pair. The new row-4 lane comes from old row x, copied
//     into both halves with one unpack of a register with itself (none for
//     x = 4, whose source is the single S[1]).
//   - χ per group of five registers (the pairs of rows 0/1, of rows 2/3, the
//     singles): B[0] and B[1] are copied and all five outputs written in
//     place with VPTERNLOGQ. ι: VPXORQ of a constant loaded by VMOVQ (high
//     quadword zero) into lane (0,0)'s register.
//
// A round is 35 (θ) + 13 (ρ) + 14 (π) + 15 (χ) + 1 (ι) = 78 ALU operations
// (18 rotations). The loop body is four rounds, ordered by the list
// scheduler of _asm/internal/listsched for a core that issues four vector
// ALU operations a cycle, two of them rotations; registers return to their
// entry assignment at the end of each pass. The round-to-round dependency
// chain (χ, θ's parity fold through the swap, R, θ's update, ρ, π's unpack)
// is about as long as the throughput bound, so the kernel keeps both short.
package main

//go:generate go run . -out ../../../internal/keccak/p1600pair_amd64.s -pkg keccak

import (
	"fmt"
	"slices"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/hashkit/hashkit/_asm/internal/keccakgen"
	"github.com/hashkit/hashkit/_asm/internal/listsched"
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

var prog []listsched.Op

// machine: four vector ALU operations a cycle, two of them rotations, six
// operations in all; rotations, which have the fewest pipes, go first.
var machine = listsched.Machine{ALU: 4, Rot: 2, All: 6, RotBoost: 4}

func record(k listsched.Kind, write reg.VecPhysical, emit func(), reads ...reg.VecPhysical) {
	r := make([]reg.Physical, len(reads))
	for i, x := range reads {
		r[i] = x
	}
	prog = append(prog, listsched.Op{Kind: k, Reads: r, Write: write, Emit: emit})
}

func mov(src, dst reg.VecPhysical) {
	record(listsched.Move, dst, func() { VMOVDQA64(src, dst) }, src)
}

func loadq(m Mem, dst reg.VecPhysical) {
	record(listsched.Load, dst, func() { VMOVQ(m, dst) })
}

func rol(n int, src, dst reg.VecPhysical) {
	record(listsched.Rot, dst, func() { VPROLQ(U8(n), src, dst) }, src)
}

// rolv records a = a rotated left per quadword by the counts at m.
func rolv(m Mem, a reg.VecPhysical) {
	record(listsched.Rot, a, func() { VPROLVQ(m, a, a) }, a)
}

// swap records dst = a with its quadwords exchanged.
func swap(a, dst reg.VecPhysical) {
	record(listsched.Shuf, dst, func() { VPSHUFD(U8(0x4E), a, dst) }, a)
}

// unpack records dst = (lo's half h, hi's half h) for h = 0 (low) or 1.
func unpack(h int, lo, hi, dst reg.VecPhysical) {
	record(listsched.Shuf, dst, func() {
		if h == 0 {
			VPUNPCKLQDQ(hi, lo, dst)
		} else {
			VPUNPCKHQDQ(hi, lo, dst)
		}
	}, lo, hi)
}

// tern records a = f(a, b, c) for the VPTERNLOGQ truth table imm.
func tern(imm uint8, c, b, a reg.VecPhysical) {
	record(listsched.Tern, a, func() { VPTERNLOGQ(U8(imm), c, b, a) }, a, b, c)
}

func xor2(a, b, dst reg.VecPhysical) {
	record(listsched.Logic, dst, func() { VPXORQ(b, a, dst) }, a, b)
}

// flush emits the recorded operations in list-schedule order.
func flush() {
	listsched.Schedule(prog, machine)
	prog = prog[:0]
}

// state: which register holds each packed register of the layout
// (g[x][0], g[x][1]: the pairs; g[x][2]: the single) and which are free.
type state struct {
	g    [5][3]reg.VecPhysical
	free []reg.VecPhysical
}

func initial() *state {
	s := &state{}
	for x := range 5 {
		for k := range 3 {
			s.g[x][k] = xmm[x+5*k]
		}
	}
	s.free = slices.Clone(xmm[15:])
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
		xor2(s.g[x][0], s.g[x][1], t)
		swap(t, u)
		tern(xor3, t, s.g[x][2], u)
		s.release(t)
		c[x] = u
	}
	return c
}

// round records one round.
func (s *state) round(rho, rc Mem) {
	c := s.parities()
	for x := range 5 {
		r := s.alloc()
		rol(1, c[(x+1)%5], r)
		for k := range 3 {
			if k == 2 {
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
	}
	s.release(c[:]...)
	// ρ. The new pairs of column 4, whose lanes all come from the singles
	// (old row 4), are packed before ρ and rotated as pairs.
	var pre [2]reg.VecPhysical
	keep := keccakgen.Source(4, 4) % 5 // the single that stays one
	for k := range 2 {
		l1, l2 := keccakgen.Source(4, 2*k), keccakgen.Source(4, 2*k+1)
		pre[k] = s.alloc()
		unpack(0, s.g[l1%5][2], s.g[l2%5][2], pre[k])
		m := rho
		m.Disp += 16 * (15 + k)
		rolv(m, pre[k])
	}
	for x := range 5 {
		for k := range 3 {
			if k == 2 && x != keep {
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
			if x == 4 {
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
		var t reg.VecPhysical
		if k == 0 {
			t = s.alloc()
			loadq(rc, t)
		}
		s.chi(bb)
		if k == 0 {
			xor2(bb[0], t, bb[0])
			s.release(t)
		}
		for x := range 5 {
			s.g[x][k] = bb[x]
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
	Package("github.com/hashkit/hashkit/internal/keccak")
	ConstraintExpr("!purego")

	rcTable := keccakgen.RC()
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
	for k := range 2 { // the new pairs of column 4
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
	s.passes("loop", entry, rhoTable, rcp, cnt)
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
		s.round(rhoTable, Mem{Base: rcp, Disp: 8 * r})
	}
	out := s.plane0(rhoTable, Mem{Base: rcp, Disp: 8 * (bodyRounds - 1)})
	flush()
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
		s.round(rhoTable, Mem{Base: rcp, Disp: 8 * r})
	}
	flush()
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
	MOVQ(U32(24/bodyRounds), cnt)
	s.passes("aloop", entry, rhoTable, rcp, cnt)
	ADDQ(bs, p)
	SUBQ(bs, plen)
	JMP(LabelRef("ablock"))
	Label("adone")
	s.store(a)
	RET()
}
