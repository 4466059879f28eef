// Package blake2gen emits the scalar BLAKE2b and BLAKE2s compression
// kernels for _asm/blake2b and _asm/blake2s: one generator, parameterised by
// the word size, round count and rotation distances. BLAKE3's compression
// function is BLAKE2s's G with seven rounds, another message schedule and
// another start and end, so EmitBLAKE3 (for _asm/blake3) shares the rounds.
//
// The kernel keeps the 16 words of the work vector v in general-purpose
// registers and fully unrolls the rounds, with the message words read as
// memory operands from a copy of the block on the stack and every rotation a
// single RORX (BMI2). amd64 has only 15 usable general-purpose registers
// (AX, BX, CX, DX, SI, DI, BP, R8-R15; SP is the stack pointer), so at any
// time one word lives in a stack slot; which word is chosen at generation
// time by Belady's rule (evict the word used furthest in the future), which
// costs about two stores and two loads per round.
//
// Within each half-round, the four G functions are emitted as two
// interleaved pairs: a pair needs eight words in registers, leaving room
// for the eviction, and the processor's out-of-order window overlaps the
// pairs.
package blake2gen

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/gotypes"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/hashkit/hashkit/_asm/internal/asmutil"
	"github.com/hashkit/hashkit/_asm/internal/blake2tab"
)

// Kernel describes one BLAKE2 variant.
type Kernel struct {
	Name   string    // the Go declaration the kernel implements
	Word   int       // 8 for BLAKE2b, 4 for BLAKE2s
	Rounds int       // 12 or 10
	Rot    [4]int    // right rotations R1..R4 of G
	IV     [8]uint64 // initialization vector (32-bit values for BLAKE2s)
	// Last makes the kernel compress the final block only: p holds at most
	// one block, read by AVX-512BW masked loads and zero-filled (so a
	// one-shot hash needs no copy of its tail), and t grows by len(p).
	Last bool
}

// The G applications of a round: four columns, then four diagonals, as
// (a, b, c, d) indices into v; G number i takes message words 2i and 2i+1
// of the round's schedule.
var gWords = [8][4]int{
	{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15},
	{0, 5, 10, 15}, {1, 6, 11, 12}, {2, 7, 8, 13}, {3, 4, 9, 14},
}

var gprs = []reg.GPPhysical{reg.RAX, reg.RBX, reg.RCX, reg.RDX, reg.RSI, reg.RDI, reg.RBP,
	reg.R8, reg.R9, reg.R10, reg.R11, reg.R12, reg.R13, reg.R14, reg.R15}

type gen struct {
	cfg   Kernel
	msg   Mem // the block's message words
	spill Mem // a home slot for each of the 16 words

	where  [16]int // register index holding word w, or -1 if in its slot
	holder [15]int // word held by register i, or -1
	sched  [][]int // the word sets used, in order, for the eviction rule
	step   int     // index in sched of the current use
}

