// Command blake1 generates the amd64 BLAKE-256 kernel of package blake1
// (blocks256SSE41): the 4x4 state in four XMM rows, the four G functions of
// each half-round computed side by side. Declaration:
// blake1/blocks_amd64.go.
package main

//go:generate go run . -out ../../blake1/blocks_amd64.s -pkg blake1

import (
	"encoding/binary"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/hashkit/hashkit/_asm/internal/asmutil"

	"github.com/hashkit/hashkit/_asm/internal/blake2tab"
	_ "github.com/hashkit/hashkit/blake1"
)

func main() {
	Package("github.com/hashkit/hashkit/blake1")
	ConstraintExpr("!purego")
	tables()
	gen256AVX512()
	gen256("blocks256SSE41", false)
	gen512AVX512()
	Generate()
}

var bswap, bswap64, rot16, rot8, consts, perms, c0, c4 Mem

// tables writes the read-only data both kernels use.
func tables() {
	bswap = data("blake256_bswap", []byte{3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12})
	rot16 = data("blake256_rot16", []byte{2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13})
	rot8 = data("blake256_rot8", []byte{1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12})
	ptab, ctab := sigmaTables(func(x uint64) []byte { return u32s(uint32(x)) }, func(i int) uint64 { return uint64(c256[i]) })
	consts = data("blake256_sigma_c", ctab)
	perms = data("blake256_sigma_idx", ptab)
	var b64 []byte
	for i := range 16 {
		b64 = append(b64, byte(4*i+3), byte(4*i+2), byte(4*i+1), byte(4*i))
	}
	for i := range b64 {
		b64[i] %= 16 // VPSHUFB indexes within each 128-bit lane
	}
	bswap64 = data("blake256_bswap64", b64)
	c0 = asmutil.GoVar("c256") // c0..c7 from the portable code's table
	c4 = c0.Offset(16)

}

// The constants c0..c15 of BLAKE-256, section 2.1.1; the permutations of
// section 2.1.2 are blake2tab.Sigma.
var c256 = [16]uint32{
	0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344, 0xa4093822, 0x299f31d0, 0x082efa98, 0xec4e6c89,
	0x452821e6, 0x38d01377, 0xbe5466cf, 0x34e90c6c, 0xc0ac29b7, 0xc97c50dd, 0x3f84d5b5, 0xb5470917,
}

var sigma = blake2tab.Sigma

// lanes lists, for each of the four message vectors of a round, which
// entries of the round's word sequence mc[i] = m[σ(i)] ^ c[σ(i^1)] its
// lanes hold: the first and second additions of the column step, then of
// the diagonal step.
var lanes = [4][4]int{{0, 2, 4, 6}, {1, 3, 5, 7}, {8, 10, 12, 14}, {9, 11, 13, 15}}

// sigmaTables returns the tables of the AVX-512 kernels for rounds 0..9,
// each word as word writes it, in the order the round reads them (lanes):
// the message index σ(i) (perm) and the constant c(σ(i^1)) XORed into it
// (consts).
func sigmaTables(word func(uint64) []byte, c func(int) uint64) (perm, consts []byte) {
	for r := range 10 {
		for _, l := range lanes {
			for _, i := range l {
				perm = append(perm, word(uint64(sigma[r][i]))...)
				consts = append(consts, word(c(sigma[r][i^1]))...)
			}
		}
	}
	return perm, consts
}

func u32s(v ...uint32) []byte {
	var b []byte
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, x)
	}
	return b
}

func data(name string, b []byte) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for i := 0; i < len(b); i += 4 {
		DATA(i, U32(binary.LittleEndian.Uint32(b[i:])))
	}
	return m
}

