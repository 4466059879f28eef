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
// (A masked load does not fault on masked-off bytes, but on Zen 5 one whose
// masked-off bytes lie in a page not yet mapped in costs about 120 ns: the
// bytes after a slice are often such a page.) label makes the labels
// unique; t1, t2 and t3 are scratch general-purpose registers, idx a
// scratch XMM register, k a scratch mask register.
func LoadBytes(label string, p, n Register, t1, t2, t3 GPReg, idx Register, k Register, dst []Register) {
	if byteIota == nil {
		m := GLOBL("byteIota", RODATA|NOPTR)
		DATA(0, U64(0x0706050403020100))
		DATA(8, U64(0x0f0e0d0c0b0a0908))
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