// Emit emits the kernel for cfg. Its Go declaration must be
//
//	func name(h *[8]uintW, c *[2]uintW, f0, f1 uintW, p []byte)
//
// compressing len(p)/BlockSize blocks into h, adding BlockSize to the
// counter c before each, with finalization flags f0 and f1.
func Emit(cfg Kernel) {
	g := &gen{cfg: cfg}
	W := cfg.Word
	bs := 16 * W
	Implement(cfg.Name)
	Attributes(NOSPLIT)
	if cfg.Last {
		Doc(fmt.Sprintf("%s compresses the final block, the len(p) <= %d bytes of p zero-filled, into h (RFC 7693 section 3.2) with scalar code.", cfg.Name, bs))
	} else {
		Doc(fmt.Sprintf("%s compresses the %d-byte blocks of p into h (RFC 7693 section 3.2) with scalar code.", cfg.Name, bs))
	}
	g.msg = AllocLocal(bs)
	g.spill = AllocLocal(bs)
	locP := AllocLocal(8)
	locN := AllocLocal(8)
	// h and the counter live in the frame between blocks and are written
	// back once after the last: reading them at each block through pointers
	// reloaded from the arguments cost a call of two or more blocks about a
	// block's time, most likely a memory-ordering replay.
	hc := AllocLocal(8 * W)
	cc := AllocLocal(2 * W)

	Load(Param("p").Base(), reg.RAX)
	Load(Param("p").Len(), reg.RBX)
	if cfg.Last {
		MOVQ(U32(1), locN) // one pass of the loop below, for len(p) bytes
	} else {
		shift := map[int]uint64{128: 7, 64: 6}[bs]
		SHRQ(U8(shift), reg.RBX)
		JZ(LabelRef("done"))
		MOVQ(reg.RAX, locP)
		MOVQ(reg.RBX, locN)
	}

	Comment("h and t to the frame.")
	Load(Param("h"), reg.RDX)
	Load(Param("c"), reg.RDI)
	for i := range 8 {
		g.mov(Mem{Base: reg.RDX, Disp: i * W}, g.r(reg.RSI))
		g.mov(g.r(reg.RSI), hc.Offset(i*W))
	}
	for i := range 2 {
		g.mov(Mem{Base: reg.RDI, Disp: i * W}, g.r(reg.RSI))
		g.mov(g.r(reg.RSI), cc.Offset(i*W))
	}

	schedules := make([][16]int, cfg.Rounds)
	for r := range schedules {
		schedules[r] = blake2tab.Sigma[r%10]
	}
	var tail [][]int
	for i := range 8 {
		tail = append(tail, []int{i, i + 8})
	}
	g.plan(len(schedules), tail)

	Label("loop")
	var count Op = U32(bs)
	if cfg.Last {
		Comment("The last block: its bytes, zero-filled, to the stack; count them in t.")
		MOVQ(reg.RBX, reg.RCX)
		loadMasked(reg.RAX, reg.RCX, g.msg, bs)
		count = reg.RCX
		if W == 4 {
			count = reg.ECX
		}
	} else {
		Comment("Copy the block to the stack and count its bytes in t.")
		MOVQ(locP, reg.RAX)
		copyBlock(reg.RAX, g.msg, bs)
		ADDQ(U32(bs), reg.RAX)
		MOVQ(reg.RAX, locP)
	}
	if W == 8 {
		ADDQ(count, cc)
		ADCQ(U32(0), cc.Offset(8))
	} else {
		ADDL(count, cc)
		ADCL(U32(0), cc.Offset(4))
	}

	Comment("Initialize the work vector: v[0..7] = h, v[8..15] = IV ^ (t0, t1, f0, f1); v[15] starts in its slot.")
	r := func(i int) reg.Register { return g.r(gprs[i]) }
	// v12, v13 from the counter; v15 to its slot through R14.
	g.movImm(cfg.IV[7], r(13))
	g.op("XOR", mustAddr(Param("f1")), r(13))
	g.mov(r(13), g.slot(15))
	g.movImm(cfg.IV[4], r(12))
	g.op("XOR", cc, r(12))
	g.movImm(cfg.IV[5], r(13))
	g.op("XOR", cc.Offset(W), r(13))
	g.movImm(cfg.IV[6], r(14))
	g.op("XOR", mustAddr(Param("f0")), r(14))
	for i := 7; i >= 0; i-- {
		g.mov(hc.Offset(i*W), r(i))
	}
	for i := 8; i < 12; i++ {
		g.movImm(cfg.IV[i-8], r(i))
	}
	g.startWords()

	g.rounds(schedules)

	Comment("h[i] ^= v[i] ^ v[i+8].")
	for i := range 8 {
		g.next()
		g.op("XOR", g.reg(i+8), g.reg(i))
		g.free(i + 8)
	}
	for i := range 8 {
		g.op("XOR", g.reg(i), hc.Offset(i*W))
	}

	DECQ(locN)
	JNZ(LabelRef("loop"))
	Comment("h and t back.")
	Load(Param("h"), reg.RDX)
	Load(Param("c"), reg.RDI)
	for i := range 8 {
		g.mov(hc.Offset(i*W), g.r(reg.RSI))
		g.mov(g.r(reg.RSI), Mem{Base: reg.RDX, Disp: i * W})
	}
	for i := range 2 {
		g.mov(cc.Offset(i*W), g.r(reg.RSI))
		g.mov(g.r(reg.RSI), Mem{Base: reg.RDI, Disp: i * W})
	}
	Label("done")
	RET()
}

// BLAKE3Mode says what a BLAKE3 kernel takes and writes.
type BLAKE3Mode int

