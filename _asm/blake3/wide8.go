package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/hashkit/hashkit/_asm/internal/zmm"
)

// genWide8VL writes hashChunksAVX512VL: the 16-way kernel's code on YMM
// registers (AVX-512VL), for 1 to 8 chunks. The 16-way kernel costs the
// same for any number of lanes, and cores that split a ZMM operation over
// two 256-bit ports issue three YMM operations a cycle where they issue two
// ZMM ones, so a few chunks take less time here. The state v0..v15 is in
// Y0..Y15 and the message words in Y16..Y31; each row of a chunk's block
// is loaded as two halves and transposed in two groups of eight words.
func genWide8VL() {
	const lanesMax, stride, blocks = 8, chunkLen, 16
	Implement("hashChunksAVX512VL")
	Attributes(NOSPLIT)
	in := Load(Param("in"), GP64())
	lanes := Load(Param("lanes"), GP64())
	key := Load(Param("key"), GP64())
	Comment("Lanes at or above lanes load lane 0's input again and store nothing.")
	rowOffsets := AllocLocal(lanesMax * 8)
	off, zero := GP64(), GP64()
	XORQ(zero, zero)
	for i := range lanesMax {
		MOVQ(U32(i*stride), off)
		CMPQ(lanes, U8(i))
		CMOVQLE(zero, off)
		MOVQ(off, rowOffsets.Offset(8*i))
	}
	flags := Load(Param("flags"), GP32())
	ys := []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15,
		Y16, Y17, Y18, Y19, Y20, Y21, Y22, Y23, Y24, Y25, Y26, Y27, Y28, Y29, Y30, Y31}
	var v [16]VecPhysical
	copy(v[:], ys[:16])
	counters := AllocLocal(64) // per-lane counter low words, then high words
	Comment("The per-lane counters: counter+i.")
	storeLaneCounters(ys[16:21], counters, 32)
	Comment("The chaining values start as the key.")
	for i := range 8 {
		VPBROADCASTD(Mem{Base: key, Disp: 4 * i}, v[i])
	}
	blockFlags := GP32()
	remaining := GP64()
	MOVL(flags, blockFlags)
	ORL(U32(flagChunkStart), blockFlags)
	MOVQ(U32(blocks), remaining)
	Label("vl8block")
	CMPQ(remaining, U8(1))
	JNE(LabelRef("vl8notLast"))
	ORL(U32(flagChunkEnd), blockFlags)
	Label("vl8notLast")
	msg := loadMessage8(func(i int) Mem {
		MOVQ(rowOffsets.Offset(8*i), off)
		return Mem{Base: in, Index: off, Scale: 1}
	}, ys)
	high := ys[16:]
	compressLanes(&v, msg, counters, 32, blockFlags)
	MOVL(flags, blockFlags)
	ADDQ(U32(64), in)
	DECQ(remaining)
	JNZ(LabelRef("vl8block"))
	Comment("Transpose the chaining values to one 32-byte row per lane.")
	out := Load(Param("out"), GP64())
	zmm.StoreLanes8(v[:8], high, lanes, out, "hashChunksAVX512VLDone")
	VZEROUPPER()
	RET()
}

// loadMessage8 loads the 16 message words of each of eight lanes, lane i's
// from the address row(i) returns, as two rows of eight, and transposes
// each group of eight rows: word c of every lane ends up in the register
// returned at index c, among ys[16:] (ys[8:16], the state registers
// v8..v15, serve as scratch).
func loadMessage8(row func(i int) Mem, ys []VecPhysical) []VecPhysical {
	Comment("Load each lane's 16 message words as two rows of eight and transpose",
		"each group of eight rows; Y8..Y15 serve as scratch.")
	high := ys[16:]
	for i := range 8 {
		m := row(i)
		VMOVDQU32(m, high[i])
		m.Disp += 32
		VMOVDQU32(m, high[8+i])
	}
	// The first group's words may sit in the scratch registers, which the
	// second group's transposition needs again: they move to those of
	// Y16..Y23 that it left free.
	words := outOfScratch(zmm.TransposeRows8(high[:8], ys[8:16]), high[:8])
	return append(words, outOfScratch(zmm.TransposeRows8(high[8:], ys[8:16]), high[8:])...)
}
