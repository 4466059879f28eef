package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/hashkit/hashkit/_asm/internal/zmm"
)

// genOutput16 writes outputBlocksAVX512: up to 16 blocks of extended
// output at once. Every lane compresses the same root node with its own
// output block counter, so the message words are broadcasts and need no
// transposition; the 16 output words of each lane are transposed to a
// 64-byte row on the way out.
func genOutput16() {
	genIV()
	Implement("outputBlocksAVX512")
	Attributes(NOSPLIT)
	cv := Load(Param("cv"), GP64())
	block := Load(Param("block"), GP64())
	lanes := Load(Param("lanes"), GP64())
	var v [16]VecPhysical
	copy(v[:], []VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15})
	msg := []VecPhysical{Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}
	Comment("Per-lane output block counters: counter+i, carrying into the high word.")
	ctr := GP64()
	Load(Param("counter"), ctr)
	lo := GP32()
	MOVL(ctr.As32(), lo)
	VPBROADCASTD(lo, Z16)
	VPADDD(laneIndexes, Z16, v[12])
	SHRQ(U8(32), ctr)
	VPBROADCASTD(ctr.As32(), v[13])
	VPCMPUD(U8(1), Z16, v[12], K1)
	one := GP32()
	MOVL(U32(1), one)
	VPBROADCASTD(one, Z17)
	VPADDD_Z(Z17, v[13], K1, Z18)
	VPBLENDMD(Z18, v[13], K1, v[13])
	Comment("The rest of the state, and the message as broadcasts.")
	for i := range 8 {
		VPBROADCASTD(Mem{Base: cv, Disp: 4 * i}, v[i])
	}
	for i := range 4 {
		VPBROADCASTD(ivData.Offset(4*i), v[8+i])
	}
	bl := Load(Param("blockLen"), GP32())
	VPBROADCASTD(bl, v[14])
	fl := Load(Param("flags"), GP32())
	VPBROADCASTD(fl, v[15])
	for j := range 16 {
		VPBROADCASTD(Mem{Base: block, Disp: 4 * j}, msg[j])
	}
	rounds16(&v, ops(msg), nil)
	Comment("Output words: v[i]^v[i+8], then v[i+8]^cv[i].")
	for i := range 8 {
		VPXORD(v[i+8], v[i], v[i])
		VPXORD_BCST(Mem{Base: cv, Disp: 4 * i}, v[i+8], v[i+8])
	}
	Comment("Transpose to one 64-byte row per lane and store the lanes asked for.")
	pool := &zmm.RegPool{}
	for _, r := range msg {
		pool.Put(r)
	}
	// Register w holds word w of every lane: tagged (row w, col lane),
	// Transpose16 returns at index lane the register holding that lane's
	// 16 words in order.
	rows := make([]*zmm.Tracked, 16)
	for w := range rows {
		rows[w] = &zmm.Tracked{R: v[w]}
		for lane := range 16 {
			rows[w].E[lane] = zmm.Elem{Row: w, Col: lane}
		}
	}
	out := Load(Param("out"), GP64())
	for lane, t := range zmm.Transpose16(pool, rows) {
		if lane > 0 {
			CMPQ(lanes, U8(lane))
			JLE(LabelRef("outputDone"))
		}
		VMOVDQU32(t.R, Mem{Base: out, Disp: 64 * lane})
	}
	Label("outputDone")
	VZEROUPPER()
	RET()
}
