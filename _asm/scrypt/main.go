// Command scrypt generates the amd64 BlockMix kernels of package scrypt:
// Salsa20/8 BlockMix with SSE2 and with AVX-512 (VPROLD rotates on XMM
// registers), and a scalar one (general registers, BMI2's RORX; see
// genBlockMixScalar). Declarations: scrypt/blockmix_amd64.go.
//
// The SIMD kernels work on blocks kept in the "shuffled" layout of
// scrypt.salsaOrder: each 64-byte sub-block holds the four diagonals
// (x0,x5,x10,x15), (x4,x9,x14,x3), (x8,x13,x2,x7), (x12,x1,x6,x11), the a,
// b, c, d inputs of the four column quarter-rounds. The words are permuted
// once, when scrypt converts B to words, so the core loads each diagonal into
// one register and only rotates lanes between the column and row rounds.
package main

//go:generate go run . -out ../../scrypt/blockmix_amd64.s -pkg scrypt

import (
	"fmt"
	"slices"

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
// core needs, picked once by newISA.
type isa struct {
	avx512 bool
	t0, t1 VecVirtual // scratch

	move func(src, dst Op) // a 16-byte load or store
	copy func(w, v Op)     // v = w, between registers
	xor  func(w, v Op)     // v ^= w
	add  func(w, v Op)     // v += w (32-bit lanes)
	// shuffle sets v's dwords to v's in the order imm picks (PSHUFD).
	shuffle func(imm uint8, v Op)
}

// newISA returns the VEX instructions of the AVX-512 kernel or the SSE2
// ones, with two scratch registers.
func newISA(avx512 bool) isa {
	s := isa{avx512: avx512, t0: XMM(), t1: XMM()}
	if avx512 {
		s.move, s.copy = VMOVDQU, VMOVDQA
		s.xor = func(w, v Op) { VPXOR(w, v, v) }
		s.add = func(w, v Op) { VPADDD(w, v, v) }
		s.shuffle = func(imm uint8, v Op) { VPSHUFD(U8(imm), v, v) }
	} else {
		s.move, s.copy, s.xor, s.add = MOVOU, MOVO, PXOR, PADDL
		s.shuffle = func(imm uint8, v Op) { PSHUFD(U8(imm), v, v) }
	}
	return s
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
		s.quarterRounds(a, b, c, d)
		s.shuffle(0x93, b)
		s.shuffle(0x4e, c)
		s.shuffle(0x39, d)
		s.quarterRounds(a, d, c, b)
		s.shuffle(0x39, b)
		s.shuffle(0x4e, c)
		s.shuffle(0x93, d)
	}
}

