// Command scrypt generates the amd64 BlockMix kernels of package scrypt:
// Salsa20/8 BlockMix with SSE2 and with AVX-512 (VPROLD rotates on XMM
// registers). Declarations: scrypt/blockmix_amd64.go.
//
// The kernels work on blocks kept in the "shuffled" layout of
// scrypt.salsaOrder: each 64-byte sub-block holds the four diagonals
// (x0,x5,x10,x15), (x4,x9,x14,x3), (x8,x13,x2,x7), (x12,x1,x6,x11), the a,
// b, c, d inputs of the four column quarter-rounds. The words are permuted
// once, when scrypt converts B to words, so the core loads each diagonal into
// one register and only rotates lanes between the column and row rounds.
package main

//go:generate go run . -out ../../scrypt/blockmix_amd64.s -pkg scrypt

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	_ "github.com/hashkit/hashkit/scrypt"
)

func main() {
	Package("github.com/hashkit/hashkit/scrypt")
	ConstraintExpr("!purego")
	for _, avx512 := range []bool{false, true} {
		genBlockMix(avx512, false)
		genBlockMix(avx512, true)
	}
	genBlockMixScalar(false)
	genBlockMixScalar(true)
	Generate()
}

// isa is the instruction set of one kernel: the few operations the Salsa20
// core needs.
type isa struct {
	avx512 bool
	t0, t1 VecVirtual // scratch
}

func (s isa) load(m Mem, v VecVirtual) {
	if s.avx512 {
		VMOVDQU(m, v)
	} else {
		MOVOU(m, v)
	}
}

func (s isa) store(v VecVirtual, m Mem) {
	if s.avx512 {
		VMOVDQU(v, m)
	} else {
		MOVOU(v, m)
	}
}

// xor sets v ^= w.
func (s isa) xor(w, v VecVirtual) {
	if s.avx512 {
		VPXOR(w, v, v)
	} else {
		PXOR(w, v)
	}
}

// add sets v += w (32-bit lanes).
func (s isa) add(w, v VecVirtual) {
	if s.avx512 {
		VPADDD(w, v, v)
	} else {
		PADDL(w, v)
	}
}

func (s isa) copy(w, v VecVirtual) {
	if s.avx512 {
		VMOVDQA(w, v)
	} else {
		MOVO(w, v)
	}
}

func (s isa) shuffle(imm uint8, v VecVirtual) {
	if s.avx512 {
		VPSHUFD(U8(imm), v, v)
	} else {
		PSHUFD(U8(imm), v, v)
	}
}

// step is one Salsa20 quarter-round step on four columns at once:
// b ^= (a + d) <<< k.
func (s isa) step(b, a, d VecVirtual, k uint8) {
	if s.avx512 {
		VPADDD(a, d, s.t0)
		VPROLD(U8(k), s.t0, s.t0)
		VPXOR(s.t0, b, b)
		return
	}
	MOVO(a, s.t0)
	PADDL(d, s.t0)
	MOVO(s.t0, s.t1)
	PSLLL(U8(k), s.t0)
	PSRLL(U8(32-k), s.t1)
	PXOR(s.t0, b)
	PXOR(s.t1, b)
}

// salsa208 applies the eight rounds of Salsa20/8 (without the final
// addition) to the diagonals a, b, c, d.
//
// The column round works on (a, b, c, d) directly. Rotating b by one lane
// up, c by two and d by one down makes the rows' quarter-rounds line up as
// (a, d, c, b); after the row round the inverse rotations restore the
// diagonals.
func (s isa) salsa208(a, b, c, d VecVirtual) {
	for range 4 {
		s.step(b, a, d, 7)
		s.step(c, b, a, 9)
		s.step(d, c, b, 13)
		s.step(a, d, c, 18)
		s.shuffle(0x93, b)
		s.shuffle(0x4e, c)
		s.shuffle(0x39, d)
		s.step(d, a, b, 7)
		s.step(c, d, a, 9)
		s.step(b, c, d, 13)
		s.step(a, b, c, 18)
		s.shuffle(0x39, b)
		s.shuffle(0x4e, c)
		s.shuffle(0x93, d)
	}
}

