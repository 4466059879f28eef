package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/hashkit/hashkit/_asm/internal/asmutil"
)

// One block at a time in XMM registers: the work vector as four rows
// (v0..v3, v4..v7, v8..v11, v12..v15), so each step of a round is the four
// G functions in one vector operation each. Between the column and the
// diagonal step the rows a, c and d are rotated by PSHUFD, not b: b is the
// last row each step writes, so leaving it in place keeps the shuffles off
// the chain of dependent operations. The message words of each step are
// gathered from the previous round's four vectors by shuffles chosen at
// generation time (gather), also off that chain.

// rowsISA is the instruction set of one variant.
type rowsISA int

const (
	rowsSSE41  rowsISA = iota // SSE4.1 (PBLENDW, PINSRD) and SSSE3 (PSHUFB)
	rowsAVX                   // the same operations VEX-encoded: three operands, no copies
	rowsAVX512                // AVX plus AVX-512VL VPRORD: every rotation one instruction
)

func (isa rowsISA) String() string {
	return [...]string{"SSE41", "AVX", "AVX512"}[isa]
}

// rowsGen emits one kernel.
type rowsGen struct {
	isa  rowsISA
	free []VecPhysical // unused XMM registers
	m16  VecPhysical   // PSHUFB masks rotating words by 16 and by 8
	m8   VecPhysical
}

func (g *rowsGen) get() VecPhysical {
	r := g.free[len(g.free)-1]
	g.free = g.free[:len(g.free)-1]
	return r
}

func (g *rowsGen) put(r VecPhysical) { g.free = append(g.free, r) }

func (g *rowsGen) vex() bool { return g.isa != rowsSSE41 }

// The two-operand forms (dst = dst op src) in either encoding.
func (g *rowsGen) add(src, dst VecPhysical) {
	if g.vex() {
		VPADDD(src, dst, dst)
	} else {
		PADDD(src, dst)
	}
}

func (g *rowsGen) xor(src Op, dst VecPhysical) {
	if g.vex() {
		VPXOR(src, dst, dst)
	} else {
		PXOR(src, dst)
	}
}

func (g *rowsGen) pshufd(imm int, src, dst VecPhysical) {
	if g.vex() {
		VPSHUFD(U8(imm), src, dst)
	} else {
		PSHUFD(U8(imm), src, dst)
	}
}

func (g *rowsGen) load(m Mem, dst VecPhysical) {
	if g.vex() {
		VMOVDQU(m, dst)
	} else {
		MOVOU(m, dst)
	}
}

func (g *rowsGen) store(src VecPhysical, m Mem) {
	if g.vex() {
		VMOVDQU(src, m)
	} else {
		MOVOU(src, m)
	}
}

// rotr rotates every word of x right by n.
func (g *rowsGen) rotr(n int, x VecPhysical) {
	switch {
	case g.isa == rowsAVX512:
		VPRORD(U8(n), x, x)
	case n == 16 || n == 8:
		m := map[int]VecPhysical{16: g.m16, 8: g.m8}[n]
		if g.vex() {
			VPSHUFB(m, x, x)
		} else {
			PSHUFB(m, x)
		}
	case g.vex():
		t := g.get()
		VPSRLD(U8(n), x, t)
		VPSLLD(U8(32-n), x, x)
		VPOR(t, x, x)
		g.put(t)
	default:
		t := g.get()
		MOVO(x, t)
		PSRLL(U8(n), t)
		PSLLL(U8(32-n), x)
		POR(t, x)
		g.put(t)
	}
}

// msgVec is a register holding four message words: w[i] is the index in
// the block of the word in lane i.
type msgVec struct {
	r VecPhysical
	w [4]int
}