const (
	// BLAKE3Out: func(cv *[8]uint32, block *[64]byte, counter uint64,
	// blockLen, flags uint32, out *[64]byte) writes the 16 output words to
	// out, little-endian.
	BLAKE3Out BLAKE3Mode = iota
	// BLAKE3CV: func(cv *[8]uint32, block *[64]byte, counter uint64,
	// blockLen, flags uint32) replaces cv with the chaining value (the
	// first 8 words).
	BLAKE3CV
	// BLAKE3Sum: func(data []byte, out *[32]byte) writes the hash of data
	// (at most 64 bytes: one block, which is the root) to out. An AVX-512BW
	// masked load reads exactly len(data) bytes, so the block is never
	// assembled in memory by narrower stores that its loads would wait on.
	BLAKE3Sum
)

// EmitBLAKE3 emits a BLAKE3 compression function (specification, section
// 2.2) of one block, with the rounds taking their message words in the
// order schedules[r], as the function name of the given mode.
func EmitBLAKE3(name string, iv [8]uint32, schedules [][16]int, mode BLAKE3Mode) {
	g := &gen{cfg: Kernel{Word: 4, Rot: [4]int{16, 12, 8, 7}}}
	Implement(name)
	Attributes(NOSPLIT)
	g.msg = AllocLocal(64)
	g.spill = AllocLocal(64)
	r := func(i int) reg.Register { return g.r(gprs[i]) }

	if mode == BLAKE3Sum {
		Comment("The message, zero-filled to a block, to the stack.")
		Load(Param("data").Base(), reg.RAX)
		Load(Param("data").Len(), reg.RCX)
		loadMasked(reg.RAX, reg.RCX, g.msg, 64)
	} else {
		Comment("Copy the block to the stack.")
		Load(Param("block"), reg.RAX)
		copyBlock(reg.RAX, g.msg, 64)
	}

	var tail [][]int
	for i := range 8 {
		tail = append(tail, []int{i, i + 8})
	}
	if mode == BLAKE3Out {
		for i := range 8 {
			tail = append(tail, []int{i + 8})
		}
	}
	g.plan(len(schedules), tail)

	if mode == BLAKE3Sum {
		Comment("v[0..7] = IV, v[8..11] = IV[0..3], v[12..15] = 0, 0, len(data), CHUNK_START|CHUNK_END|ROOT; v[15] starts in its slot.")
		MOVL(U32(1|2|8), g.slot(15))
		MOVL(reg.ECX, r(14))
		XORL(r(12), r(12))
		XORL(r(13), r(13))
		for i := range 8 {
			g.movImm(uint64(iv[i]), r(i))
		}
	} else {
		Comment("v[0..7] = cv, v[8..11] = IV[0..3], v[12..15] = counter, blockLen, flags; v[15] starts in its slot.")
		g.mov(mustAddr(Param("flags")), r(13))
		g.mov(r(13), g.slot(15))
		Load(Param("counter"), gprs[12])
		MOVQ(gprs[12], gprs[13])
		SHRQ(U8(32), gprs[13])
		g.mov(mustAddr(Param("blockLen")), r(14))
		Load(Param("cv"), reg.RAX)
		for i := 7; i >= 0; i-- {
			g.mov(Mem{Base: reg.RAX, Disp: 4 * i}, r(i))
		}
	}
	for i := range 4 {
		g.movImm(uint64(iv[i]), r(8+i))
	}
	g.startWords()

	g.rounds(schedules)

	if mode == BLAKE3Out {
		Comment("out[i] = v[i] ^ v[i+8], out[i+8] = v[i+8] ^ cv[i].")
	} else {
		Comment("The first 8 words, v[i] ^ v[i+8].")
	}
	// Word 0 waits in its slot until a register is free for the pointer.
	dstName := map[BLAKE3Mode]string{BLAKE3Out: "out", BLAKE3CV: "cv", BLAKE3Sum: "out"}[mode]
	var dst reg.GPPhysical
	for i := range 8 {
		g.next()
		g.op("XOR", g.reg(i+8), g.reg(i))
		if i == 0 {
			g.mov(g.reg(0), g.slot(0))
		} else {
			g.mov(g.reg(i), Mem{Base: dst, Disp: 4 * i})
		}
		g.free(i)
		if mode != BLAKE3Out {
			g.free(i + 8)
		}
		if i == 0 {
			dst = g.reserve(dstName)
		}
	}
	t := r(g.freeReg())
	g.mov(g.slot(0), t)
	g.mov(t, Mem{Base: dst})
	if mode == BLAKE3Out {
		cv := g.reserve("cv")
		for i := range 8 {
			g.next()
			g.op("XOR", Mem{Base: cv, Disp: 4 * i}, g.reg(i+8))
			g.mov(g.reg(i+8), Mem{Base: dst, Disp: 32 + 4*i})
			g.free(i + 8)
		}
	}
	RET()
}