// genBlockMix writes blockMix{SSE2,AVX512}(out, in *uint32, r int) (out =
// BlockMix(in)) or blockMixXor...(out, in, x *uint32, r int) (out =
// BlockMix(in xor x)), for 2r sub-blocks of 64 bytes in the shuffled layout.
// out must not overlap in or x.
func genBlockMix(avx512, withX bool) {
	name := "blockMix"
	if withX {
		name += "Xor"
	}
	if avx512 {
		name += "AVX512"
	} else {
		name += "SSE2"
	}
	Implement(name)
	Attributes(NOSPLIT)
	AllocLocal(0)

	out, in, r := GP64(), GP64(), GP64()
	Load(Param("out"), out)
	Load(Param("in"), in)
	var x GPVirtual
	if withX {
		x = GP64()
		Load(Param("x"), x)
	}
	Load(Param("r"), r)

	s := isa{avx512: avx512, t0: XMM(), t1: XMM()}
	// Even sub-blocks' outputs go to out[0:r], odd ones' to out[r:2r].
	out2 := GP64()
	MOVQ(r, out2)
	SHLQ(U8(6), out2)
	ADDQ(out, out2)

	T := [4]VecVirtual{XMM(), XMM(), XMM(), XMM()} // Y_{i-1}, then Y_i
	S := [4]VecVirtual{XMM(), XMM(), XMM(), XMM()} // the input of Salsa20/8, for the feed-forward
	if withX {
		// x is a random table block V_j: ask for all its cache lines now,
		// so that the misses overlap instead of stalling each sub-block.
		Comment("Prefetch x")
		p, end := GP64(), GP64()
		MOVQ(x, p)
		MOVQ(r, end)
		SHLQ(U8(7), end)
		ADDQ(x, end)
		Label("prefetch")
		PREFETCHT0(Mem{Base: p})
		ADDQ(U8(64), p)
		CMPQ(p, end)
		JB(LabelRef("prefetch"))
	}
	Comment("T = B_{2r-1} (xor X_{2r-1})")
	last := GP64()
	MOVQ(r, last)
	SHLQ(U8(7), last)
	for i := range 4 {
		m := Mem{Base: in, Index: last, Scale: 1, Disp: 16*i - 64}
		s.load(m, T[i])
		if withX {
			s.load(Mem{Base: x, Index: last, Scale: 1, Disp: 16*i - 64}, s.t0)
			s.xor(s.t0, T[i])
		}
	}

	// sub processes the sub-block at in+off (and x+off) and stores Y at dst.
	sub := func(off int, dst GPVirtual) {
		Comment(fmt.Sprintf("Y = Salsa20/8(T xor B[+%d]); store", off))
		for i := range 4 {
			s.load(Mem{Base: in, Disp: off + 16*i}, S[i])
			if withX {
				s.load(Mem{Base: x, Disp: off + 16*i}, s.t0)
				s.xor(s.t0, S[i])
			}
			s.xor(S[i], T[i])
			s.copy(T[i], S[i])
		}
		s.salsa208(T[0], T[1], T[2], T[3])
		for i := range 4 {
			s.add(S[i], T[i])
			s.store(T[i], Mem{Base: dst, Disp: 16 * i})
		}
	}

	Label("loop")
	sub(0, out)
	sub(64, out2)
	ADDQ(U8(128), in)
	if withX {
		ADDQ(U8(128), x)
	}
	ADDQ(U8(64), out)
	ADDQ(U8(64), out2)
	DECQ(r)
	JNZ(LabelRef("loop"))
	if avx512 {
		VZEROUPPER()
	}
	RET()
}

// The scalar kernel. On cores whose vector integer instructions have a
// latency of two cycles (AMD Zen 5), the SIMD Salsa20 core, a chain of 3
// dependent instructions per quarter-round step, is slower than scalar code,
// whose step (LEA, ROL, XOR) takes 3 cycles while the four quarter-rounds
// of a round run in parallel. The portable Go code spills most of the 16
// state words; this kernel keeps 14 of them in registers (BP included: the
// function has a frame, so the assembler saves and restores BP) and the
// other two on the stack, choosing them so that no spill sits on the
// critical path:
//
// The words x2, x7, x8, x13 are the c inputs of their quarter-rounds in both
// the column and the row round (written by the second step, read by the
// third and fourth). Splitting each round into two halves, the column round
// into C12 (quarter-rounds on x0 and x5) and C34 (x10, x15), the row round
// into R12 (x0, x5) and R34 (x10, x15), the halves C12 and R34 use x8 and x13
// but not x2 and x7, C34 and R12 the converse. So R13 and R14 hold x8 and
// x13 during R34 and C12, and x2 and x7 during C34 and R12, and the words
// not held wait on the stack: two stores and two loads at each of two
// switches per double round, far from the points where the values are next
// needed.

// Physical registers of the state words outside the switching pair, the
// pair, and the temporary.
var (
	fixedRegs = map[int]GPPhysical{
		0: EAX, 1: EBX, 3: ECX, 4: EDX, 5: ESI, 6: EDI, 9: EBP,
		10: R8L, 11: R9L, 12: R10L, 14: R11L, 15: R12L,
	}
	swapA, swapB, tmp = R13L, R14L, R15L
)