// gather returns a new register holding the words want (lane i: block
// word want[i]), taken from srcs, which hold every word once between them.
func (g *rowsGen) gather(srcs []msgVec, want [4]int) msgVec {
	// Where each wanted word is.
	type loc struct{ src, lane int }
	var at [4]loc
	for i, w := range want {
		at[i] = loc{-1, -1}
		for s, v := range srcs {
			for l, x := range v.w {
				if x == w {
					at[i] = loc{s, l}
				}
			}
		}
		if at[i].src < 0 {
			panic(fmt.Sprintf("word %d not found", w))
		}
	}
	dst := msgVec{r: g.get(), w: want}
	// Lanes by source register, in order of first use.
	var order []int
	lanes := map[int][]int{}
	for i, l := range at {
		if _, ok := lanes[l.src]; !ok {
			order = append(order, l.src)
		}
		lanes[l.src] = append(lanes[l.src], i)
	}
	// imm places, for each lane of lanes, the source lane it needs; the
	// other lanes repeat the first.
	imm := func(ls []int) int {
		var sel [4]int
		for i := range sel {
			sel[i] = at[ls[0]].lane
		}
		for _, i := range ls {
			sel[i] = at[i].lane
		}
		return sel[0] | sel[1]<<2 | sel[2]<<4 | sel[3]<<6
	}
	if len(order) == 1 {
		g.pshufd(imm(lanes[order[0]]), srcs[order[0]].r, dst.r)
		return dst
	}
	// Two words from each of two registers, the first in lanes 0 and 1:
	// one SHUFPS, which takes its two low lanes from its destination and
	// its two high lanes from its source.
	if len(order) == 2 && len(lanes[order[0]]) == 2 && lanes[order[0]][0] == 0 && lanes[order[0]][1] == 1 {
		x, y := srcs[order[0]].r, srcs[order[1]].r
		sel := at[0].lane | at[1].lane<<2 | at[2].lane<<4 | at[3].lane<<6
		if g.vex() {
			VSHUFPS(U8(sel), y, x, dst.r)
		} else {
			MOVO(x, dst.r)
			SHUFPS(U8(sel), y, dst.r)
		}
		return dst
	}
	// Otherwise each register's words are shuffled into their lanes and
	// blended together (PBLENDW selects 16-bit halves, two per word).
	t := g.get()
	for n, s := range order {
		ls := lanes[s]
		into := dst.r
		if n > 0 {
			into = t
		}
		g.pshufd(imm(ls), srcs[s].r, into)
		if n == 0 {
			continue
		}
		mask := 0
		for _, i := range ls {
			mask |= 3 << (2 * i)
		}
		if g.vex() {
			VPBLENDW(U8(mask), t, dst.r, dst.r)
		} else {
			PBLENDW(U8(mask), t, dst.r)
		}
	}
	g.put(t)
	return dst
}

// stepWords returns the message words of round r for the four vector
// operations that take them: the columns' first and second words, then
// the diagonals'. After the diagonal shuffle lane i holds G function
// 4+(i+3)%4 (a, c, d rotated, b in place).
func stepWords(r int) [4][4]int {
	s := schedule[r]
	var w [4][4]int
	for i := range 4 {
		w[0][i] = s[2*i]
		w[1][i] = s[2*i+1]
		j := (i + 3) % 4
		w[2][i] = s[8+2*j]
		w[3][i] = s[9+2*j]
	}
	return w
}

// setup takes the registers of the rows and, without VPRORD, loads the
// PSHUFB rotation masks.
func (g *rowsGen) setup() (a, b, c, d VecPhysical) {
	for i := 15; i >= 0; i-- {
		g.free = append(g.free, []VecPhysical{X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12, X13, X14, X15}[i])
	}
	a, b, c, d = g.get(), g.get(), g.get(), g.get()
	if g.isa != rowsAVX512 {
		g.m16, g.m8 = g.get(), g.get()
		g.load(rotMasks, g.m16)
		g.load(rotMasks.Offset(32), g.m8)
	}
	return a, b, c, d
}

// rowD fills d with the counter, block length and flags.
func (g *rowsGen) rowD(ctr Register, bl, fl Op, d VecPhysical) {
	if g.vex() {
		VMOVQ(ctr, d)
		VPINSRD(U8(2), bl, d, d)
		VPINSRD(U8(3), fl, d, d)
	} else {
		MOVQ(ctr, d)
		PINSRD(U8(2), bl, d)
		PINSRD(U8(3), fl, d)
	}
}

// rounds runs the seven rounds on the rows over the block at block.
func (g *rowsGen) rounds(a, b, c, d VecPhysical, block Register) {
	Comment("The message, four words per register.")
	msg := g.message()
	for i, m := range msg {
		g.load(Mem{Base: block, Disp: 16 * i}, m.r)
	}
	g.roundsMsg(a, b, c, d, msg)
}