var xmm = []reg.VecPhysical{reg.X0, reg.X1, reg.X2, reg.X3, reg.X4, reg.X5, reg.X6, reg.X7}

// copyBlock copies the size bytes (64 or 128) at p to dst through X0-X7.
func copyBlock(p reg.GPPhysical, dst Mem, size int) {
	for i := 0; i < size; i += 16 {
		MOVOU(Mem{Base: p, Disp: i}, xmm[i/16])
	}
	for i := 0; i < size; i += 16 {
		MOVOU(xmm[i/16], dst.Offset(i))
	}
}

// loadMasked copies the n bytes at p (n at most size, 64 or 128) to dst,
// zero-filled to size bytes, loaded by asmutil.LoadBytes (no byte past p+n
// is read, no page without them touched) and written with whole 16-byte
// stores, so that the kernel's loads of it never wait on the narrower
// stores that copying a short tail would take (store-to-load forwarding
// fails when a load spans several stores). It uses RDX, RSI, RDI, K1 and
// X0-X8.
func loadMasked(p, n reg.GPPhysical, dst Mem, size int) {
	xs := xmm[:size/16]
	regs := make([]reg.Register, len(xs))
	for i, x := range xs {
		regs[i] = x
	}
	asmutil.LoadBytes("last", p, n, reg.RDX, reg.RSI, reg.RDI, reg.X8, reg.K1, regs)
	for i, x := range xs {
		VMOVDQU(x, dst.Offset(16*i))
	}
}

// plan records the order in which the kernel will use the words, for the
// eviction rule: the G pairs of rounds rounds, then tail.
func (g *gen) plan(rounds int, tail [][]int) {
	g.sched, g.step = nil, 0
	for range rounds {
		for pair := 0; pair < 8; pair += 2 {
			g.sched = append(g.sched, append(gWords[pair][:], gWords[pair+1][:]...))
		}
	}
	g.sched = append(g.sched, tail...)
}

// next brings the words of the next planned use into registers.
func (g *gen) next() {
	g.ensure(g.sched[g.step])
	g.step++
}

// rounds emits the rounds of G, round r taking its message words in the
// order schedules[r].
func (g *gen) rounds(schedules [][16]int) {
	for rnd, s := range schedules {
		Commentf("Round %d.", rnd+1)
		for pair := 0; pair < 8; pair += 2 {
			g.next()
			g.gPair(gWords[pair], gWords[pair+1], s[2*pair], s[2*pair+1], s[2*pair+2], s[2*pair+3])
		}
	}
}

func mustAddr(c gotypes.Component) Mem {
	b, err := c.Resolve()
	if err != nil {
		panic(err)
	}
	return b.Addr
}

// r returns the register of the word size.
func (g *gen) r(p reg.GPPhysical) reg.Register {
	if g.cfg.Word == 4 {
		return p.As32()
	}
	return p
}

func (g *gen) reg(w int) reg.Register {
	if g.where[w] < 0 {
		panic(fmt.Sprintf("word %d is not in a register", w))
	}
	return g.r(gprs[g.where[w]])
}

func (g *gen) slot(w int) Mem { return g.spill.Offset(w * g.cfg.Word) }

func (g *gen) op(name string, src, dst Op) {
	suffix := "Q"
	if g.cfg.Word == 4 {
		suffix = "L"
	}
	switch name + suffix {
	case "ADDQ":
		ADDQ(src, dst)
	case "ADDL":
		ADDL(src, dst)
	case "XORQ":
		XORQ(src, dst)
	case "XORL":
		XORL(src, dst)
	case "MOVQ":
		MOVQ(src, dst)
	case "MOVL":
		MOVL(src, dst)
	default:
		panic(name)
	}
}

func (g *gen) mov(src, dst Op) { g.op("MOV", src, dst) }

