package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/hashkit/hashkit/_asm/internal/zmm"
)

// The 16-way AVX-512 kernel: lane i of every ZMM register belongs to input
// i (a chunk, or a pair of chaining values). The state v0..v15 lives in
// Z0..Z15 and the 16 message words of the current block in the other 16
// registers, so nothing is spilled; each block's message is loaded as one
// row per input and transposed in registers.

// g16 runs G on four columns (or diagonals) at once, interleaved; hook, if
// not nil, emits code after each half.
func g16(v *[16]VecPhysical, idx [4][4]int, mx, my [4]Op, hook func()) {
	// each emits op(src(i), x, x) for the four columns i, x being their
	// word w (0-3: a, b, c, d).
	each := func(op func(...Op), src func(i int) Op, w int) {
		for i := range 4 {
			x := v[idx[i][w]]
			op(src(i), x, x)
		}
	}
	word := func(w int) func(i int) Op { return func(i int) Op { return v[idx[i][w]] } }
	imm := func(n int) func(i int) Op { return func(int) Op { return U8(n) } }
	half := func(m func(i int) Op, r1, r2 int) {
		each(VPADDD, m, 0)       // a += m
		each(VPADDD, word(1), 0) // a += b
		each(VPXORD, word(0), 3) // d ^= a
		each(VPRORD, imm(r1), 3) // d >>>= r1
		each(VPADDD, word(3), 2) // c += d
		each(VPXORD, word(2), 1) // b ^= c
		each(VPRORD, imm(r2), 1) // b >>>= r2
		if hook != nil {
			hook()
		}
	}
	half(func(i int) Op { return mx[i] }, 16, 12)
	half(func(i int) Op { return my[i] }, 8, 7)
}

var (
	columns   = [4][4]int{{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15}}
	diagonals = [4][4]int{{0, 5, 10, 15}, {1, 6, 11, 12}, {2, 7, 8, 13}, {3, 4, 9, 14}}
)

// rounds16 runs the seven rounds, msg[i] holding message word i (a
// register, or memory); hook, if not nil, emits code after each half G.
func rounds16(v *[16]VecPhysical, msg []Op, hook func()) {
	for r := range 7 {
		Comment(fmt.Sprintf("Round %d.", r))
		s := schedule[r]
		m := func(is ...int) (o [4]Op) {
			for k, i := range is {
				o[k] = msg[s[i]]
			}
			return o
		}
		g16(v, columns, m(0, 2, 4, 6), m(1, 3, 5, 7), hook)
		g16(v, diagonals, m(8, 10, 12, 14), m(9, 11, 13, 15), hook)
	}
}

var laneIndexes Mem

// genWide16 writes hashChunksAVX512 (parents false) or hashParentsAVX512,
// for 1 to 16 lanes.
func genWide16(parents bool) { genWide(16, parents, false, noHints) }

// genWide16Copy writes hashChunksCopyAVX512: hashChunksAVX512 with the
// rows of each lane read at in plus the lane's entry of the table inOffs,
// and stored again, as loaded, at dst plus the lane's entry of dstOffs
// (the caller fills all 16 entries: lanes at or above lanes repeat lane
// 0's, which stores lane 0's bytes again). Copying a chunk costs four
// stores per block while the rounds keep the core busy, so a Bao encoder
// or decoder moves its leaves for about the cost of hashing them.
func genWide16Copy() { genWide(16, false, true, noHints) }

// genWide16CopyNT writes hashChunksCopyNTAVX512: hashChunksCopyAVX512 that
// also copies ntLines (at most ntSlots a block) 64-byte lines from ntSrc to
// ntDst (64-byte aligned) with non-temporal stores, and prefetches pfLines
// (at most pfSlots a block) lines from pf, each spread evenly between the
// half G rounds of each block while any are left. A Bao encoder writes out
// the last subtree it encoded and brings the next one's input into the
// cache while it hashes one: stores issued in bursts (between blocks, or
// after a subtree), or while the kernel's own loads wait for memory, stall
// the core, where these drain as the rounds run. Message word 15 is kept
// in memory to free the register the lines go through.
func genWide16CopyNT() { genWide(16, false, true, ntHints) }

// genWide16CopyPF writes hashChunksCopyPFAVX512: hashChunksCopyNTAVX512
// with the prefetches alone, for a core whose ordinary stores write memory
// as fast as non-temporal ones: a Bao encoder moves each subtree's leaves
// straight into the encoding and brings the place of the next one into the
// cache, so that the stores do not wait for the lines they fill.
func genWide16CopyPF() { genWide(16, false, true, pfHints) }

