package main

import (
	"fmt"
	"slices"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/hashkit/hashkit/_asm/internal/asmutil"
	"github.com/hashkit/hashkit/_asm/internal/zmm"
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
	sha256Data() // bswap32Mask and pad96 are file-local: this file gets its own copy
	Implement("sumMany256x2SHANI")
	Attributes(NOSPLIT)
	AllocLocal(96)
	ivABEF := Mem{Base: StackPointer, Disp: 0}
	ivCDGH := Mem{Base: StackPointer, Disp: 16}
	save := func(c, half int) Mem { return Mem{Base: StackPointer, Disp: 32 + 32*c + 16*half} }

	msg, tmp, mask, tmp2 := X0, X13, X14, X15
	chains := twoChains

	pairs := Load(Param("pairs"), GP64())
	TESTQ(pairs, pairs)
	JZ(LabelRef("many_done"))
	ivp := Load(Param("iv"), GP64())
	loadABEF(ivp, X1, X2, tmp)
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

// laneKernel holds what the 16-lane AVX-512 and 8-lane AVX2 kernels share:
// one message per 32-bit lane, the state a..h in the first eight vector
// registers, the per-lane row offsets and the state saved for the
// feed-forward in the frame, a byte-swap mask as wide as a register.
type laneKernel struct {
	st                    []VecPhysical
	width                 int // bytes per register: 64 (ZMM) or 32 (YMM)
	offsets, saved, bswap Mem
	lanes, in, wk, blocks Register
}

// newLaneKernel emits the start of kernel name: its frame, the mask, the
// row offsets and the state set to iv.
func newLaneKernel(name string, st []VecPhysical, width int) *laneKernel {
	Implement(name)
	if width == 64 {
		Attributes(NOSPLIT)
	} // else not NOSPLIT: the larger frame gets the usual stack check
	k := &laneKernel{st: st, width: width}
	k.offsets = AllocLocal(16 * 8)
	k.saved = AllocLocal(8 * width)
	k.bswap = asmutil.Table64(fmt.Sprintf("manyBswap%d", 8*width), slices.Repeat(asmutil.BSwap32, width/16)...)
	k.lanes = Load(Param("lanes"), GP64())
	zmm.LaneOffsets(k.lanes, Load(Param("stride"), GP64()), k.offsets)
	ivp := Load(Param("iv"), GP64())
	for i, r := range st {
		VPBROADCASTD(Mem{Base: ivp, Disp: 4 * i}, r)
	}
	k.in = Load(Param("in"), GP64())
	k.wk = Load(Param("wk"), GP64())
	k.blocks = Load(Param("blocks"), GP64())
	return k
}

func (k *laneKernel) move(from, to Op) {
	if k.width == 64 {
		VMOVDQU32(from, to)
	} else {
		VMOVDQU(from, to)
	}
}

// save copies the state to the frame; add adds it back after a block.
func (k *laneKernel) save() {
	for i, r := range k.st {
		k.move(r, k.saved.Offset(k.width*i))
	}
}

func (k *laneKernel) add() {
	for i, r := range k.st {
		VPADDD(k.saved.Offset(k.width*i), r, r)
	}
}

// loop emits the loop over the whole blocks (body hashes the block at
// in, whose rows are at the offsets) and then the shared last block where
// wk is not nil (round(t) emits round t with W[t]+K[t] from wk), labels
// starting with prefix.
func (k *laneKernel) loop(prefix string, body func(), round func(t int)) {
	TESTQ(k.blocks, k.blocks)
	JZ(LabelRef(prefix + "_final"))
	Label(prefix + "_block")
	k.save()
	body()
	k.add()
	ADDQ(U8(64), k.in)
	DECQ(k.blocks)
	JNZ(LabelRef(prefix + "_block"))

	Label(prefix + "_final")
	TESTQ(k.wk, k.wk)
	JZ(LabelRef(prefix + "_store"))
	Comment("The shared last block: W+K from wk, no schedule to compute.")
	k.save()
	for t := range 64 {
		round(t)
	}
	k.add()
	Label(prefix + "_store")
	Comment("Big-endian digests, one 32-byte row per message.")
	for _, r := range k.st {
		VPSHUFB(k.bswap, r, r)
	}
}

// genMany256x16AVX512 writes sumMany256x16AVX512(out, in *byte, stride,
// blocks int, wk *[64]uint32, iv *[8]uint32, lanes int): SHA-256 of lanes
// (1 to 16) messages laid out as for sumMany256x2SHANI (blocks whole blocks
// at in+i*stride, then the shared block of wk where wk is not nil), one
// message per 32-bit lane of the ZMM registers: Z0..Z7 hold a..h of the
// 16 messages, 16 more registers the sixteen newest schedule words, and the
// rest are scratch. Each block is loaded as one 64-byte row per message and
// transposed in registers (_asm/internal/zmm). Lanes at or above lanes read
// lane 0's message again and store nothing.
//
// Σ0, Σ1, σ0 and σ1 are three VPRORD/VPSRLD and one three-way XOR
// (VPTERNLOGD 0x96); Ch and Maj are one VPTERNLOGD each (0xca: e ? f : g;
// 0xe8: majority).
func genMany256x16AVX512() {
	st := []VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7}
	k := newLaneKernel("sumMany256x16AVX512", st, 64)
	in := k.in
	xor3 := func(x VecPhysical, r1, r2, shr int, t [3]VecPhysical, shift bool) {
		VPRORD(U8(r1), x, t[0])
		VPRORD(U8(r2), x, t[1])
		if shift {
			VPSRLD(U8(shr), x, t[2])
		} else {
			VPRORD(U8(shr), x, t[2])
		}
		VPTERNLOGD(U8(0x96), t[2], t[1], t[0])
	}
	// round emits round t on the state named by v (a..h), adding wt, which
	// puts W[t]+K[t] into h, and returns the names for the next round.
	round := func(v [8]VecPhysical, t [3]VecPhysical, wt func(h VecPhysical)) [8]VecPhysical {
		a, b, c, d, e, f, g, h := v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]
		wt(h)
		xor3(e, 6, 11, 25, t, false) // Σ1(e)
		VPADDD(t[0], h, h)
		VMOVDQA32(e, t[1])
		VPTERNLOGD(U8(0xca), g, f, t[1]) // Ch(e, f, g)
		VPADDD(t[1], h, h)               // T1
		VPADDD(h, d, d)                  // the new e
		xor3(a, 2, 13, 22, t, false)     // Σ0(a)
		VPADDD(t[0], h, h)
		VMOVDQA32(a, t[1])
		VPTERNLOGD(U8(0xe8), c, b, t[1]) // Maj(a, b, c)
		VPADDD(t[1], h, h)               // T1 + T2, the new a
		return [8]VecPhysical{h, a, b, c, d, e, f, g}
	}

	next := GP64()
	MOVQ(Load(Param("stride"), GP64()), next)
	SHLQ(U8(4), next)
	ADDQ(in, next)
	v := [8]VecPhysical(st)
	k.loop("x16", func() {
		Comment("One row of 16 big-endian words per message, transposed. The same",
			"block of the next 16 messages, where a batch continues, is prefetched:",
			"the rounds take longer than the out-of-order window reaches ahead.")
		rows := []VecPhysical{Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15, Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23}
		off := GP64()
		for i, r := range rows {
			MOVQ(k.offsets.Offset(8*i), off)
			VMOVDQU32(Mem{Base: in, Index: off, Scale: 1}, r)
			PREFETCHT0(Mem{Base: next, Index: off, Scale: 1})
		}
		w := zmm.TransposeRows(rows, []VecPhysical{Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31})
		inW := map[VecPhysical]bool{}
		for _, r := range w {
			VPSHUFB(k.bswap, r, r)
			inW[r] = true
		}
		var free []VecPhysical
		for _, r := range append(rows, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31) {
			if !inW[r] {
				free = append(free, r)
			}
		}
		rt := [3]VecPhysical{free[0], free[1], free[2]}
		schedT := [3]VecPhysical{free[3], free[4], free[5]}
		for t := range 64 {
			if t >= 16 {
				// W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16], in the
				// register of W[t-16].
				x := w[t%16]
				xor3(w[(t-15)%16], 7, 18, 3, schedT, true)
				VPADDD(schedT[0], x, x)
				VPADDD(w[(t-7)%16], x, x)
				xor3(w[(t-2)%16], 17, 19, 10, schedT, true)
				VPADDD(schedT[0], x, x)
			}
			v = round(v, rt, func(h VecPhysical) {
				VPADDD_BCST(k256Table.Offset(4*t), h, h)
				VPADDD(w[t%16], h, h)
			})
		}
		ADDQ(U8(64), next)
	}, func(t int) {
		v = round(v, [3]VecPhysical{Z8, Z9, Z10}, func(h VecPhysical) {
			VPADDD_BCST(Mem{Base: k.wk, Disp: 4 * t}, h, h)
		})
	})
	out := Load(Param("out"), GP64())
	zmm.StoreLanes(st, []VecPhysical{Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15, Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23}, k.lanes, out, "x16_done")
	VZEROUPPER()
	RET()
}