// message takes four registers for the block, words 4i..4i+3 in msg[i].
func (g *rowsGen) message() []msgVec {
	msg := make([]msgVec, 4)
	for i := range msg {
		msg[i] = msgVec{r: g.get(), w: [4]int{4 * i, 4*i + 1, 4*i + 2, 4*i + 3}}
	}
	return msg
}

// roundsMsg runs the seven rounds over the block loaded in msg, which it
// releases.
func (g *rowsGen) roundsMsg(a, b, c, d VecPhysical, msg []msgVec) {
	half := func(m VecPhysical, r1, r2 int) {
		g.add(m, a)
		g.add(b, a)
		g.xor(a, d)
		g.rotr(r1, d)
		g.add(d, c)
		g.xor(c, b)
		g.rotr(r2, b)
	}
	for r := range 7 {
		Comment(fmt.Sprintf("Round %d.", r+1))
		var next []msgVec
		for _, w := range stepWords(r) {
			next = append(next, g.gather(msg, w))
		}
		for _, m := range msg {
			g.put(m.r)
		}
		msg = next
		half(msg[0].r, 16, 12)
		half(msg[1].r, 8, 7)
		g.pshufd(0x93, a, a)
		g.pshufd(0x39, c, c)
		g.pshufd(0x4e, d, d)
		half(msg[2].r, 16, 12)
		half(msg[3].r, 8, 7)
		g.pshufd(0x39, a, a)
		g.pshufd(0x93, c, c)
		g.pshufd(0x4e, d, d)
	}
	for _, m := range msg {
		g.put(m.r)
	}
}

// genRows writes compressCVRows<isa> (out == false: cv is replaced by the
// chaining value) or compressRows<isa> (the 16 output words to out).
func genRows(isa rowsISA, out bool) {
	genIV()
	genRotMasks()
	name := "compressRows" + isa.String()
	if !out {
		name = "compressCVRows" + isa.String()
	}
	Implement(name)
	Attributes(NOSPLIT)
	g := &rowsGen{isa: isa}
	a, b, c, d := g.setup()
	cv := Load(Param("cv"), GP64())
	block := Load(Param("block"), GP64())
	Comment("Rows: the chaining value, the IV, then counter, block length and flags.")
	g.load(Mem{Base: cv}, a)
	g.load(Mem{Base: cv, Disp: 16}, b)
	g.load(ivData, c)
	g.rowD(Load(Param("counter"), GP64()), Load(Param("blockLen"), GP32()), Load(Param("flags"), GP32()), d)
	g.rounds(a, b, c, d, block)
	Comment("Feed-forward: v[i]^v[i+8], then v[i+8]^cv[i] for output.")
	if out {
		t := g.get()
		o := Load(Param("out"), GP64())
		g.load(Mem{Base: cv}, t)
		g.xor(c, a)
		g.xor(t, c)
		g.load(Mem{Base: cv, Disp: 16}, t)
		g.xor(d, b)
		g.xor(t, d)
		g.store(a, Mem{Base: o})
		g.store(b, Mem{Base: o, Disp: 16})
		g.store(c, Mem{Base: o, Disp: 32})
		g.store(d, Mem{Base: o, Disp: 48})
	} else {
		g.xor(c, a)
		g.xor(d, b)
		g.store(a, Mem{Base: cv})
		g.store(b, Mem{Base: cv, Disp: 16})
	}
	RET()
}

// chain compresses the block at in into the chaining value in rows a and
// b, with counter ctr, block length bl and flags fl.
func (g *rowsGen) chain(a, b, c, d VecPhysical, ctr Register, bl, fl Op, in Register) {
	g.load(ivData, c)
	g.rowD(ctr, bl, fl, d)
	g.rounds(a, b, c, d, in)
	g.xor(c, a)
	g.xor(d, b)
}

