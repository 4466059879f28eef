package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/hashkit/hashkit/_asm/internal/asmutil"
)

var k512Table, bswap64Mask Mem

// sha512Data defines the tables of the SHA-512 kernels, once, for the
// first generator that needs them.
func sha512Data() {
	if k512Table.Symbol.Name != "" {
		return
	}
	k512Table = asmutil.GoVar("k512")
	bswap64Mask = asmutil.Table64("bswap64Mask", 0x0001020304050607, 0x08090a0b0c0d0e0f)
}

// genSHA512 writes block512AVX512 (avx512: the message schedule's rotations
// and three-way XORs with AVX-512VL's VPRORQ and VPTERNLOGQ) or block512AVX2
// (the same with shifts and VPXOR). The schedule (FIPS 180-4 section 6.4.2
// step 1) is computed two words at a time in XMM registers, interleaved with
// the scalar rounds, and stored with K added in a 640-byte stack area that
// the rounds read; the chaining value between blocks stays in the frame
// (see loadState). With lean, block512AVX512Lean: block512AVX512 with the
// lean rounds (see scalarRounds).
func genSHA512(avx512, lean bool) {
	sha512Data()
	name := "block512AVX2"
	switch {
	case lean:
		name = "block512AVX512Lean"
	case avx512:
		name = "block512AVX512"
	}
	Implement(name)
	AllocLocal(80*8 + 64) // not NOSPLIT: a 704-byte frame gets the usual stack check
	wk := func(t int) Mem { return Mem{Base: StackPointer, Disp: 8 * t} }
	hc := Mem{Base: StackPointer, Disp: 640} // the chaining value between blocks (see loadState)
	label := func(s string) string { return fmt.Sprintf("%s_%s", name, s) }

	hp := Load(Param("h"), GP64())
	p, end := asmutil.WholeBlocks("p", 7, label("done"))

	sr := &sha512Rounds
	if lean {
		sr = &sha512Lean
	}
	st := sr.newState(hp, hc)

	var w [8]VecVirtual // w[i] holds W[2i], W[2i+1] of the sixteen newest words (mod 16)
	for i := range w {
		w[i] = XMM()
	}
	mask := XMM()
	VMOVDQU(bswap64Mask, mask)

	// ror sets dst = x rotated right by n, or x>>n where shift is set.
	xor3 := func(x, y, dst VecVirtual) { // dst ^= x ^ y
		if avx512 {
			VPTERNLOGQ(Imm(0x96), x, y, dst)
		} else {
			VPXOR(x, dst, dst)
			VPXOR(y, dst, dst)
		}
	}
	ror := func(n int, x, dst VecVirtual) {
		if avx512 {
			VPRORQ(Imm(uint64(n)), x, dst)
			return
		}
		tmp := XMM()
		VPSRLQ(Imm(uint64(n)), x, dst)
		VPSLLQ(Imm(uint64(64-n)), x, tmp)
		VPOR(tmp, dst, dst)
	}
	// sigma computes σ(x) = ROTR^r1(x) ^ ROTR^r2(x) ^ SHR^s(x).
	sigma := func(r1, r2, s int, x VecVirtual) VecVirtual {
		a, b, c := XMM(), XMM(), XMM()
		ror(r1, x, a)
		ror(r2, x, b)
		VPSRLQ(Imm(uint64(s)), x, c)
		xor3(a, b, c)
		return c
	}
	// step computes W[t], W[t+1] into w[(t/2)%8], which holds W[t-16],
	// W[t-15], and stores them with K added.
	step := func(t int) {
		slot := func(u int) VecVirtual { return w[(u/2)%8] }
		x := XMM()
		VPALIGNR(Imm(8), slot(t-16), slot(t-14), x) // W[t-15], W[t-14]
		s0 := sigma(1, 8, 7, x)
		y := XMM()
		VPALIGNR(Imm(8), slot(t-8), slot(t-6), y) // W[t-7], W[t-6]
		dst := slot(t)
		VPADDQ(y, dst, dst)
		VPADDQ(s0, dst, dst)
		s1 := sigma(19, 61, 6, slot(t-2))
		VPADDQ(s1, dst, dst)
		k := XMM()
		VPADDQ(k512Table.Offset(8*t), dst, k)
		VMOVDQU(k, wk(t))
	}

	Label(label("loop"))
	loadBlock512(p, w[:], mask, wk)
	sr.begin(st)
	for t := range 80 {
		if t%2 == 0 && t < 64 {
			step(t + 16)
		}
		sr.round(st, t, wk(t))
	}
	sr.end(st, hc, p, end, 128, label("loop"), label("done"))
}