// gen256 writes name(h *[8]uint32, s *[4]uint32, t *uint64, p []byte).
//
// Each round: the message words in the order the round reads them are
// gathered from a byte-swapped copy of the block on the stack into four
// vectors (PINSRD, SSE4.1) and XORed with the matching constants c[σ(i^1)]
// from a table; then the column step on
// the rows (v0..v3), (v4..v7), (v8..v11), (v12..v15), a rotation of rows 1-3
// by one, two and three lanes, the diagonal step, and the rotation back.
// Rotations by 16 and 8 are byte shuffles; by 12 and 7, shifts. With
// avx512, every rotation is one VPRORD (AVX-512F with VL, on XMM).
func gen256(name string, avx512 bool) {
	Implement(name)
	Attributes(NOSPLIT)
	msg := AllocLocal(64)

	b := loadParams(name, 6, "t")
	hp, sp, p, t := b.hp, b.sp, b.p, b.t[0]

	row := [4]VecVirtual{XMM(), XMM(), XMM(), XMM()}
	m0, m1, tmp := XMM(), XMM(), XMM()
	mask16, mask8 := XMM(), XMM()
	if !avx512 {
		MOVOU(rot16, mask16)
		MOVOU(rot8, mask8)
	}
	w := [1]GPVirtual{GP32()}

	rotr := func(x VecVirtual, k uint64) {
		if avx512 {
			VPRORD(Imm(k), x, x)
			return
		}
		switch k {
		case 16:
			PSHUFB(mask16, x)
		case 8:
			PSHUFB(mask8, x)
		default:
			MOVO(x, tmp)
			PSRLL(Imm(k), x)
			PSLLL(Imm(32-k), tmp)
			POR(tmp, x)
		}
	}
	// g runs G on the four columns: mA and mB are the words of the first
	// and second additions.
	g := func(mA, mB VecVirtual) {
		a, b, c, d := row[0], row[1], row[2], row[3]
		PADDL(mA, a)
		PADDL(b, a)
		PXOR(a, d)
		rotr(d, 16)
		PADDL(d, c)
		PXOR(c, b)
		rotr(b, 12)
		PADDL(mB, a)
		PADDL(b, a)
		PXOR(a, d)
		rotr(d, 8)
		PADDL(d, c)
		PXOR(c, b)
		rotr(b, 7)
	}

	Label(name + "_loop")
	Comment("Message words, big-endian in the block, to native order on the stack.")
	for i := range 4 {
		MOVOU(Mem{Base: p, Disp: 16 * i}, m0)
		PSHUFB(bswap, m0)
		MOVOU(m0, msg.Offset(16*i))
	}
	Comment("v0..v7 = h, v8..v11 = s ^ c0..c3, v12..v15 = (t0, t0, t1, t1) ^ c4..c7.")
	ADDQ(U32(512), t)
	MOVOU(Mem{Base: hp}, row[0])
	MOVOU(Mem{Base: hp, Disp: 16}, row[1])
	MOVOU(Mem{Base: sp}, row[2])
	PXOR(c0, row[2])
	MOVQ(t, row[3])
	PSHUFD(Imm(0x50), row[3], row[3])
	PXOR(c4, row[3])

	for r := range 14 {
		sg := sigma[r%10]
		Comment("Round " + itoa(r) + ": m[σ(i)] in the order the round reads them.")
		// gather builds message vector v: one MOVD and three PINSRD from
		// the byte-swapped block. (Scalar stores followed by a 16-byte load
		// would stall on store forwarding.)
		gather := func(v int, x VecVirtual) {
			for j, i := range lanes[v] {
				if j == 0 {
					MOVL(msg.Offset(4*sg[i]), w[0])
					MOVD(w[0], x)
				} else {
					PINSRD(Imm(uint64(j)), msg.Offset(4*sg[i]), x)
				}
			}
			PXOR(consts.Offset(64*(r%10)+16*v), x)
		}
		for step, shuffles := range diagonalize {
			gather(2*step, m0)
			gather(2*step+1, m1)
			g(m0, m1)
			for i, imm := range shuffles {
				PSHUFD(Imm(imm), row[1+i], row[1+i])
			}
		}
	}
	Comment("h_i ^= s_(i mod 4) ^ v_i ^ v_(i+8).")
	MOVOU(Mem{Base: sp}, m0)
	PXOR(row[2], row[0])
	PXOR(row[3], row[1])
	PXOR(m0, row[0])
	PXOR(m0, row[1])
	MOVOU(Mem{Base: hp}, m1)
	PXOR(m1, row[0])
	MOVOU(Mem{Base: hp, Disp: 16}, m1)
	PXOR(m1, row[1])
	MOVOU(row[0], Mem{Base: hp})
	MOVOU(row[1], Mem{Base: hp, Disp: 16})

	b.next(Imm(64))
	Label(name + "_done")
	RET()
}