// quarterRounds is the four steps of Salsa20's quarter-round on each lane
// of (a, b, c, d).
func (s isa) quarterRounds(a, b, c, d VecVirtual) {
	s.step(b, a, d, 7)
	s.step(c, b, a, 9)
	s.step(d, c, b, 13)
	s.step(a, d, c, 18)
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

	s := newISA(avx512)
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
		s.move(m, T[i])
		if withX {
			s.move(Mem{Base: x, Index: last, Scale: 1, Disp: 16*i - 64}, s.t0)
			s.xor(s.t0, T[i])
		}
	}

	// sub processes the sub-block at in+off (and x+off) and stores Y at dst.
	sub := func(off int, dst GPVirtual) {
		Comment(fmt.Sprintf("Y = Salsa20/8(T xor B[+%d]); store", off))
		for i := range 4 {
			s.move(Mem{Base: in, Disp: off + 16*i}, S[i])
			if withX {
				s.move(Mem{Base: x, Disp: off + 16*i}, s.t0)
				s.xor(s.t0, S[i])
			}
			s.xor(S[i], T[i])
			s.copy(T[i], S[i])
		}
		s.salsa208(T[0], T[1], T[2], T[3])
		for i := range 4 {
			s.add(S[i], T[i])
			s.move(T[i], Mem{Base: dst, Disp: 16 * i})
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
// whose step (LEA, RORX, XOR) takes 3 cycles while the four quarter-rounds
// of a round run in parallel: 96 cycles of latency per Salsa20/8. Those 384
// instructions also come close to what the core issues of this mix per cycle
// (about 4), so every instruction added to a Salsa20/8 costs time and the
// kernel keeps the rest to a minimum:
//
//   - 14 words live in registers (BP included: the function has a frame, so
//     the assembler saves and restores BP), x2 and x7 in stack slots. A step
//     that writes one of them XORs the slot into the temporary and stores it
//     back; a step that reads one adds the slot to a copy of the other
//     operand. Zen's memory renaming forwards these stack stores to the
//     loads at no latency, and the order of the steps is then free: the four
//     quarter-rounds of a round are interleaved step by step.
//   - The Salsa20/8 output stays in registers: Y_i = x + S_i is stored to
//     out and XORed with W_{i+1} = B_{i+1} ^ X_{i+1} to give the next input,
//     two instructions per word on the path from one sub-block to the next.
//   - W_{i+1} (two buffers, by the parity of i) and S_i = Y_{i-1} ^ W_i, the
//     input kept for the feed-forward, are computed with SSE2 from memory in
//     the middle of the rounds, off the critical path, instead of being
//     saved word by word.

// scalarKernel records where the state words are and the frame layout.
type scalarKernel struct {
	frame Mem
	regs  map[int]GPPhysical // the 14 words in registers
	slot  map[int]int        // frame offsets of x2 and x7
	// Frame offsets: S (64 bytes), W buffers (2 x 64), Y_{-1} (64), a
	// word's save slot, the block pointers and the count.
	sOff, wOff, ym1Off, saveOff                    int
	inOff, xOff, outOff, out2Off, cntOff, yPrevOff int
	withX                                          bool
	labels                                         int
}

var scalarStackWords = []int{2, 7}

// The quarter-rounds (a, b, c, d) of the column and the row round.
var (
	columnQR = [4][4]int{{0, 4, 8, 12}, {5, 9, 13, 1}, {10, 14, 2, 6}, {15, 3, 7, 11}}
	rowQR    = [4][4]int{{0, 1, 2, 3}, {5, 6, 7, 4}, {10, 11, 8, 9}, {15, 12, 13, 14}}
)

func (s *scalarKernel) local(off int) Mem { return s.frame.Offset(off) }
func (s *scalarKernel) mem(w int) Mem     { return s.local(s.slot[w]) }

// step emits dst ^= (x + y) <<< k with the temporary R15.
func (s *scalarKernel) step(dst, x, y int, k uint8) {
	rx, okx := s.regs[x]
	ry, oky := s.regs[y]
	t := R15L
	switch {
	case okx && oky:
		LEAL(Mem{Base: rx, Index: ry, Scale: 1}, t)
	case okx:
		MOVL(rx, t)
		ADDL(s.mem(y), t)
	case oky:
		MOVL(ry, t)
		ADDL(s.mem(x), t)
	default:
		panic("both operands on the stack")
	}
	// RORX, unlike ROL, leaves the flags alone: ROL's partial flags update
	// would chain every rotation to the previous XOR.
	RORXL(U8(32-k), t, t)
	if rd, ok := s.regs[dst]; ok {
		XORL(t, rd)
	} else {
		XORL(s.mem(dst), t)
		MOVL(t, s.mem(dst))
	}
}

// round emits the four quarter-rounds qs, interleaved step by step:
// b ^= (a+d)<<<7, c ^= (b+a)<<<9, d ^= (c+b)<<<13, a ^= (d+c)<<<18.
func (s *scalarKernel) round(qs [4][4]int) {
	for _, st := range []struct {
		dst, x, y int
		k         uint8
	}{{1, 0, 3, 7}, {2, 1, 0, 9}, {3, 2, 1, 13}, {0, 3, 2, 18}} {
		for _, q := range qs {
			s.step(q[st.dst], q[st.x], q[st.y], st.k)
		}
	}
}

var xmm = []VecPhysical{X0, X1, X2, X3, X4, X5, X6, X7, X8}

// loadW emits W = B_{i+1} (^ X_{i+1}) into W buffer buf and advances the
// block pointers. It uses R15 between two steps, and X0-X7.
func (s *scalarKernel) loadW(buf int) {
	p := R15
	MOVQ(s.local(s.inOff), p)
	for i := range 4 {
		MOVOU(Mem{Base: p, Disp: 16 * i}, xmm[i])
	}
	ADDQ(U8(64), p)
	MOVQ(p, s.local(s.inOff))
	if s.withX {
		MOVQ(s.local(s.xOff), p)
		for i := range 4 {
			MOVOU(Mem{Base: p, Disp: 16 * i}, xmm[4+i])
		}
		ADDQ(U8(64), p)
		MOVQ(p, s.local(s.xOff))
		for i := range 4 {
			PXOR(xmm[4+i], xmm[i])
		}
	}
	for i := range 4 {
		MOVOU(xmm[i], s.local(s.wOff+64*buf+16*i))
	}
}

// loadS emits S_i = Y_{i-1} ^ W_i (W_i in buffer buf), the input of this
// Salsa20/8, for its feed-forward. Y_{i-1} was stored word by word one
// Salsa20/8 earlier and is read back in 16-byte pieces, so this comes a few
// rounds into the Salsa20/8, when those stores have left the core.
func (s *scalarKernel) loadS(buf int) {
	p := R15
	MOVQ(s.local(s.yPrevOff), p)
	for i := range 4 {
		MOVOU(Mem{Base: p, Disp: 16 * i}, xmm[i])
		MOVOU(s.local(s.wOff+64*buf+16*i), xmm[4+i])
		PXOR(xmm[4+i], xmm[i])
		MOVOU(xmm[i], s.local(s.sOff+16*i))
	}
}

// salsa emits the eight rounds of sub-block i, whose parity is par. Between
// them it computes W_{i+1} into buffer 1-par (if w is 1; if w is 2, only if
// the count is not 1, that is if i+1 < 2r) and S_i from buffer par.
func (s *scalarKernel) salsa(par, w int) {
	for i := range 4 {
		s.round(columnQR)
		if i == 0 && w != 0 {
			skip := ""
			if w == 2 {
				s.labels++
				skip = fmt.Sprintf("noW%d_%v", s.labels, s.withX)
				CMPQ(s.local(s.cntOff), U8(1))
				JE(LabelRef(skip))
			}
			s.loadW(1 - par)
			if skip != "" {
				Label(skip)
			}
		}
		if i == 2 {
			s.loadS(par)
		}
		s.round(rowQR)
	}
}

// output emits Y_i = x + S_i, stored at the pointer in outSlot, and, if
// next, the following input x = Y_i ^ W_{i+1} (W_{i+1} in buffer 1-par);
// Y_{i-1} is then at that pointer.
func (s *scalarKernel) output(outSlot, par int, next bool) {
	p := R15
	MOVQ(s.local(outSlot), p)
	w1 := s.wOff + 64*(1-par)
	one := func(w int, r GPPhysical) {
		ADDL(s.local(s.sOff+4*w), r)
		MOVL(r, Mem{Base: p, Disp: 4 * w})
		if next {
			XORL(s.local(w1+4*w), r)
		}
	}
	// The words in the order the last (row) round finishes them; the first
	// one's register, saved, then serves for x2 and x7.
	order := []int{1, 6, 11, 12, 8, 13, 3, 4, 9, 14, 0, 5, 10, 15}
	for i, w := range order {
		r := s.regs[w]
		one(w, r)
		if i > 0 {
			continue
		}
		if next {
			MOVL(r, s.local(s.saveOff))
		}
		for _, m := range scalarStackWords {
			MOVL(s.mem(m), r)
			one(m, r)
			if next {
				MOVL(r, s.mem(m))
			}
		}
		if next {
			MOVL(s.local(s.saveOff), r)
		}
	}
	if next {
		MOVQ(p, s.local(s.yPrevOff))
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
	frame := AllocLocal(320)
	s := &scalarKernel{
		frame: frame, regs: map[int]GPPhysical{}, slot: map[int]int{},
		sOff: 0, wOff: 64, ym1Off: 192, saveOff: 264,
		inOff: 272, xOff: 280, outOff: 288, out2Off: 296, cntOff: 304, yPrevOff: 312,
		withX: withX,
	}
	regs := []GPPhysical{EAX, EBX, ECX, EDX, ESI, EDI, EBP, R8L, R9L, R10L, R11L, R12L, R13L, R14L}
	for w := range 16 {
		if slices.Contains(scalarStackWords, w) {
			s.slot[w] = 256 + 4*len(s.slot)
		} else {
			s.regs[w] = regs[len(s.regs)]
		}
	}

	Comment("Pointers and count in the frame")
	Load(Param("out"), RAX)
	MOVQ(RAX, s.local(s.outOff))
	Load(Param("r"), RCX)
	MOVQ(RCX, s.local(s.cntOff))
	SHLQ(U8(6), RCX)
	ADDQ(RCX, RAX)
	MOVQ(RAX, s.local(s.out2Off))
	SHLQ(U8(1), RCX) // RCX = 128*r; the last sub-block is at 128*r - 64.
	Load(Param("in"), RBX)
	if withX {
		Load(Param("x"), RDX)
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
	Comment("Y_{-1} = B_{2r-1} (^ X_{2r-1}), W_0 = B_0 (^ X_0), x = S_0 = Y_{-1} ^ W_0")
	for i := range 4 {
		y, w := xmm[i], xmm[4+i]
		MOVOU(Mem{Base: RBX, Index: RCX, Scale: 1, Disp: 16*i - 64}, y)
		MOVOU(Mem{Base: RBX, Disp: 16 * i}, w)
		if withX {
			MOVOU(Mem{Base: RDX, Index: RCX, Scale: 1, Disp: 16*i - 64}, xmm[8])
			PXOR(xmm[8], y)
			MOVOU(Mem{Base: RDX, Disp: 16 * i}, xmm[8])
			PXOR(xmm[8], w)
		}
		MOVOU(y, s.local(s.ym1Off+16*i))
		MOVOU(w, s.local(s.wOff+16*i))
		PXOR(w, y)
		MOVOU(y, s.local(s.sOff+16*i))
	}
	if withX {
		ADDQ(U8(64), RDX)
		MOVQ(RDX, s.local(s.xOff))
	}
	ADDQ(U8(64), RBX)
	MOVQ(RBX, s.local(s.inOff))
	LEAQ(s.local(s.ym1Off), RAX)
	MOVQ(RAX, s.local(s.yPrevOff))
	for w := range 16 {
		if r, ok := s.regs[w]; ok {
			MOVL(s.local(s.sOff+4*w), r)
		} else {
			MOVL(s.local(s.sOff+4*w), R15L)
			MOVL(R15L, s.mem(w))
		}
	}

	// Each pass: sub-blocks 2k (Y to out[k]) and 2k+1 (Y to out[r+k]).
	Label(name + "_loop")
	s.salsa(0, 1)
	s.output(s.outOff, 0, true)
	s.salsa(1, 2)
	DECQ(s.local(s.cntOff))
	JZ(LabelRef(name + "_last"))
	s.output(s.out2Off, 1, true)
	ADDQ(U8(64), s.local(s.outOff))
	ADDQ(U8(64), s.local(s.out2Off))
	JMP(LabelRef(name + "_loop"))
	Label(name + "_last")
	s.output(s.out2Off, 1, false)
	RET()
}
