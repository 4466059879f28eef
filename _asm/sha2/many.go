package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// genMany256x2SHANI writes sumMany256x2SHANI(out, in *byte, pairs, stride,
// blocks int, wk *[64]uint32, iv *[8]uint32): SHA-256 of 2*pairs messages,
// message i at in+i*stride, made of blocks whole blocks read in place and,
// where wk is not nil, one more block whose W[t]+K[t] are wk[t] (the
// padding block of a message of a whole number of blocks is the same for
// every message, so its schedule is computed once by the caller). Digest i
// goes to out+32*i, big-endian. blocks may be 0.
//
// One message is bound by SHA256RNDS2's latency; two independent ones, their
// round groups alternated as in pbkdf2x2SHANI, fill each other's gaps. The
// two chains take twelve registers, so the initial value and the chaining
// values to add after each block live on the stack.
func genMany256x2SHANI() {
	sha256Data() // file-local symbols: the file gets its own copy
	Implement("sumMany256x2SHANI")
	Attributes(NOSPLIT)
	AllocLocal(96)
	ivABEF := Mem{Base: StackPointer, Disp: 0}
	ivCDGH := Mem{Base: StackPointer, Disp: 16}
	save := func(c, half int) Mem { return Mem{Base: StackPointer, Disp: 32 + 32*c + 16*half} }

	type chain struct {
		abef, cdgh VecPhysical
		m          []VecPhysical
	}
	msg, tmp, mask, tmp2 := X0, X13, X14, X15
	chains := [2]chain{
		{abef: X1, cdgh: X2, m: []VecPhysical{X3, X4, X5, X6}},
		{abef: X7, cdgh: X8, m: []VecPhysical{X9, X10, X11, X12}},
	}

	pairs := Load(Param("pairs"), GP64())
	TESTQ(pairs, pairs)
	JZ(LabelRef("many_done"))
	ivp := Load(Param("iv"), GP64())
	MOVOU(Mem{Base: ivp}, X1)
	MOVOU(Mem{Base: ivp, Disp: 16}, X2)
	toABEF(X1, X2, tmp)
	MOVOU(X1, ivABEF)
	MOVOU(X2, ivCDGH)
	MOVOU(bswap32Mask, mask)
	out := Load(Param("out"), GP64())
	in := Load(Param("in"), GP64())
	stride := Load(Param("stride"), GP64())
	wk := Load(Param("wk"), GP64())
	p0, p1, b := GP64(), GP64(), GP64()

	// saveAll copies both chaining values to the stack; addAll adds them
	// back after a block (legacy SSE memory operands must be 16-byte
	// aligned, which the stack area is not: load first).
	saveAll := func() {
		for c, ch := range chains {
			MOVOU(ch.abef, save(c, 0))
			MOVOU(ch.cdgh, save(c, 1))
		}
	}
	addAll := func() {
		for c, ch := range chains {
			MOVOU(save(c, 0), tmp2)
			PADDD(tmp2, ch.abef)
			MOVOU(save(c, 1), tmp2)
			PADDD(tmp2, ch.cdgh)
		}
	}

	Label("many_pair")
	for _, ch := range chains {
		MOVOU(ivABEF, ch.abef)
		MOVOU(ivCDGH, ch.cdgh)
	}
	MOVQ(in, p0)
	LEAQ(Mem{Base: in, Index: stride, Scale: 1}, p1)
	Load(Param("blocks"), b)
	TESTQ(b, b)
	JZ(LabelRef("many_final"))

	Label("many_block")
	saveAll()
	for g := range 16 {
		for c, ch := range chains {
			p := []Register{p0, p1}[c]
			shaniGroup(g, ch.abef, ch.cdgh, msg, tmp, ch.m, func(g int) {
				MOVOU(Mem{Base: p, Disp: 16 * g}, ch.m[g])
				PSHUFB(mask, ch.m[g])
			})
		}
	}
	addAll()
	ADDQ(Imm(64), p0)
	ADDQ(Imm(64), p1)
	DECQ(b)
	JNZ(LabelRef("many_block"))

	Label("many_final")
	TESTQ(wk, wk)
	JZ(LabelRef("many_store"))
	Comment("The shared last block: W+K from wk, no schedule to compute.")
	saveAll()
	for g := range 16 {
		MOVOU(Mem{Base: wk, Disp: 16 * g}, msg)
		for _, ch := range chains {
			SHA256RNDS2(X0, ch.abef, ch.cdgh)
		}
		PSHUFD(Imm(0x0e), msg, msg)
		for _, ch := range chains {
			SHA256RNDS2(X0, ch.cdgh, ch.abef)
		}
	}
	addAll()

	Label("many_store")
	for c, ch := range chains {
		fromABEF(ch.abef, ch.cdgh, tmp)
		PSHUFB(mask, ch.abef)
		PSHUFB(mask, ch.cdgh)
		MOVOU(ch.abef, Mem{Base: out, Disp: 32 * c})
		MOVOU(ch.cdgh, Mem{Base: out, Disp: 32*c + 16})
	}
	ADDQ(Imm(64), out)
	LEAQ(Mem{Base: in, Index: stride, Scale: 2}, in)
	DECQ(pairs)
	JNZ(LabelRef("many_pair"))
	Label("many_done")
	RET()
}