// blockParams holds the parameters every kernel here loads: the chain
// value h, the salt s, the counter (the words t, or tlo and thi, behind
// the pointers tp) and the whole blocks of p, up to end. label names the
// block loop: label+"_loop", and label+"_done" after it.
type blockParams struct {
	hp, sp, p, end Register
	tp, t          []Register
	label          string
}

// loadParams loads h, s, the counter pointers named by counters, p's whole blocks of
// 1<<shift bytes (none: to label+"_done") and the counter words.
func loadParams(label string, shift uint64, counters ...string) blockParams {
	b := blockParams{label: label}
	b.hp = Load(Param("h"), GP64())
	b.sp = Load(Param("s"), GP64())
	for _, c := range counters {
		b.tp = append(b.tp, Load(Param(c), GP64()))
	}
	b.p, b.end = asmutil.WholeBlocks("p", shift, label+"_done")
	for range b.tp {
		b.t = append(b.t, GP64())
	}
	for i, t := range b.t {
		MOVQ(Mem{Base: b.tp[i]}, t)
	}
	return b
}

// next ends the block loop: p += step and loop again while p != end;
// after the last block, the counter words go back to memory.
func (b blockParams) next(step Op) {
	ADDQ(step, b.p)
	CMPQ(b.p, b.end)
	JNE(LabelRef(b.label + "_loop"))
	for i, t := range b.t {
		MOVQ(t, Mem{Base: b.tp[i]})
	}
}

// diagonalize lists, for the column and the diagonal step of a round, the
// PSHUFD (or VPSHUFD, VPERMQ) immediates that rotate rows 1-3 after it:
// by one, two and three words so that the diagonals become columns, then
// back.
var diagonalize = [2][3]uint64{{0x39, 0x4e, 0x93}, {0x93, 0x4e, 0x39}}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return string(rune('0'+i/10)) + string(rune('0'+i%10))
}

// gen256AVX512 writes blocks256AVX512(h *[8]uint32, s *[4]uint32, t *uint64,
// p []byte): as gen256, but the whole byte-swapped block sits in one ZMM
// register, each round's message words come from one VPERMD (by an index
// table of σ in the order the round reads them) and one VPXORD with the
// constants, and every rotation is one VPRORD. Everything is VEX or EVEX
// encoded, so there are no SSE/AVX transitions. Requires AVX-512F, VL, BW.
func gen256AVX512() {
	Implement("blocks256AVX512")
	Attributes(NOSPLIT)
	AllocLocal(0)

	b := loadParams("avx512", 6, "t")
	t := b.t[0]

	row := [4]VecVirtual{XMM(), XMM(), XMM(), XMM()}
	msg, words, idx, mask := ZMM(), ZMM(), ZMM(), ZMM()
	m := [4]VecVirtual{XMM(), XMM(), XMM(), XMM()}

	l := lanes32
	l.open(b, bswap64, mask, msg)
	ADDQ(U32(512), t)
	l.load(row, b.hp, b.sp, c0)
	VMOVQ(t, row[3])
	VPSHUFD(Imm(0x50), row[3], row[3])
	VPXORD(c4, row[3], row[3])
	l.rounds(14, row, m, func(s int) {
		VMOVDQU32(perms.Offset(64*s), idx)
		VPERMD(msg, idx, words)
		VPXORD(consts.Offset(64*s), words, words)
		VMOVDQA32(words.AsX(), m[0])
		for v := 1; v < 4; v++ {
			VEXTRACTI32X4(Imm(uint64(v)), words, m[v])
		}
	})
	l.finalize(row, b.hp, b.sp, m[0])

	b.next(Imm(64))
	VZEROUPPER()
	Label("avx512_done")
	RET()
}