// scalarState tracks which words of the switching pair are in registers.
type scalarState struct {
	frame       Mem // locals
	has8and13   bool
	sOff, yOff  int // S (salsa input) and Y (output) areas
	slot        map[int]int
	inOff, xOff int
	outOff      int
	out2Off     int
	cntOff      int
}

func (s *scalarState) reg(w int) GPPhysical {
	if r, ok := fixedRegs[w]; ok {
		return r
	}
	switch {
	case w == 8 && s.has8and13, w == 2 && !s.has8and13:
		return swapA
	case w == 13 && s.has8and13, w == 7 && !s.has8and13:
		return swapB
	}
	panic(fmt.Sprintf("word %d is on the stack", w))
}

func (s *scalarState) local(off int) Mem { return s.frame.Offset(off) }

// switchPair moves x8, x13 to the stack and x2, x7 to registers, or back.
func (s *scalarState) switchPair() {
	out, in := [2]int{8, 13}, [2]int{2, 7}
	if !s.has8and13 {
		out, in = in, out
	}
	MOVL(swapA, s.local(s.slot[out[0]]))
	MOVL(swapB, s.local(s.slot[out[1]]))
	MOVL(s.local(s.slot[in[0]]), swapA)
	MOVL(s.local(s.slot[in[1]]), swapB)
	s.has8and13 = !s.has8and13
}

// qr2 emits two quarter-rounds (a, b, c, d words) interleaved step by step:
// b ^= (a+d)<<<7, c ^= (b+a)<<<9, d ^= (c+b)<<<13, a ^= (d+c)<<<18.
func (s *scalarState) qr2(q1, q2 [4]int) {
	steps := []struct {
		dst, x, y int
		k         uint8
	}{{1, 0, 3, 7}, {2, 1, 0, 9}, {3, 2, 1, 13}, {0, 3, 2, 18}}
	for _, st := range steps {
		for _, q := range [][4]int{q1, q2} {
			LEAL(Mem{Base: s.reg(q[st.x]), Index: s.reg(q[st.y]), Scale: 1}, tmp)
			// RORX, unlike ROL, leaves the flags alone: ROL's partial
			// flags update would chain every rotation to the previous XOR.
			RORXL(U8(32-st.k), tmp, tmp)
			XORL(tmp, s.reg(q[st.dst]))
		}
	}
}

// firstInput loads T = Y ^ in (^ x) from the Y area of the stack into the
// state (x2, x7 into their slots) and saves it in S.
func (s *scalarState) firstInput(withX bool) {
	Comment("T = Y ^ in (^ x); S = T")
	MOVQ(s.local(s.inOff), swapA.As64())
	if withX {
		MOVQ(s.local(s.xOff), swapB.As64())
	}
	load := func(w int, dst GPPhysical) {
		MOVL(s.local(s.yOff+4*w), dst)
		XORL(Mem{Base: swapA.As64(), Disp: 4 * w}, dst)
		if withX {
			XORL(Mem{Base: swapB.As64(), Disp: 4 * w}, dst)
		}
		MOVL(dst, s.local(s.sOff+4*w))
	}
	for w := range 16 {
		if r, ok := fixedRegs[w]; ok {
			load(w, r)
		}
	}
	for _, w := range []int{2, 7, 8, 13} {
		load(w, tmp)
		if w == 2 || w == 7 {
			MOVL(tmp, s.local(s.slot[w]))
		}
	}
	MOVL(s.local(s.sOff+4*8), swapA)
	MOVL(s.local(s.sOff+4*13), swapB)
	s.has8and13 = true
}

// rounds emits the eight rounds of Salsa20/8 on the state.
func (s *scalarState) rounds() {
	Comment("Four double rounds")
	for range 4 {
		s.qr2([4]int{0, 4, 8, 12}, [4]int{5, 9, 13, 1})
		s.switchPair()
		s.qr2([4]int{10, 14, 2, 6}, [4]int{15, 3, 7, 11})
		s.qr2([4]int{0, 1, 2, 3}, [4]int{5, 6, 7, 4})
		s.switchPair()
		s.qr2([4]int{10, 11, 8, 9}, [4]int{15, 12, 13, 14})
	}
}

