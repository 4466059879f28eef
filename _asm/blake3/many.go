package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/hashkit/hashkit/_asm/internal/zmm"
)

// genMany16 writes hashManyAVX512(in *byte, stride, blocks int, last *byte,
// lastStride, lastLen, lanes int, key *[8]uint32, flags uint32, out *byte):
// the root hashes of lanes (1 to 16) inputs of at most one chunk each,
// every one a chunk of its own with counter 0 (the batch functions). Input
// i is blocks whole blocks at in+i*stride followed by a last block of
// lastLen bytes (zero-padded to 64) at last+i*lastStride, so that the
// caller can point last into the input when lastLen is 64 and at a padded
// copy otherwise. The first block has CHUNK_START, the last CHUNK_END and
// ROOT, all of them flags; the 32-byte hashes go to out+32*i.
//
// The lanes are laid out as in hashChunksAVX512 (lane i of every ZMM
// register is input i), the same loop with the last block's address,
// length and flags switched in before its turn.
func genMany16() {
	Implement("hashManyAVX512")
	Attributes(NOSPLIT)
	lanes := Load(Param("lanes"), GP64())
	Comment("Lanes at or above lanes read lane 0's input again and store nothing.")
	offsets := AllocLocal(2 * 16 * 8) // the whole blocks' row offsets, then the last block's
	for t, name := range []string{"stride", "lastStride"} {
		zmm.LaneOffsets(lanes, Load(Param(name), GP64()), offsets.Offset(128*t))
	}
	var v [16]VecPhysical
	for i := range v {
		v[i] = []VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15}[i]
	}
	key := Load(Param("key"), GP64())
	Comment("The chaining values start as the key.")
	for i := range 8 {
		VPBROADCASTD(Mem{Base: key, Disp: 4 * i}, v[i])
	}
	flags := Load(Param("flags"), GP32())
	blockFlags, blockLen := GP32(), GP64()
	MOVL(flags, blockFlags)
	ORL(U32(flagChunkStart), blockFlags)
	MOVQ(U32(64), blockLen)
	base, table := GP64(), GP64()
	Load(Param("in"), base)
	LEAQ(offsets, table)
	remaining := Load(Param("blocks"), GP64())
	INCQ(remaining) // the last block too

	Label("many_block")
	CMPQ(remaining, U8(1))
	JNE(LabelRef("many_notLast"))
	Comment("The last block: its own address, length and flags.")
	Load(Param("last"), base)
	LEAQ(offsets.Offset(128), table)
	Load(Param("lastLen"), blockLen)
	ORL(U32(flagChunkEnd|flagRoot), blockFlags)
	Label("many_notLast")

	off := GP64()
	msg := loadMessage16(func(i int) Mem {
		MOVQ(Mem{Base: table, Disp: 8 * i}, off)
		return Mem{Base: base, Index: off, Scale: 1}
	})
	Comment("The rest of the state: IV, counter 0, block length, flags.")
	genIV()
	for i := range 4 {
		VPBROADCASTD(ivData.Offset(4*i), v[8+i])
	}
	VPXORD(v[12], v[12], v[12])
	VPXORD(v[13], v[13], v[13])
	VPBROADCASTD(blockLen.As32(), v[14])
	VPBROADCASTD(blockFlags, v[15])
	rounds16(&v, msg)
	Comment("The new chaining values (for the last block, the hashes).")
	for i := range 8 {
		VPXORD(v[i+8], v[i], v[i])
	}
	MOVL(flags, blockFlags)
	ADDQ(U32(64), base)
	DECQ(remaining)
	JNZ(LabelRef("many_block"))
	storeCVs16(&v, lanes, "many_done")
	VZEROUPPER()
	RET()
}
