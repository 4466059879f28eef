package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// genCopyNT writes copyNTAVX512 (zmm) or copyNTAVX2: n bytes (a multiple of
// 64) from src to dst (64-byte aligned) a line at a time, read by ordinary
// loads and written by non-temporal stores, which go to memory without
// reading the lines first; if fence, an SFENCE then orders all of them
// before the stores that follow (one per batch of copies: each drains the
// write-combining buffers).
func genCopyNT(zmm bool) {
	name, regs := "copyNTAVX2", []VecPhysical{Y0, Y1}
	if zmm {
		name, regs = "copyNTAVX512", []VecPhysical{Z0}
	}
	dst, src, n := copyNTStart(name)
	Label(name + "Loop")
	w := 64 / len(regs)
	for i, r := range regs {
		if zmm {
			VMOVDQU64(Mem{Base: src, Disp: i * w}, r)
		} else {
			VMOVDQU(Mem{Base: src, Disp: i * w}, r)
		}
	}
	for i, r := range regs {
		VMOVNTDQ(r, Mem{Base: dst, Disp: i * w})
	}
	copyNTEnd(name, dst, src, n)
}

// copyNTStart begins a copyNT kernel called name: its arguments, and a
// jump to the fence where n is 0.
func copyNTStart(name string) (dst, src, n Register) {
	Implement(name)
	Attributes(NOSPLIT)
	dst = Load(Param("dst"), GP64())
	src = Load(Param("src"), GP64())
	n = Load(Param("n"), GP64())
	TESTQ(n, n)
	JZ(LabelRef(name + "Fence"))
	return dst, src, n
}

// copyNTEnd ends the loop of a copyNT kernel called name, a line at a
// time from src to dst until n runs out, then issues the SFENCE if fence.
func copyNTEnd(name string, dst, src, n Register) {
	ADDQ(U8(64), src)
	ADDQ(U8(64), dst)
	SUBQ(U8(64), n)
	JNZ(LabelRef(name + "Loop"))
	Label(name + "Fence")
	fence := Load(Param("fence"), GP8())
	TESTB(fence, fence)
	JZ(LabelRef(name + "Done"))
	SFENCE()
	Label(name + "Done")
	VZEROUPPER()
	RET()
}

// genCopyNTShift writes copyNTShiftAVX512, copyNTAVX512 for a src that is
// not 64-byte aligned but is 8-byte aligned (shift = src's offset in its
// line / 8, 1 to 7): it reads src as the aligned lines it spans, and puts
// each line of dst together from two of them with VPERMI2Q, where
// copyNTAVX512's loads would each cross two lines. The lines read hold
// bytes of src, so they are mapped.
func genCopyNTShift() {
	lanes := GLOBL("copyNTLanes", RODATA|NOPTR)
	for i := range 8 {
		DATA(8*i, U64(i))
	}
	dst, src, n := copyNTStart("copyNTShiftAVX512")
	shift := Load(Param("shift"), GP64())
	Comment("Lane i of each line of dst is qword shift+i of the two lines of src it spans.")
	VPBROADCASTQ(shift, Z1)
	VPADDQ(lanes, Z1, Z1)
	ANDQ(I32(-64), src)
	VMOVDQA64(Mem{Base: src}, Z0)
	Label("copyNTShiftAVX512Loop")
	VMOVDQA64(Mem{Base: src, Disp: 64}, Z2)
	VMOVDQA64(Z1, Z3)
	VPERMI2Q(Z2, Z0, Z3)
	VMOVNTDQ(Z3, Mem{Base: dst})
	VMOVDQA64(Z2, Z0)
	copyNTEnd("copyNTShiftAVX512", dst, src, n)
}