// hints says which cache work a copying kernel spreads between its rounds.
type hints int

const (
	noHints hints = iota
	ntHints       // non-temporal copies and prefetches
	pfHints       // prefetches only
)

// genWide8VL writes hashChunksAVX512VL: the 16-way kernel's code on YMM
// registers (AVX-512VL), for 1 to 8 chunks. The 16-way kernel costs the
// same for any number of lanes, and cores that split a ZMM operation over
// two 256-bit ports issue three YMM operations a cycle where they issue two
// ZMM ones, so a few chunks take less time here. Each row of a chunk's
// block is loaded as two halves and transposed in two groups of eight
// words (loadMessage8).
func genWide8VL() { genWide(8, false, false, noHints) }

// genWide writes the kernel of width lanes (16: ZMM registers, 8: YMM
// registers, chunks only); copying, the chunks kernel that also copies its
// rows (see genWide16Copy), with the cache work of hint (see
// genWide16CopyNT and genWide16CopyPF).
func genWide(width int, parents, copying bool, hint hints) {
	if laneIndexes.Symbol.Name == "" {
		laneIndexes = GLOBL("blake3LaneIndexes", RODATA|NOPTR)
		for i := range 16 {
			DATA(4*i, U32(i))
		}
	}
	name, stride, blocks := "hashChunksAVX512", chunkLen, 16
	if parents {
		name, stride, blocks = "hashParentsAVX512", 64, 1
	}
	regs := []VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15,
		Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}
	pre := ""
	if width == 8 {
		name, pre = "hashChunksAVX512VL", "vl8"
		regs = []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15,
			Y16, Y17, Y18, Y19, Y20, Y21, Y22, Y23, Y24, Y25, Y26, Y27, Y28, Y29, Y30, Y31}
	}
	if copying {
		name = "hashChunksCopyAVX512"
	}
	switch hint {
	case ntHints:
		name, pre = "hashChunksCopyNTAVX512", "nt"
	case pfHints:
		name, pre = "hashChunksCopyPFAVX512", "pf"
	}
	Implement(name)
	Attributes(NOSPLIT)
	in := Load(Param("in"), GP64())
	lanes := Load(Param("lanes"), GP64())
	key := Load(Param("key"), GP64())
	off := GP64()
	var rowOffsets, dstOffsets Mem
	var dst Register
	if copying {
		rowOffsets = Mem{Base: Load(Param("inOffs"), GP64())}
		dstOffsets = Mem{Base: Load(Param("dstOffs"), GP64())}
		dst = Load(Param("dst"), GP64())
	} else {
		Comment("Lanes at or above lanes load lane 0's input again and store",
			"nothing: masked loads and stores are slow where the masked-off rows",
			"lie past the input, in pages not yet mapped in.")
		rowOffsets = AllocLocal(width * 8)
		zero := GP64()
		XORQ(zero, zero)
		for i := range width {
			MOVQ(U32(i*stride), off)
			CMPQ(lanes, U8(i))
			CMOVQLE(zero, off)
			MOVQ(off, rowOffsets.Offset(8*i))
		}
	}
	var ntDst, ntSrc, ntLines, pfSrc, pfLines Register
	var spill Mem
	if hint == ntHints {
		ntDst = Load(Param("ntDst"), GP64())
		ntSrc = Load(Param("ntSrc"), GP64())
		ntLines = Load(Param("ntLines"), GP64())
		spill = AllocLocal(64)
	}
	if hint != noHints {
		pfSrc = Load(Param("pf"), GP64())
		pfLines = Load(Param("pfLines"), GP64())
	}
	flags := Load(Param("flags"), GP32())
	var v [16]VecPhysical
	copy(v[:], regs[:16])
	hiOff := 4 * width
	counters := AllocLocal(2 * hiOff) // per-lane counter low words, then high words
	Comment("The per-lane counters: counter+i for chunks, 0 for parents.")
	if parents {
		VPXORD(regs[16], regs[16], regs[16])
		VMOVDQU32(regs[16], counters)
		VMOVDQU32(regs[16], counters.Offset(hiOff))
	} else {
		storeLaneCounters(regs[16:21], counters, hiOff)
	}
	Comment("The chaining values start as the key.")
	for i := range 8 {
		VPBROADCASTD(Mem{Base: key, Disp: 4 * i}, v[i])
	}
	blockFlags := GP32()
	remaining := GP64()
	if parents {
		MOVL(flags, blockFlags)
		ORL(U32(flagParent), blockFlags)
	} else {
		MOVL(flags, blockFlags)
		ORL(U32(flagChunkStart), blockFlags)
		MOVQ(U32(blocks), remaining)
		Label(pre + "block")
		CMPQ(remaining, U8(1))
		JNE(LabelRef(pre + "notLast"))
		ORL(U32(flagChunkEnd), blockFlags)
		Label(pre + "notLast")
	}
	if !parents && width == 16 {
		Comment("Prefetch this block of each chunk of the next 16, which is where",
			"the caller's input continues: 16 interleaved streams are more than",
			"the hardware prefetchers follow well once the input is not cached.")
		for i := range 16 {
			PREFETCHT0(Mem{Base: in, Disp: 16*chunkLen + i*chunkLen})
		}
	}
	row := func(i int) Mem {
		MOVQ(rowOffsets.Offset(8*i), off)
		return Mem{Base: in, Index: off, Scale: 1}
	}
	var loaded func(i, disp int, r VecPhysical)
	if copying {
		Comment("Each row loaded is stored again at the lane's destination.")
		doff := GP64()
		loaded = func(i, disp int, r VecPhysical) {
			MOVQ(dstOffsets.Offset(8*i), doff)
			VMOVDQU32(r, Mem{Base: dst, Index: doff, Scale: 1, Disp: disp})
		}
	}
	var words []VecPhysical
	if width == 16 {
		Comment("Load one row of 16 message words per lane and transpose them.")
		words = loadMessage16(row, loaded)
	} else {
		words = loadMessage8(row, regs)
	}
	msg := ops(words)
	var hook func()
	switch hint {
	case ntHints:
		Comment("Message word 15 goes to memory: its register carries the lines copied.")
		VMOVDQU32(words[15], spill)
		msg[15] = spill
		hook = slotHook(words[15], ntDst, ntSrc, ntLines, pfSrc, pfLines)
	case pfHints:
		hook = slotHook(nil, nil, nil, nil, pfSrc, pfLines)
	}
	compressLanes(&v, msg, counters, hiOff, blockFlags, hook)
	if !parents {
		nextBlock(flags, blockFlags, in, dst, remaining, pre+"block")
	}
	storeCVs(&v, regs, lanes, name+"Done")
	VZEROUPPER()
	RET()
}