// genRowsBlocks writes compressBlocksRows<isa>: n >= 1 whole blocks of one
// chunk in a row, the chaining value kept in a and b between them.
func genRowsBlocks(isa rowsISA) {
	Implement("compressBlocksRows" + isa.String())
	Attributes(NOSPLIT)
	g := &rowsGen{isa: isa}
	a, b, c, d := g.setup()
	cv := Load(Param("cv"), GP64())
	in := Load(Param("in"), GP64())
	n := Load(Param("n"), GP64())
	ctr := Load(Param("counter"), GP64())
	flags := Load(Param("flags"), GP32())
	end := Load(Param("end"), GP32())
	Comment("The first block's flags add start; the last block's add end.")
	fl := GP32()
	MOVL(flags, fl)
	ORL(Load(Param("start"), GP32()), fl)
	g.load(Mem{Base: cv}, a)
	g.load(Mem{Base: cv, Disp: 16}, b)
	bl := GP32()
	MOVL(U32(64), bl)
	loop := "blocksRows" + isa.String()
	Label(loop)
	CMPQ(n, U8(1))
	JNE(LabelRef(loop + "Mid"))
	ORL(end, fl)
	Label(loop + "Mid")
	g.chain(a, b, c, d, ctr, bl, fl, in)
	MOVL(flags, fl)
	ADDQ(U8(64), in)
	DECQ(n)
	JNZ(LabelRef(loop))
	g.store(a, Mem{Base: cv})
	g.store(b, Mem{Base: cv, Disp: 16})
	RET()
}

// genSumRows writes sumChunkRows<isa>: the hash of a message of at most one
// chunk, which is the root, from the key words with the given flags. Its
// whole blocks but the last are compressed in place as in
// genRowsBlocks; the last one (at most 64 bytes) is read straight into the
// message registers, never assembled in memory: by masked loads of exactly
// its bytes (asmutil.LoadBytes) with AVX-512, else whole 16-byte loads and
// the partial chunk put together in general-purpose registers
// (asmutil.LoadBytesAVX, LoadBytesSSE).
func genSumRows(isa rowsISA) {
	Implement("sumChunkRows" + isa.String())
	Attributes(NOSPLIT)
	g := &rowsGen{isa: isa}
	a, b, c, d := g.setup()
	p := Load(Param("data").Base(), GP64())
	n := GP64()
	Load(Param("data").Len(), n)
	key := Load(Param("key"), GP64())
	flags := Load(Param("flags"), GP32())
	g.load(Mem{Base: key}, a)
	g.load(Mem{Base: key, Disp: 16}, b)
	fl := GP32()
	MOVL(flags, fl)
	ORL(U32(flagChunkStart), fl)
	loop, last := "sumChunk"+isa.String(), "sumChunk"+isa.String()+"Last"

	Comment("The blocks before the last, (n-1)/64 of them for n > 64: counter 0, length 64.")
	CMPQ(n, U8(64))
	JBE(LabelRef(last))
	blocks, ctr, bl := GP64(), GP64(), GP32()
	LEAQ(Mem{Base: n, Disp: -1}, blocks)
	SHRQ(U8(6), blocks)
	XORL(ctr.As32(), ctr.As32())
	MOVL(U32(64), bl)
	Label(loop)
	g.chain(a, b, c, d, ctr, bl, fl, p)
	MOVL(flags, fl)
	ADDQ(U8(64), p)
	SUBQ(U8(64), n)
	DECQ(blocks)
	JNZ(LabelRef(loop))

	Label(last)
	Comment("The last block: its n bytes (0 to 64) and zeros.")
	msg := g.message()
	regs := make([]Register, len(msg))
	for i, m := range msg {
		regs[i] = m.r
	}
	switch isa {
	case rowsAVX512:
		idx := g.get()
		asmutil.LoadBytes("sumRows", p, n, GP64(), GP64(), GP64(), idx, K1, regs)
		g.put(idx)
	case rowsAVX:
		asmutil.LoadBytesAVX("sumRows", p, n, GP64(), GP64(), GP64(), GP64(), regs)
	default:
		asmutil.LoadBytesSSE("sumRows", p, n, GP64(), GP64(), GP64(), GP64(), regs, false)
	}
	Comment("Rows: the chaining value, the IV, then 0, 0, n, flags|CHUNK_END|ROOT.")
	g.load(ivData, c)
	ORL(U32(flagChunkEnd|flagRoot), fl)
	if g.vex() {
		VPXOR(d, d, d)
		VPINSRD(U8(2), n.As32(), d, d)
		VPINSRD(U8(3), fl, d, d)
	} else {
		PXOR(d, d)
		PINSRD(U8(2), n.As32(), d)
		PINSRD(U8(3), fl, d)
	}
	g.roundsMsg(a, b, c, d, msg)
	g.xor(c, a)
	g.xor(d, b)
	o := Load(Param("out"), GP64())
	g.store(a, Mem{Base: o})
	g.store(b, Mem{Base: o, Disp: 16})
	RET()
}
