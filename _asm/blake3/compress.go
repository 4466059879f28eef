package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The single-block compression function with the state as four rows of
// four words in XMM registers: the column step works on the rows as they
// are, the diagonal step after rotating rows 1 to 3 by one, two and three
// words (the layout of the BLAKE2 and BLAKE3 SSE implementations).

// roundIndexes holds, for each round, the VPERMD indexes that gather the
// message words of the round from the original block in the order the row
// layout consumes them: column x words, column y words, diagonal x, diagonal y.
var roundIndexes Mem

func genRoundIndexes() {
	if roundIndexes.Symbol.Name != "" {
		return
	}
	roundIndexes = GLOBL("blake3RoundIndexes", RODATA|NOPTR)
	for r := range 7 {
		s := schedule[r]
		order := []int{0, 2, 4, 6, 1, 3, 5, 7, 8, 10, 12, 14, 9, 11, 13, 15}
		for i, o := range order {
			DATA(64*r+4*i, U32(s[o]))
		}
	}
}

var ivData Mem

func genIV() {
	if ivData.Symbol.Name != "" {
		return
	}
	ivData = GLOBL("blake3IV", RODATA|NOPTR)
	for i, w := range iv {
		DATA(4*i, U32(w))
	}
}

// gRows is G on the four rows, x and y holding the four message words of
// each lane; rotations use VPRORD (AVX-512VL).
func gRows(a, b, c, d, x, y VecPhysical) {
	VPADDD(x, a, a)
	VPADDD(b, a, a)
	VPXORD(a, d, d)
	VPRORD(U8(16), d, d)
	VPADDD(d, c, c)
	VPXORD(c, b, b)
	VPRORD(U8(12), b, b)
	VPADDD(y, a, a)
	VPADDD(b, a, a)
	VPXORD(a, d, d)
	VPRORD(U8(8), d, d)
	VPADDD(d, c, c)
	VPXORD(c, b, b)
	VPRORD(U8(7), b, b)
}

// genCompressAVX512 writes compressBlockAVX512 (out false: the new chaining
// value replaces cv) or compressOutAVX512 (out true: all 64 bytes of output).
func genCompressAVX512(out bool) {
	genRoundIndexes()
	genIV()
	name := "compressBlockAVX512"
	if out {
		name = "compressOutAVX512"
	}
	Implement(name)
	Attributes(NOSPLIT)
	cv := Load(Param("cv"), GP64())
	block := Load(Param("block"), GP64())
	ctr := Load(Param("counter"), GP64())
	blockLen := Load(Param("blockLen"), GP32())
	flags := Load(Param("flags"), GP32())
	row0, row1, row2, row3 := X0, X1, X2, X3
	cv0, cv1 := X4, X5
	mx0, my0, mx1, my1 := X16, X17, X18, X19
	idx, msg := Z20, Z21
	Comment("Rows: the chaining value, the IV, then counter, block length and flags.")
	VMOVDQU(Mem{Base: cv}, cv0)
	VMOVDQU(Mem{Base: cv, Disp: 16}, cv1)
	VMOVDQA(cv0, row0)
	VMOVDQA(cv1, row1)
	VMOVDQU(ivData, row2)
	VMOVQ(ctr, row3)
	VPINSRD(U8(2), blockLen, row3, row3)
	VPINSRD(U8(3), flags, row3, row3)
	for r := range 7 {
		Comment(fmt.Sprintf("Round %d: gather the round's message words with one VPERMD.", r))
		VMOVDQU32(roundIndexes.Offset(64*r), idx)
		VPERMD(Mem{Base: block}, idx, msg)
		VEXTRACTI32X4(U8(1), msg, my0)
		VEXTRACTI32X4(U8(2), msg, mx1)
		VEXTRACTI32X4(U8(3), msg, my1)
		gRows(row0, row1, row2, row3, X21, my0)
		Comment("Diagonalize.")
		VPSHUFD(U8(0x39), row1, row1)
		VPSHUFD(U8(0x4e), row2, row2)
		VPSHUFD(U8(0x93), row3, row3)
		gRows(row0, row1, row2, row3, mx1, my1)
		Comment("Undiagonalize.")
		VPSHUFD(U8(0x93), row1, row1)
		VPSHUFD(U8(0x4e), row2, row2)
		VPSHUFD(U8(0x39), row3, row3)
	}
	_ = mx0
	Comment("Feed forward.")
	VPXORD(row2, row0, row0)
	VPXORD(row3, row1, row1)
	if out {
		VPXORD(cv0, row2, row2)
		VPXORD(cv1, row3, row3)
		o := Load(Param("out"), GP64())
		VMOVDQU(row0, Mem{Base: o})
		VMOVDQU(row1, Mem{Base: o, Disp: 16})
		VMOVDQU(row2, Mem{Base: o, Disp: 32})
		VMOVDQU(row3, Mem{Base: o, Disp: 48})
	} else {
		VMOVDQU(row0, Mem{Base: cv})
		VMOVDQU(row1, Mem{Base: cv, Disp: 16})
	}
	VZEROUPPER()
	RET()
}