// avx512Lanes holds what the BLAKE-256 and BLAKE-512 AVX-512 kernels differ
// in: 32- or 64-bit lane instructions, the rotation counts of G
// (specification sections 2.1.2 and 2.2.1), the instruction that rotates a
// row by whole words, and the bytes in a row (four words).
type avx512Lanes struct {
	add, xor, ror, mov, shuffle func(...Op)
	rot                         [4]uint64
	rowBytes                    int
}

var (
	lanes32 = avx512Lanes{VPADDD, VPXORD, VPRORD, VMOVDQU32, VPSHUFD, [4]uint64{16, 12, 8, 7}, 16}
	lanes64 = avx512Lanes{VPADDQ, VPXORQ, VPRORQ, VMOVDQU64, VPERMQ, [4]uint64{32, 25, 16, 11}, 32}
)

// g runs G on the four columns of row: mA and mB are the words of the
// first and second additions.
func (l avx512Lanes) g(row [4]VecVirtual, mA, mB VecVirtual) {
	a, b, c, d := row[0], row[1], row[2], row[3]
	for k, m := range []VecVirtual{mA, mB} {
		l.add(m, a, a)
		l.add(b, a, a)
		l.xor(a, d, d)
		l.ror(Imm(l.rot[2*k]), d, d)
		l.add(d, c, c)
		l.xor(c, b, b)
		l.ror(Imm(l.rot[2*k+1]), b, b)
	}
}

// round runs G on the columns with m[0], m[1], rotates rows 1-3 so the
// diagonals become columns, runs G with m[2], m[3] and rotates back.
func (l avx512Lanes) round(row, m [4]VecVirtual) {
	for step, shuffles := range diagonalize {
		l.g(row, m[2*step], m[2*step+1])
		for i, imm := range shuffles {
			l.shuffle(Imm(imm), row[1+i], row[1+i])
		}
	}
}

// rounds writes n rounds; words(s) sets m to the message vectors of a
// round that uses permutation σ_s.
func (l avx512Lanes) rounds(n int, row, m [4]VecVirtual, words func(s int)) {
	for r := range n {
		Comment("Round " + itoa(r) + ".")
		words(r % 10)
		l.round(row, m)
	}
}

// open loads the byte-swap mask from table and opens the block loop of
// b: the block is loaded into blk, 64 bytes a register, and byte-swapped.
func (l avx512Lanes) open(b blockParams, table Mem, mask VecVirtual, blk ...VecVirtual) {
	l.mov(table, mask)
	Label(b.label + "_loop")
	for i, z := range blk {
		l.mov(Mem{Base: b.p, Disp: 64 * i}, z)
		VPSHUFB(mask, z, z)
	}
}

// load sets rows 0-2 of the state: v0..v7 = h, v8..v11 = s ^ c0..c3.
func (l avx512Lanes) load(row [4]VecVirtual, hp, sp Register, c0 Mem) {
	l.mov(Mem{Base: hp}, row[0])
	l.mov(Mem{Base: hp, Disp: l.rowBytes}, row[1])
	l.mov(Mem{Base: sp}, row[2])
	l.xor(c0, row[2], row[2])
}

// finalize computes h_i ^= s_(i mod 4) ^ v_i ^ v_(i+8), with tmp as scratch.
func (l avx512Lanes) finalize(row [4]VecVirtual, hp, sp Register, tmp VecVirtual) {
	Comment("h_i ^= s_(i mod 4) ^ v_i ^ v_(i+8).")
	l.mov(Mem{Base: sp}, tmp)
	l.xor(row[2], row[0], row[0])
	l.xor(row[3], row[1], row[1])
	l.xor(tmp, row[0], row[0])
	l.xor(tmp, row[1], row[1])
	l.xor(Mem{Base: hp}, row[0], row[0])
	l.xor(Mem{Base: hp, Disp: l.rowBytes}, row[1], row[1])
	l.mov(row[0], Mem{Base: hp})
	l.mov(row[1], Mem{Base: hp, Disp: l.rowBytes})
}