// loadMessage16 loads one row of 16 message words per lane, lane i's from
// the address row(i) returns (row may emit the code that computes it), and
// transposes them: word c of every lane ends up in the register returned at
// index c, none of them among the state registers Z0..Z15 (Z8..Z15 serve
// as scratch). loaded, if not nil, emits code after the loads for each
// row, given the lane, the row's offset in the block (0) and its register:
// stores after all the loads, so that no load waits for a store to an
// address that looks alike in its low 12 bits.
func loadMessage16(row func(i int) Mem, loaded func(i, disp int, r VecPhysical)) []VecPhysical {
	high := []VecPhysical{Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}
	for i, r := range high {
		VMOVDQU32(row(i), r)
	}
	if loaded != nil {
		for i, r := range high {
			loaded(i, 0, r)
		}
	}
	// The transposition may leave message words in state registers v8..v15
	// (its scratch space); they move to the high registers left free.
	return outOfScratch(zmm.TransposeRows(high, []VecPhysical{Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15}), high)
}

// outOfScratch moves the words that a transposition left in registers 8
// to 15 (its scratch, the state registers v8..v15) to those of rows it
// left free, and returns where each word is then.
func outOfScratch(words, rows []VecPhysical) []VecPhysical {
	used := map[VecPhysical]bool{}
	for _, r := range words {
		used[r] = true
	}
	var free []VecPhysical
	for _, r := range rows {
		if !used[r] {
			free = append(free, r)
		}
	}
	for c := range words {
		if n := words[c].PhysicalIndex(); n >= 8 && n < 16 {
			VMOVDQA32(words[c], free[0])
			words[c], free = free[0], free[1:]
		}
	}
	return words
}

