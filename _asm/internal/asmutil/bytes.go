package asmutil

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// GPReg is a general-purpose register, virtual or physical.
type GPReg interface {
	Register
	GP
}

// byteIota is the table 0, 1, ..., 15, emitted once per generated file.
var byteIota *Mem

// LoadBytes emits the loads of the n bytes at p (n in a register, at most
// 16·len(dst)) into the XMM registers dst, dst[i] getting bytes 16i..16i+15
// and zeros past n. It never touches a page that holds none of the n bytes:
// a 16-byte chunk with no bytes in it is not loaded, a whole one is loaded
// as is, and a partial one by an AVX-512BW masked load, unless its 16 bytes
// would run into the next page; then it loads the 16 bytes that end with
// the message's last byte and moves them down with a zero-masked VPSHUFB.
// (A masked load does not fault on masked-off bytes, but one whose
// masked-off bytes lie in a page not yet mapped in is slow, and the bytes
// after a slice are often such a page.) label makes the labels
// unique; t1, t2 and t3 are scratch general-purpose registers, idx a
// scratch XMM register, k a scratch mask register.
func LoadBytes(label string, p, n Register, t1, t2, t3 GPReg, idx Register, k Register, dst []Register) {
	if byteIota == nil {
		m := Table64("byteIota", 0x0706050403020100, 0x0f0e0d0c0b0a0908)
		byteIota = &m
	}
	l := func(s string, i int) string { return fmt.Sprintf("%s_%s%d", label, s, i) }
	for i, x := range dst {
		VPXORQ(x, x, x)
		CMPQ(n, U32(16*i))
		JBE(LabelRef(l("next", i)))
		CMPQ(n, U32(16*i+16))
		JAE(LabelRef(l("whole", i)))
		// A partial chunk of t1 = n - 16i bytes at t2.
		LEAQ(Mem{Base: p, Disp: 16 * i}, t2)
		MOVQ(n, t1)
		if i > 0 {
			SUBQ(U32(16*i), t1)
		}
		MOVQ(I32(-1), t3)
		BZHIQ(t1, t3, t3)
		KMOVQ(t3, k)
		MOVL(t2.As32(), t3.As32())
		ANDL(U32(4095), t3.As32())
		CMPL(t3.As32(), U32(4096-16))
		JA(LabelRef(l("cross", i)))
		VMOVDQU8_Z(Mem{Base: t2}, k, x)
		JMP(LabelRef(l("next", i)))
		Label(l("cross", i))
		VMOVDQU(Mem{Base: t2, Index: t1, Scale: 1, Disp: -16}, x)
		MOVQ(U32(16), t3)
		SUBQ(t1, t3)
		VPBROADCASTB(t3.As32(), idx)
		VPADDB(*byteIota, idx, idx)
		VPSHUFB_Z(idx, x, k, x)
		JMP(LabelRef(l("next", i)))
		Label(l("whole", i))
		VMOVDQU(Mem{Base: p, Disp: 16 * i}, x)
		Label(l("next", i))
	}
}