// transpose8 transposes the 8x8 words in rows (row i in rows[i], word j in
// dword j) with the scratch registers t, leaving column c in out[c]: the
// register holding word c of every row, in row order. out is made of rows
// and t; rows afterwards hold scratch.
func transpose8(rows, t []VecPhysical) (out []VecPhysical) {
	for i := 0; i < 8; i += 2 {
		VPUNPCKLDQ(rows[i+1], rows[i], t[i])   // w0 w0' w1 w1' | w4 w4' w5 w5'
		VPUNPCKHDQ(rows[i+1], rows[i], t[i+1]) // w2 w2' w3 w3' | w6 w6' w7 w7'
	}
	u := rows
	for i := 0; i < 8; i += 4 {
		VPUNPCKLQDQ(t[i+2], t[i], u[i])     // w0 of four rows | w4
		VPUNPCKHQDQ(t[i+2], t[i], u[i+1])   // w1 | w5
		VPUNPCKLQDQ(t[i+3], t[i+1], u[i+2]) // w2 | w6
		VPUNPCKHQDQ(t[i+3], t[i+1], u[i+3]) // w3 | w7
	}
	out = make([]VecPhysical, 8)
	for c := range 4 {
		out[c], out[c+4] = t[c], t[c+4]
		VPERM2I128(U8(0x20), u[c+4], u[c], out[c])   // word c: rows 0-3, then 4-7
		VPERM2I128(U8(0x31), u[c+4], u[c], out[c+4]) // word c+4
	}
	return out
}

