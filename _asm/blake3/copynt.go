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
	Implement(name)
	Attributes(NOSPLIT)
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	n := Load(Param("n"), GP64())
	TESTQ(n, n)
	JZ(LabelRef(name + "Fence"))
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