// StoreBytes copies the n bytes at p (n in a register, at most size, a
// multiple of 16) to dst, zero-filled to size bytes, without AVX-512: it
// reads only the n bytes (a partial 16-byte chunk is put together from two
// overlapping 8-, 4- or 1-byte loads, shifted), and writes dst with 16-byte
// stores, the zeros first, so that 4- and 8-byte loads of dst are forwarded
// from one store. vex picks VEX encodings (for kernels that use YMM
// registers); otherwise it needs SSE4.1. label makes the labels unique; t1
// to t5 are scratch general-purpose registers other than CX, which is used
// too, and x a scratch XMM register.
func StoreBytes(label string, p, n, t1, t2, t3, t4, t5 GPReg, x VecPhysical, dst Mem, size int, vex bool) {
	l := func(s string) string { return label + "_" + s }
	load, store := func(m Mem) { MOVOU(m, x) }, func(m Mem) { MOVOU(x, m) }
	if vex {
		load, store = func(m Mem) { VMOVDQU(m, x) }, func(m Mem) { VMOVDQU(x, m) }
		VPXOR(x, x, x)
	} else {
		PXOR(x, x)
	}
	for i := 0; i < size; i += 16 {
		store(dst.Offset(i))
	}
	// Whole chunks: t2 runs over 0, 16, ... below t1 = n &^ 15.
	MOVQ(n, t1)
	ANDQ(I32(-16), t1)
	XORL(t2.As32(), t2.As32())
	Label(l("whole"))
	CMPQ(t2, t1)
	JAE(LabelRef(l("part")))
	load(Mem{Base: p, Index: t2, Scale: 1})
	store(dst.Idx(t2, 1))
	ADDQ(U32(16), t2)
	JMP(LabelRef(l("whole")))

	// The r = n & 15 bytes at q = p + t1: bytes 0..7 to t3, 8..15 to t4.
	Label(l("part"))
	MOVQ(n, t2)
	ANDQ(U32(15), t2)
	JZ(LabelRef(l("done")))
	q := t5
	LEAQ(Mem{Base: p, Index: t1, Scale: 1}, q)
	XORL(t4.As32(), t4.As32())
	partialChunk(l, q, t2, t3, t4)
	gpToXMM(t3, t4, x, vex)
	store(dst.Idx(t1, 1))
	Label(l("done"))
}

// LoadBytesSSE is LoadBytes for CPUs without AVX-512, in legacy SSE4.1
// (MOVOU, MOVQ, PINSRQ): the same n bytes at p into dst, zeros past n, and
// no byte outside [p, p+n) read. Whole 16-byte chunks are loaded as is; the
// partial one is put together in two general-purpose registers from
// overlapping 8-, 4- or 1-byte loads (as StoreBytes does) and moved in, so
// nothing goes through memory. With pad, the byte 0x80 follows the n bytes
// (n < 16·len(dst)), for a hash's padding. label makes the labels unique;
// t1, t2, lo and hi are scratch general-purpose registers other than CX,
// which is used too.
func LoadBytesSSE(label string, p, n Register, t1, t2, lo, hi GPReg, dst []Register, pad bool) {
	loadBytesGP(label, p, n, t1, t2, lo, hi, dst, pad, false)
}

// LoadBytesAVX is LoadBytesSSE (without the padding byte) in VEX
// encodings, for kernels written in AVX.
func LoadBytesAVX(label string, p, n Register, t1, t2, lo, hi GPReg, dst []Register) {
	loadBytesGP(label, p, n, t1, t2, lo, hi, dst, false, true)
}

func loadBytesGP(label string, p, n Register, t1, t2, lo, hi GPReg, dst []Register, pad, vex bool) {
	l := func(s string) string { return label + "_" + s }
	// The r = n & 15 bytes at q = p + n &^ 15, bytes 0..7 to lo, 8..15 to hi.
	XORL(lo.As32(), lo.As32())
	XORL(hi.As32(), hi.As32())
	r, q := t1, t2
	MOVQ(n, r)
	ANDQ(U32(15), r)
	JZ(LabelRef(l("have")))
	MOVQ(n, q)
	ANDQ(I32(-16), q)
	ADDQ(p, q)
	partialChunk(l, q, r, lo, hi)
	if pad {
		// 0x80 << 8(r mod 8) (the shift count is taken mod 64), ORed
		// into lo for r < 8 and into hi otherwise, without a branch.
		MOVL(r.As32(), ECX)
		SHLL(U8(3), ECX)
		MOVL(U32(0x80), q.As32())
		SHLQ(CL, q)
		XORL(ECX, ECX)
		CMPQ(r, U32(8))
		MOVQ(q, r)
		CMOVQCC(RCX, q) // r >= 8: none in lo
		CMOVQCS(RCX, r) // r < 8: none in hi
		ORQ(q, lo)
		ORQ(r, hi)
	}
	// Chunk i is whole below n &^ 15, the partial one (lo, hi) at it, and
	// zero above.
	for i, x := range dst {
		next := l(fmt.Sprint("next", i))
		if vex {
			VPXOR(x, x, x)
		} else {
			PXOR(x, x)
		}
		CMPQ(n, U32(16*i+16))
		JAE(LabelRef(l(fmt.Sprint("whole", i))))
		if i > 0 {
			CMPQ(n, U32(16*i))
			JB(LabelRef(next))
		}
		gpToXMM(lo, hi, x, vex)
		JMP(LabelRef(next))
		Label(l(fmt.Sprint("whole", i)))
		if vex {
			VMOVDQU(Mem{Base: p, Disp: 16 * i}, x)
		} else {
			MOVOU(Mem{Base: p, Disp: 16 * i}, x)
		}
		Label(next)
	}
}