// genMany256x8AVX2 writes sumMany256x8AVX2(out, in *byte, stride, blocks
// int, wk *[64]uint32, iv *[8]uint32, lanes int): sumMany256x16AVX512 for 1
// to 8 messages in the lanes of the YMM registers, for CPUs with neither
// SHA-NI nor AVX-512. The state takes Y0..Y7, the schedule a 16-word ring
// in the frame; rotations are two shifts (no VPRORD), Ch is ((f^g)&e)^g
// and Maj ((a|b)&c)|(a&b).
func genMany256x8AVX2() {
	st := []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7}
	tmp := []VecPhysical{Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15}
	k := newLaneKernel("sumMany256x8AVX2", st, 32)
	ring := AllocLocal(16 * 32)
	w := func(t int) Mem { return ring.Offset(32 * (t % 16)) }

	// rotXor sets o to the XOR of x rotated right by each of rs and, where
	// shr is not 0, x shifted right by shr; s is scratch.
	rotXor := func(x, o, s VecPhysical, rs [2]int, third int, shift bool) {
		first := true
		part := func(right bool, n int) {
			dst := s
			if first {
				dst = o
			}
			if right {
				VPSRLD(U8(n), x, dst)
			} else {
				VPSLLD(U8(n), x, dst)
			}
			if !first {
				VPXOR(s, o, o)
			}
			first = false
		}
		for _, r := range rs {
			part(true, r)
			part(false, 32-r)
		}
		part(true, third)
		if !shift {
			part(false, 32-third)
		}
	}
	round := func(v [8]VecPhysical, wt func(h, t VecPhysical)) [8]VecPhysical {
		a, b, c, d, e, f, g, h := v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]
		t0, t1 := tmp[0], tmp[1]
		wt(h, t0)
		rotXor(e, t0, t1, [2]int{6, 11}, 25, false) // Σ1(e)
		VPADDD(t0, h, h)
		VPXOR(g, f, t0)
		VPAND(e, t0, t0)
		VPXOR(g, t0, t0)                            // Ch(e, f, g)
		VPADDD(t0, h, h)                            // T1
		VPADDD(h, d, d)                             // the new e
		rotXor(a, t0, t1, [2]int{2, 13}, 22, false) // Σ0(a)
		VPADDD(t0, h, h)
		VPOR(b, a, t0)
		VPAND(c, t0, t0)
		VPAND(b, a, t1)
		VPOR(t1, t0, t0) // Maj(a, b, c)
		VPADDD(t0, h, h) // T1 + T2, the new a
		return [8]VecPhysical{h, a, b, c, d, e, f, g}
	}

	v := [8]VecPhysical(st)
	k.loop("x8", func() {
		Comment("Each half block: one row of 8 words per message, transposed,",
			"byte-swapped, to the schedule ring; then the state back.")
		off := GP64()
		for half := range 2 {
			for i, r := range st {
				MOVQ(k.offsets.Offset(8*i), off)
				VMOVDQU(Mem{Base: k.in, Index: off, Scale: 1, Disp: 32 * half}, r)
			}
			cols := transpose8(st, tmp)
			for c, r := range cols {
				VPSHUFB(k.bswap, r, r)
				VMOVDQU(r, w(8*half+c))
			}
		}
		for i, r := range st {
			VMOVDQU(k.saved.Offset(32*i), r)
		}
		x, s0, s1, sc := tmp[2], tmp[3], tmp[4], tmp[5]
		for t := range 64 {
			if t >= 16 {
				// W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16], in the
				// ring slot of W[t-16].
				VMOVDQU(w(t-15), x)
				rotXor(x, s0, sc, [2]int{7, 18}, 3, true)
				VMOVDQU(w(t-2), x)
				rotXor(x, s1, sc, [2]int{17, 19}, 10, true)
				VPADDD(w(t-16), s0, s0)
				VPADDD(w(t-7), s0, s0)
				VPADDD(s1, s0, s0)
				VMOVDQU(s0, w(t))
			}
			v = round(v, func(h, t0 VecPhysical) {
				VPADDD(w(t), h, h)
				VPBROADCASTD(k256Table.Offset(4*t), t0)
				VPADDD(t0, h, h)
			})
		}
	}, func(t int) {
		v = round(v, func(h, t0 VecPhysical) {
			VPBROADCASTD(Mem{Base: k.wk, Disp: 4 * t}, t0)
			VPADDD(t0, h, h)
		})
	})
	out := Load(Param("out"), GP64())
	rows := transpose8(st, tmp)
	for lane, r := range rows {
		if lane > 0 {
			CMPQ(k.lanes, U8(lane))
			JLE(LabelRef("x8_done"))
		}
		VMOVDQU(r, Mem{Base: out, Disp: 32 * lane})
	}
	Label("x8_done")
	VZEROUPPER()
	RET()
}