// storeLaneCounters stores the per-lane chunk counters counter+i (the
// argument counter) to counters, the low words first and the high words
// hiOff bytes on, with the five scratch registers t (as wide as the lanes).
func storeLaneCounters(t []VecPhysical, counters Mem, hiOff int) {
	ctr := GP64()
	Load(Param("counter"), ctr)
	lo := GP32()
	MOVL(ctr.As32(), lo)
	VPBROADCASTD(lo, t[0])
	VPADDD(laneIndexes, t[0], t[1])
	VMOVDQU32(t[1], counters)
	Comment("A lane's high word is one more where its low word wrapped around.")
	SHRQ(U8(32), ctr)
	VPBROADCASTD(ctr.As32(), t[2])
	VPCMPUD(U8(1), t[0], t[1], K1) // K1 = lanes whose low word < counter's
	one := GP32()
	MOVL(U32(1), one)
	VPBROADCASTD(one, t[3])
	VPADDD_Z(t[3], t[2], K1, t[4]) // zero-masked: 1+hi where wrapped, 0 elsewhere
	VPBLENDMD(t[4], t[2], K1, t[2])
	VMOVDQU32(t[2], counters.Offset(hiOff))
}

// compressLanes sets the rest of the state (IV, the counters stored at
// counters and hiOff bytes on, block length, flags), runs the rounds on
// the message words msg and leaves the new chaining values in v[0..7].
func compressLanes(v *[16]VecPhysical, msg []Op, counters Mem, hiOff int, blockFlags Register, hook func()) {
	Comment("The rest of the state: IV, counters, block length, flags.")
	genIV()
	for i := range 4 {
		VPBROADCASTD(ivData.Offset(4*i), v[8+i])
	}
	VMOVDQU32(counters, v[12])
	VMOVDQU32(counters.Offset(hiOff), v[13])
	bl := GP32()
	MOVL(U32(64), bl)
	VPBROADCASTD(bl, v[14])
	VPBROADCASTD(blockFlags, v[15])
	rounds16(v, msg, hook)
	Comment("The new chaining values.")
	for i := range 8 {
		VPXORD(v[i+8], v[i], v[i])
	}
}

// storeCVs transposes the chaining values v[0..7] to one 32-byte row per
// lane and stores the first lanes rows to the argument out, with regs[16:]
// (ZMM or YMM registers) as scratch; end is a label name of the caller's,
// placed after the stores.
func storeCVs(v *[16]VecPhysical, regs []VecPhysical, lanes Register, end string) {
	Comment("Transpose the chaining values to one 32-byte row per lane.")
	out := Load(Param("out"), GP64())
	if regs[0] == Z0 {
		zmm.StoreLanes(v[:8], regs[16:], lanes, out, end)
	} else {
		zmm.StoreLanes8(v[:8], regs[16:], lanes, out, end)
	}
}

// ops returns regs as operands.
func ops(regs []VecPhysical) []Op {
	o := make([]Op, len(regs))
	for i, r := range regs {
		o[i] = r
	}
	return o
}

// ntSlots is how many lines hashChunksCopyNTAVX512 copies at most per
// block: a little over the 17 a group-0 Bao encoding has per 16 KiB of
// input (16 chunks and 15 or 16 parents); pfSlots, how many it prefetches:
// the 16 of the next 16 KiB of input.
const ntSlots, pfSlots = 18, 16

// slotHook returns a hook for rounds16 that, after ntSlots of a block's 28
// half G rounds spread evenly, copies one 64-byte line from src to dst,
// through the register line, with a non-temporal store, while lines
// (counted down) is not 0, and after pfSlots of them prefetches the line at
// pf while pfLines is not 0. With lines nil it only prefetches.
func slotHook(line VecPhysical, dst, src, lines, pf, pfLines Register) func() {
	k := 0
	slot := func(h, slots int) bool { return h*slots/28 != (h+1)*slots/28 }
	return func() {
		h := k % 28
		k++
		if lines != nil && slot(h, ntSlots) {
			skip := fmt.Sprintf("ntSkip%d", k)
			TESTQ(lines, lines)
			JZ(LabelRef(skip))
			VMOVDQU64(Mem{Base: src}, line)
			VMOVNTDQ(line, Mem{Base: dst})
			ADDQ(U8(64), src)
			ADDQ(U8(64), dst)
			DECQ(lines)
			Label(skip)
		}
		if slot(h, pfSlots) {
			skip := fmt.Sprintf("pfSkip%d", k)
			TESTQ(pfLines, pfLines)
			JZ(LabelRef(skip))
			PREFETCHT0(Mem{Base: pf})
			ADDQ(U8(64), pf)
			DECQ(pfLines)
			Label(skip)
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
