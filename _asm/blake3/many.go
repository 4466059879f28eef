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
func genMany16() { genMany(16) }

// genManyVL8 writes hashManyAVX512VL, genMany16's kernel for 1 to 8 lanes
// on YMM registers (see genWide8VL).
func genManyVL8() { genMany(8) }

func genMany(width int) {
	name, pre := "hashManyAVX512", "many"
	regs := []VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15,
		Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}
	if width == 8 {
		name, pre = "hashManyAVX512VL", "many8"
		regs = []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15,
			Y16, Y17, Y18, Y19, Y20, Y21, Y22, Y23, Y24, Y25, Y26, Y27, Y28, Y29, Y30, Y31}
	}
	Implement(name)
	Attributes(NOSPLIT)
	lanes := Load(Param("lanes"), GP64())
	Comment("Lanes at or above lanes read lane 0's input again and store nothing.")
	offsets := AllocLocal(2 * 16 * 8) // the whole blocks' row offsets, then the last block's
	for t, name := range []string{"stride", "lastStride"} {
		zmm.LaneOffsets(lanes, Load(Param(name), GP64()), offsets.Offset(128*t))
	}
	var v [16]VecPhysical
	copy(v[:], regs[:16])
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

	manyBlockTop(pre+"_", remaining, base, table, blockLen, blockFlags, offsets, func() {})

	off := GP64()
	row := func(i int) Mem {
		MOVQ(Mem{Base: table, Disp: 8 * i}, off)
		return Mem{Base: base, Index: off, Scale: 1}
	}
	var msg []VecPhysical
	if width == 16 {
		msg = loadMessage16(row, nil)
	} else {
		msg = loadMessage8(row, regs)
	}
	Comment("The rest of the state: IV, counter 0, block length, flags.")
	genIV()
	for i := range 4 {
		VPBROADCASTD(ivData.Offset(4*i), v[8+i])
	}
	VPXORD(v[12], v[12], v[12])
	VPXORD(v[13], v[13], v[13])
	VPBROADCASTD(blockLen.As32(), v[14])
	VPBROADCASTD(blockFlags, v[15])
	rounds16(&v, ops(msg), nil)
	Comment("The new chaining values (for the last block, the hashes).")
	for i := range 8 {
		VPXORD(v[i+8], v[i], v[i])
	}
	nextBlock(flags, blockFlags, base, nil, remaining, pre+"_block")
	storeCVs(&v, regs, lanes, pre+"_done")
	VZEROUPPER()
	RET()
}

// nextBlock ends a block loop: the blocks after the first take flags
// without CHUNK_START (blockFlags = flags), in and, where not nil, dst
// move on by a block, and one more turn from label while remaining, less
// this block, is not zero.
func nextBlock(flags, blockFlags, in, dst, remaining Register, label string) {
	MOVL(flags, blockFlags)
	if dst != nil {
		ADDQ(U32(64), dst)
	}
	ADDQ(U32(64), in)
	DECQ(remaining)
	JNZ(LabelRef(label))
}

// manyBlockTop emits the top of a batch kernel's block loop, labelled
// pre+"block": before the last block's turn (remaining 1) it points base and
// table at the last block and its row offsets (offsets+128), loads its
// length into blockLen, adds CHUNK_END and ROOT to blockFlags and runs last.
func manyBlockTop(pre string, remaining, base, table, blockLen, blockFlags Register, offsets Mem, last func()) {
	Label(pre + "block")
	CMPQ(remaining, U8(1))
	JNE(LabelRef(pre + "notLast"))
	Comment("The last block: its own address, length and flags.")
	Load(Param("last"), base)
	LEAQ(offsets.Offset(128), table)
	Load(Param("lastLen"), blockLen)
	ORL(U32(flagChunkEnd|flagRoot), blockFlags)
	last()
	Label(pre + "notLast")
}