// gpToXMM sets x to lo (bytes 0..7) and hi (bytes 8..15), in VEX encodings
// if vex.
func gpToXMM(lo, hi GPReg, x Register, vex bool) {
	if vex {
		VMOVQ(lo, x)
		VPINSRQ(U8(1), hi, x, x)
	} else {
		MOVQ(lo, x)
		PINSRQ(U8(1), hi, x)
	}
}

// partialChunk puts the r bytes at q (1 <= r <= 15, r in a register) into
// lo (bytes 0..7) and hi (bytes 8..15), hi zeroed by the caller, reading
// only those bytes: two overlapping 8-, 4- or 1-byte loads, the second
// shifted into place. It uses CX; l makes the labels, the last of which is
// l("have"), where lo and hi are ready.
func partialChunk(l func(string) string, q, r, lo, hi GPReg) {
	end := func(disp int) Mem { return Mem{Base: q, Index: r, Scale: 1, Disp: disp} } // q + r + disp
	CMPQ(r, U32(8))
	JB(LabelRef(l("lt8")))
	// 8 <= r < 16: bytes 0..7, and the 8 ending at r moved down by 16-r
	// bytes; none for r = 8 (x86 would take the shift by 64 as 0).
	MOVQ(Mem{Base: q}, lo)
	JE(LabelRef(l("have")))
	MOVQ(end(-8), hi)
	MOVL(U32(16), ECX)
	SUBL(r.As32(), ECX)
	SHLL(U8(3), ECX)
	SHRQ(CL, hi)
	JMP(LabelRef(l("have")))
	Label(l("lt8"))
	MOVQ(r, RCX)
	CMPQ(r, U32(4))
	JB(LabelRef(l("lt4")))
	// 4 <= r < 8: bytes 0..3, and the 4 ending at r moved up to r-4.
	MOVL(end(-4), lo.As32())
	SUBL(U8(4), ECX)
	SHLL(U8(3), ECX)
	SHLQ(CL, lo)
	MOVL(Mem{Base: q}, ECX)
	ORQ(RCX, lo)
	JMP(LabelRef(l("have")))
	Label(l("lt4"))
	// 1 <= r < 4: the last byte to r-1, byte r/2 to r/2, byte 0 to 0.
	MOVBLZX(end(-1), lo.As32())
	DECL(ECX)
	SHLL(U8(3), ECX)
	SHLQ(CL, lo)
	MOVL(r.As32(), ECX)
	SHRL(U8(1), ECX)
	MOVBLZX(Mem{Base: q, Index: RCX, Scale: 1}, hi.As32())
	SHLL(U8(3), ECX)
	SHLQ(CL, hi)
	ORQ(hi, lo)
	MOVBLZX(Mem{Base: q}, hi.As32())
	ORQ(hi, lo)
	XORL(hi.As32(), hi.As32())
	Label(l("have"))
}