// genSHA512YMM writes block512AVX2YMM, or block512AVX512YMM with the
// rotations and three-way XORs of AVX-512VL. It runs the rounds of
// block512AVX2 with a message schedule of four words per YMM register, so
// that σ0, the additions and the K and store steps cover four words per
// instruction; σ1 depends on the words two before, so it runs twice per
// group, on each half in XMM registers (whose VEX forms clear the upper
// half, which stands in for a mask). ROTR^8 of σ0 is one byte shuffle.
// Rounds 0 to 63 are a loop of sixteen and rounds 64 to 79 one of eight,
// which makes the kernel under a third of the unrolled one's size, so that
// it stays in the decoded-instruction cache when other code competes for
// it; the schedule of rounds t+16 to t+19 is computed before round t and
// stored, after round t+3 has read the slots, in a 16-word ring on the
// stack that the rounds read.
func genSHA512YMM(avx512 bool) {
	sha512Data()
	name := "block512AVX2YMM"
	if avx512 {
		name = "block512AVX512YMM"
	} else {
		ror8Mask512 = asmutil.Table64("ror8Mask512", 0x0007060504030201, 0x080f0e0d0c0b0a09)
	}
	Implement(name)
	AllocLocal(16*8 + 64 + 24)
	wk := func(t int) Mem { return Mem{Base: StackPointer, Disp: 8 * (t % 16)} }
	hc := Mem{Base: StackPointer, Disp: 128} // the chaining value between blocks (see loadState)
	endp := Mem{Base: StackPointer, Disp: 192}
	endk := Mem{Base: StackPointer, Disp: 200}
	endw := Mem{Base: StackPointer, Disp: 208}
	label := func(s string) string { return fmt.Sprintf("%s_%s", name, s) }

	hp := Load(Param("h"), GP64())
	p := Load(Param("p").Base(), GP64())
	n := Load(Param("p").Len(), GP64())
	SHRQ(Imm(7), n)
	JZ(LabelRef(label("done")))
	SHLQ(Imm(7), n)
	ADDQ(p, n)
	MOVQ(n, endp)
	LEAQ(k512Table.Offset(640), n)
	MOVQ(n, endk)
	LEAQ(hc, n)
	MOVQ(n, endw)

	sr := &sha512Rounds
	st := sr.newState(hp, hc)

	var w [4]VecVirtual // w[i] holds W[4i..4i+3] of the sixteen newest words (mod 16)
	for i := range w {
		w[i] = YMM()
	}
	bswap, rot8 := YMM(), YMM()
	VBROADCASTI128(bswap64Mask, bswap)
	if !avx512 {
		VBROADCASTI128(ror8Mask512, rot8)
	}

	// sigma returns ROTR^r1(x) ^ ROTR^r2(x) ^ SHR^sh(x) in a new YMM
	// register, or XMM where half is set (its VEX form clears the upper
	// half). Without AVX-512 a rotation is two shifts, whose bits never
	// overlap, so XOR joins them; ROTR^8 is one byte shuffle.
	sigma := func(r1, r2, sh int, x Op, half bool) VecVirtual {
		vec := YMM
		if half {
			vec = XMM
		}
		r, u := vec(), vec()
		if avx512 {
			v := vec()
			VPRORQ(Imm(uint64(r1)), x, r)
			VPRORQ(Imm(uint64(r2)), x, u)
			VPSRLQ(Imm(uint64(sh)), x, v)
			VPTERNLOGQ(Imm(0x96), u, v, r)
			return r
		}
		VPSRLQ(Imm(uint64(sh)), x, r)
		for _, n := range []int{r1, r2} {
			if n == 8 {
				VPSHUFB(rot8, x, u)
				VPXOR(u, r, r)
				continue
			}
			VPSRLQ(Imm(uint64(n)), x, u)
			VPXOR(u, r, r)
			VPSLLQ(Imm(uint64(64-n)), x, u)
			VPXOR(u, r, r)
		}
		return r
	}
	sigma0 := func(x Op) VecVirtual { return sigma(1, 8, 7, x, false) }
	sigma1 := func(x Op) VecVirtual { return sigma(19, 61, 6, x, true) } // of the low half
	// kp points at K[16] of this pass of the loop.
	kp := GP64()
	// step computes W[t..t+3] into w[(t/4)%4], which holds W[t-16..t-13],
	// and returns them with K added.
	step := func(t int) VecVirtual {
		slot := func(u int) VecVirtual { return w[(u/4)%4] }
		a, b, c, d := slot(t-16), slot(t-12), slot(t-8), slot(t-4)
		// W[t-15..t-12]: the lanes shifted by one word across the pair.
		x := YMM()
		VPERM2I128(Imm(0x21), b, a, x)
		VPALIGNR(Imm(8), a, x, x)
		// W[t-7..t-4].
		y := YMM()
		VPERM2I128(Imm(0x21), d, c, y)
		VPALIGNR(Imm(8), c, y, y)
		VPADDQ(y, a, a)
		VPADDQ(sigma0(x), a, a)
		// W[t], W[t+1] from σ1(W[t-2], W[t-1]).
		hi := XMM()
		VEXTRACTI128(Imm(1), d, hi)
		VPADDQ(sigma1(hi).AsY(), a, a)
		// W[t+2], W[t+3] from σ1(W[t], W[t+1]), moved to the upper half.
		s1 := sigma1(a.AsX())
		up := YMM()
		VPERM2I128(Imm(0x08), s1.AsY(), s1.AsY(), up)
		VPADDQ(up, a, a)
		k := YMM()
		VPADDQ(Mem{Base: kp, Disp: 8 * (t - 16)}, a, k)
		return k
	}

	Label(label("loop"))
	loadBlock512(p, w[:], bswap, wk)
	sr.begin(st)
	LEAQ(k512Table.Offset(128), kp)
	Label(label("rounds"))
	var k VecVirtual
	for t := range 16 {
		if t%4 == 0 {
			k = step(t + 16)
		}
		sr.round(st, t, wk(t))
		if t%4 == 3 {
			VMOVDQU(k, wk(t+13))
		}
	}
	ADDQ(Imm(128), kp)
	CMPQ(kp, endk)
	JNE(LabelRef(label("rounds")))
	// Rounds 64 to 79 read the ring through kp, two passes of eight.
	LEAQ(wk(0), kp)
	Label(label("last"))
	for t := 64; t < 72; t++ {
		sr.round(st, t, Mem{Base: kp, Disp: 8 * (t % 8)})
	}
	ADDQ(Imm(64), kp)
	CMPQ(kp, endw)
	JNE(LabelRef(label("last")))
	sr.end(st, hc, p, endp, 128, label("loop"), label("done"))
}

var ror8Mask512 Mem

// loadBlock512 loads W[0..15] of the block at p into the registers w (XMM
// or YMM, two or four words each) in big-endian order and stores them with
// K added at wk(0) to wk(15).
func loadBlock512(p Register, w []VecVirtual, bswap Op, wk func(int) Mem) {
	Comment("W[0..15] in big-endian order from the block, stored with K added.")
	size := 128 / len(w)
	for i, r := range w {
		VMOVDQU(Mem{Base: p, Disp: size * i}, r)
		VPSHUFB(bswap, r, r)
		k := XMM()
		if size == 32 {
			k = YMM()
		}
		VPADDQ(k512Table.Offset(size*i), r, k)
		VMOVDQU(k, wk(size/8*i))
	}
}