// The BLAKE-512 constants, specification section 2.3.
var c512 = [16]uint64{
	0x243f6a8885a308d3, 0x13198a2e03707344, 0xa4093822299f31d0, 0x082efa98ec4e6c89,
	0x452821e638d01377, 0xbe5466cf34e90c6c, 0xc0ac29b7c97c50dd, 0x3f84d5b5b5470917,
	0x9216d5d98979fb1b, 0xd1310ba698dfb5ac, 0x2ffd72dbd01adfb7, 0xb8e1afed6a267e96,
	0xba7c9045f12c7f99, 0x24a19947b3916cf7, 0x0801f2e2858efc16, 0x636920d871574e69,
}

func u64s(v ...uint64) []byte {
	var b []byte
	for _, x := range v {
		b = binary.LittleEndian.AppendUint64(b, x)
	}
	return b
}

// gen512AVX512 writes blocks512AVX512(h *[8]uint64, s *[4]uint64, tlo,
// thi *uint64, p []byte): BLAKE-512 (16 rounds, rotations 32, 25, 16, 11,
// a 128-bit counter) with the state in four YMM rows. The byte-swapped
// 16-word block sits in two ZMM registers; each round's words come from two
// VPERMI2Q (one per half-round) and two VPXORQ with the constants; every
// rotation is one VPRORQ. Requires AVX-512F, VL, BW.
func gen512AVX512() {
	Implement("blocks512AVX512")
	Attributes(NOSPLIT)
	AllocLocal(0)

	ptab, ctab := sigmaTables(func(x uint64) []byte { return u64s(x) }, func(i int) uint64 { return c512[i] })
	perms := data("blake512_sigma_idx", ptab)
	consts := data("blake512_sigma_c", ctab)
	var bs []byte
	for i := range 64 {
		bs = append(bs, byte(i&^7+7-i&7)%16)
	}
	bswap := data("blake512_bswap", bs)
	c0 := asmutil.GoVar("c512")
	c4 := c0.Offset(32)

	b := loadParams("b512", 7, "tlo", "thi")
	tlo, thi := b.t[0], b.t[1]

	row := [4]VecVirtual{YMM(), YMM(), YMM(), YMM()}
	lo, hi, mask := ZMM(), ZMM(), ZMM()
	wa, wb := ZMM(), ZMM()
	m := [4]VecVirtual{YMM(), YMM(), YMM(), YMM()}

	l := lanes64
	l.open(b, bswap, mask, lo, hi)
	Comment("The 128-bit counter (thi, tlo) += 1024.")
	ADDQ(U32(1024), tlo)
	ADCQ(Imm(0), thi)
	l.load(row, b.hp, b.sp, c0)
	VMOVQ(tlo, row[3].AsX())
	VPINSRQ(Imm(1), thi, row[3].AsX(), row[3].AsX())
	VPERMQ(Imm(0x50), row[3], row[3])
	VPXORQ(c4, row[3], row[3])
	l.rounds(16, row, m, func(s int) {
		// Each half of the round's words, from both halves of the block.
		for half, w := range []VecVirtual{wa, wb} {
			VMOVDQU64(perms.Offset(128*s+64*half), w)
			VPERMI2Q(hi, lo, w)
			VPXORQ(consts.Offset(128*s+64*half), w, w)
		}
		VMOVDQA64(wa.AsY(), m[0])
		VEXTRACTI64X4(Imm(1), wa, m[1])
		VMOVDQA64(wb.AsY(), m[2])
		VEXTRACTI64X4(Imm(1), wb, m[3])
	})
	l.finalize(row, b.hp, b.sp, m[0])

	b.next(U32(128))
	VZEROUPPER()
	Label("b512_done")
	RET()
}