func (g *gen) movImm(v uint64, dst Op) {
	if g.cfg.Word == 4 {
		MOVL(U32(uint32(v)), dst)
	} else {
		MOVQ(U64(v), dst)
	}
}

func (g *gen) ror(n int, r reg.Register) {
	if g.cfg.Word == 4 {
		RORXL(U8(n), r, r)
	} else {
		RORXQ(U8(n), r, r)
	}
}

func (g *gen) free(w int) {
	g.holder[g.where[w]] = -1
	g.where[w] = -1
}

// startWords records where the start code put the work vector: v[i] in
// register i for i < 15, v[15] in its slot.
func (g *gen) startWords() {
	for i := range g.holder {
		g.where[i] = i
		g.holder[i] = i
	}
	g.where[15] = -1
}

// reserved marks a register that holds a pointer rather than a word.
const reserved = -2

func (g *gen) freeReg() int {
	for i, w := range g.holder {
		if w == -1 {
			return i
		}
	}
	panic("no free register")
}

// reserve loads the pointer parameter name into a free register, which
// the eviction rule then leaves alone.
func (g *gen) reserve(name string) reg.GPPhysical {
	i := g.freeReg()
	g.holder[i] = reserved
	Load(Param(name), gprs[i])
	return gprs[i]
}

// nextUse returns the index in sched of the next use of word w at or after
// step, or a large number.
func (g *gen) nextUse(w int) int {
	for i := g.step; i < len(g.sched); i++ {
		for _, x := range g.sched[i] {
			if x == w {
				return i
			}
		}
	}
	return 1 << 30
}

// ensure brings every word of ws into a register, evicting the words used
// furthest in the future to their slots.
func (g *gen) ensure(ws []int) {
	need := map[int]bool{}
	for _, w := range ws {
		need[w] = true
	}
	for _, w := range ws {
		if g.where[w] >= 0 {
			continue
		}
		ri := -1
		for i, x := range g.holder {
			if x == -1 {
				ri = i
				break
			}
		}
		if ri < 0 {
			far := -1
			for i, x := range g.holder {
				if x == reserved || need[x] {
					continue
				}
				if u := g.nextUse(x); u > far {
					far, ri = u, i
				}
			}
			victim := g.holder[ri]
			Commentf("v%d to its slot, v%d from its slot.", victim, w)
			g.mov(g.r(gprs[ri]), g.slot(victim))
			g.where[victim] = -1
		}
		g.mov(g.slot(w), g.r(gprs[ri]))
		g.where[w] = ri
		g.holder[ri] = w
	}
}

// gPair emits two independent applications of G (RFC 7693 section 3.1),
// interleaved step by step: G(v[p[0..3]], m[x0], m[y0]) and
// G(v[q[0..3]], m[x1], m[y1]). The message word is added to a before b, so
// that only one addition lies on the path from b.
func (g *gen) gPair(p, q [4]int, x0, y0, x1, y1 int) {
	W := g.cfg.Word
	R := g.cfg.Rot
	type gs struct {
		a, b, c, d reg.Register
		x, y       Mem
	}
	gg := []gs{
		{g.reg(p[0]), g.reg(p[1]), g.reg(p[2]), g.reg(p[3]), g.msg.Offset(x0 * W), g.msg.Offset(y0 * W)},
		{g.reg(q[0]), g.reg(q[1]), g.reg(q[2]), g.reg(q[3]), g.msg.Offset(x1 * W), g.msg.Offset(y1 * W)},
	}
	for half, m := range []func(gs) Mem{func(s gs) Mem { return s.x }, func(s gs) Mem { return s.y }} {
		r1, r2 := R[2*half], R[2*half+1]
		// Each step of this half of G, emitted for every G before the next
		// step.
		steps := []func(s gs){
			func(s gs) { g.op("ADD", m(s), s.a) },
			func(s gs) { g.op("ADD", s.b, s.a) },
			func(s gs) { g.op("XOR", s.a, s.d) },
			func(s gs) { g.ror(r1, s.d) },
			func(s gs) { g.op("ADD", s.d, s.c) },
			func(s gs) { g.op("XOR", s.c, s.b) },
			func(s gs) { g.ror(r2, s.b) },
		}
		for _, step := range steps {
			for _, s := range gg {
				step(s)
			}
		}
	}
}