// output emits Y = T + S stored at the pointer in outSlot and, if next,
// the input of the following sub-block, T = Y ^ in (^ x) with the pointers
// already advanced, saved in S; the state stays in registers, x2 and x7 in
// their slots.
func (s *scalarState) output(withX bool, outSlot int, next bool) {
	ptrs := []int{outSlot}
	if next {
		ptrs = append(ptrs, s.inOff)
		if withX {
			ptrs = append(ptrs, s.xOff)
		}
	}
	p := tmp.As64()
	// one word in register r, all steps: x8 first (then R13 is free for
	// x2 and x7), while the other words go pointer by pointer.
	whole := func(w int, r GPPhysical) {
		ADDL(s.local(s.sOff+4*w), r)
		for i, off := range ptrs {
			MOVQ(s.local(off), p)
			if i == 0 {
				MOVL(r, Mem{Base: p, Disp: 4 * w})
			} else {
				XORL(Mem{Base: p, Disp: 4 * w}, r)
			}
		}
		if next {
			MOVL(r, s.local(s.sOff+4*w))
		}
	}
	Comment("x8, x2, x7: Y = T + S, store; next T")
	whole(8, swapA)
	for _, w := range []int{2, 7} {
		MOVL(s.local(s.slot[w]), swapA)
		whole(w, swapA)
		if next {
			MOVL(swapA, s.local(s.slot[w]))
		}
	}
	if next {
		MOVL(s.local(s.sOff+4*8), swapA)
	}
	Comment("The other words, pointer by pointer")
	others := []int{0, 1, 3, 4, 5, 6, 9, 10, 11, 12, 13, 14, 15}
	for i, off := range ptrs {
		MOVQ(s.local(off), p)
		for _, w := range others {
			r := s.reg(w)
			if i == 0 {
				ADDL(s.local(s.sOff+4*w), r)
				MOVL(r, Mem{Base: p, Disp: 4 * w})
			} else {
				XORL(Mem{Base: p, Disp: 4 * w}, r)
			}
		}
	}
	if next {
		for _, w := range others {
			MOVL(s.reg(w), s.local(s.sOff+4*w))
		}
	}
}

// genBlockMixScalar writes blockMix{,Xor}Scalar(out, in[, x] *uint32, r int)
// on blocks in the natural word order.
func genBlockMixScalar(withX bool) {
	name := "blockMixScalar"
	if withX {
		name = "blockMixXorScalar"
	}
	Implement(name)
	frame := AllocLocal(192)
	s := &scalarState{
		frame: frame, sOff: 0, yOff: 64,
		slot:  map[int]int{2: 128, 7: 132, 8: 136, 13: 140},
		inOff: 144, xOff: 152, outOff: 160, out2Off: 168, cntOff: 176,
	}
	Comment("Save the pointers and count in the frame")
	Load(Param("out"), RAX)
	MOVQ(RAX, s.local(s.outOff))
	Load(Param("r"), RCX)
	MOVQ(RCX, s.local(s.cntOff))
	SHLQ(U8(6), RCX)
	ADDQ(RCX, RAX)
	MOVQ(RAX, s.local(s.out2Off))
	Load(Param("in"), RBX)
	MOVQ(RBX, s.local(s.inOff))
	if withX {
		Load(Param("x"), RDX)
		MOVQ(RDX, s.local(s.xOff))
	}
	// RCX = 64*r; the last sub-block is at 128*r - 64.
	SHLQ(U8(1), RCX)
	if withX {
		// x is a random table block V_j: ask for all its cache lines now,
		// so that the misses overlap instead of stalling each sub-block.
		Comment("Prefetch x")
		LEAQ(Mem{Base: RDX, Index: RCX, Scale: 1}, RDI)
		MOVQ(RDX, RSI)
		Label(name + "_prefetch")
		PREFETCHT0(Mem{Base: RSI})
		ADDQ(U8(64), RSI)
		CMPQ(RSI, RDI)
		JB(LabelRef(name + "_prefetch"))
	}
	Comment("Y = B[2r-1] (^ X[2r-1])")
	for w := range 16 {
		MOVL(Mem{Base: RBX, Index: RCX, Scale: 1, Disp: 4*w - 64}, ESI)
		if withX {
			XORL(Mem{Base: RDX, Index: RCX, Scale: 1, Disp: 4*w - 64}, ESI)
		}
		MOVL(ESI, s.local(s.yOff+4*w))
	}

	s.firstInput(withX)
	Label(name + "_loop")
	s.rounds()
	ADDQ(U8(64), s.local(s.inOff))
	if withX {
		ADDQ(U8(64), s.local(s.xOff))
	}
	s.output(withX, s.outOff, true)
	s.rounds()
	ADDQ(U8(64), s.local(s.inOff))
	if withX {
		ADDQ(U8(64), s.local(s.xOff))
	}
	DECQ(s.local(s.cntOff))
	JZ(LabelRef(name + "_last"))
	s.output(withX, s.out2Off, true)
	ADDQ(U8(64), s.local(s.outOff))
	ADDQ(U8(64), s.local(s.out2Off))
	JMP(LabelRef(name + "_loop"))
	Label(name + "_last")
	s.output(withX, s.out2Off, false)
	RET()
}
