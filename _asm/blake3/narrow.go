package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/hashkit/hashkit/_asm/internal/zmm"
)

// The 8-way AVX2 and 4-way SSE4.1 kernels. With 16 vector registers the
// state v0..v15 fills them all, so the message of each block is transposed
// once into a stack area and the rounds take it as memory operands; the
// chaining values stay in v0..v7 from block to block, v8..v15 being free
// while the next block's message is transposed. The one more register the
// rounds need, for the PSHUFB mask and then the temporary of the shift
// rotations by 12 and 7, is v0's, spilled for the rest of each half-step
// once v0 has been added to (see rounds).

// narrow describes one kernel.
type narrow struct {
	lanes   int  // 8 (AVX2, YMM) or 4 (SSE4.1, XMM)
	avx     bool // VEX three-operand forms
	parents bool
	many    bool // the batch functions' kernel (see genMany)
	copying bool // hashChunksCopyAVX2: the chunks kernel that copies its rows (see genWide16Copy)
}

func (k narrow) vec(i int) VecPhysical {
	if k.avx {
		return []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15}[i]
	}
	return []VecPhysical{X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12, X13, X14, X15}[i]
}

// mov emits VMOVDQU or MOVOU.
func (k narrow) mov(src, dst Op) {
	if k.avx {
		VMOVDQU(src, dst)
	} else {
		MOVOU(src, dst)
	}
}

func (k narrow) load(m Op, r VecPhysical)  { k.mov(m, r) }
func (k narrow) store(r VecPhysical, m Op) { k.mov(r, m) }

// vexOr emits dst = dst op src: the VEX form avx(src, dst, dst) of op, or
// its SSE form sse(src, dst).
func (k narrow) vexOr(avx func(src, a, dst Op), sse func(src, dst Op), src Op, dst VecPhysical) {
	if k.avx {
		avx(src, dst, dst)
	} else {
		sse(src, dst)
	}
}

func (k narrow) add(src Op, dst VecPhysical) {
	k.vexOr(func(s, a, d Op) { VPADDD(s, a, d) }, PADDD, src, dst)
}

func (k narrow) xor(src Op, dst VecPhysical) { k.vexOr(VPXOR, PXOR, src, dst) }

func (k narrow) shufb(mask Op, dst VecPhysical) {
	k.vexOr(func(s, a, d Op) { VPSHUFB(s, a, d) }, PSHUFB, mask, dst)
}

// rotr rotates b right by n using t as scratch.
func (k narrow) rotr(n int, b, t VecPhysical) {
	if k.avx {
		VPSRLD(U8(n), b, t)
		VPSLLD(U8(32-n), b, b)
		VPOR(t, b, b)
	} else {
		MOVO(b, t)
		PSRLL(U8(n), t)
		PSLLL(U8(32-n), b)
		POR(t, b)
	}
}

// broadcast fills r with copies of the 32-bit register g.
func (k narrow) broadcast(g Register, r VecPhysical) {
	if k.avx {
		x := r.AsX()
		VMOVD(g, x)
		VPBROADCASTD(x, r)
	} else {
		MOVD(g, r)
		PSHUFD(U8(0), r, r)
	}
}

// trk is a register with a model of its elements, as in wide16.go.
type trk struct {
	r VecPhysical
	e []zmm.Elem
}

// op2 emits a two-source shuffle into a new register: avx(b, a, o), or
// sse(b, o) on a copy o of a.
func (k narrow) op2(p *zmm.RegPool, a, b *trk, e []zmm.Elem, avx func(...Op), sse func(b, o Op)) *trk {
	o := &trk{r: p.Get(), e: e}
	if k.avx {
		avx(b.r, a.r, o.r)
	} else {
		MOVO(a.r, o.r)
		sse(b.r, o.r)
	}
	return o
}

// lanewise models a shuffle within 128-bit lanes: each lane of the result
// takes the elements pick of the same lane of a (0-3) and of b (4-7).
func lanewise(a, b *trk, pick [4]int) []zmm.Elem {
	var e []zmm.Elem
	for l := 0; l < len(a.e); l += 4 {
		ab := append(append([]zmm.Elem{}, a.e[l:l+4]...), b.e[l:l+4]...)
		for _, i := range pick {
			e = append(e, ab[i])
		}
	}
	return e
}

func (k narrow) transpose(p *zmm.RegPool, rows []*trk) []*trk {
	step := func(dist int, f func(a, b *trk) (*trk, *trk)) {
		for i := range rows {
			if i&dist != 0 {
				continue
			}
			a, b := rows[i], rows[i+dist]
			l, h := f(a, b)
			p.Put(a.r)
			p.Put(b.r)
			rows[i], rows[i+dist] = l, h
		}
	}
	// unpack is a step by the low and the high unpack instruction (VEX
	// forms avx, SSE forms sse), whose results take the elements pick (as
	// in lanewise) of each lane.
	unpack := func(dist int, pick [2][4]int, avx [2]func(...Op), sse [2]func(b, o Op)) {
		step(dist, func(a, b *trk) (*trk, *trk) {
			lo := k.op2(p, a, b, lanewise(a, b, pick[0]), avx[0], sse[0])
			hi := k.op2(p, a, b, lanewise(a, b, pick[1]), avx[1], sse[1])
			return lo, hi
		})
	}
	unpack(1, [2][4]int{{0, 4, 1, 5}, {2, 6, 3, 7}},
		[2]func(...Op){VPUNPCKLDQ, VPUNPCKHDQ}, [2]func(b, o Op){PUNPCKLLQ, PUNPCKHLQ})
	unpack(2, [2][4]int{{0, 1, 4, 5}, {2, 3, 6, 7}},
		[2]func(...Op){VPUNPCKLQDQ, VPUNPCKHQDQ}, [2]func(b, o Op){PUNPCKLQDQ, PUNPCKHQDQ})
	if len(rows) == 8 {
		step(4, func(a, b *trk) (*trk, *trk) {
			lo := &trk{r: p.Get(), e: append(append([]zmm.Elem{}, a.e[:4]...), b.e[:4]...)}
			VPERM2I128(U8(0x20), b.r, a.r, lo.r)
			hi := &trk{r: p.Get(), e: append(append([]zmm.Elem{}, a.e[4:]...), b.e[4:]...)}
			VPERM2I128(U8(0x31), b.r, a.r, hi.r)
			return lo, hi
		})
	}
	cols := make([]*trk, len(rows))
	for _, t := range rows {
		c := t.e[0].Col
		for i, e := range t.e {
			if e.Row != i || e.Col != c {
				panic(fmt.Sprintf("transpose: register %v holds %v", t.r, t.e))
			}
		}
		cols[c] = t
	}
	return cols
}

var rotMasks Mem

func genRotMasks() {
	if rotMasks.Symbol.Name != "" {
		return
	}
	// PSHUFB masks rotating each 32-bit word right by 16 (first 32 bytes)
	// and by 8 (next 32 bytes).
	rotMasks = GLOBL("blake3RotMasks", RODATA|NOPTR)
	// Byte indexes are within each 16-byte lane.
	for i := 0; i < 32; i += 4 {
		b := uint32(i % 16)
		DATA(i, U32((b+2)|(b+3)<<8|b<<16|(b+1)<<24))
	}
	for i := 0; i < 32; i += 4 {
		b := uint32(i % 16)
		DATA(32+i, U32((b+1)|(b+2)<<8|(b+3)<<16|b<<24))
	}
}

// genNarrow writes hashChunksAVX2, hashParentsAVX2, hashChunksSSE41 or
// hashParentsSSE41, for 1 to k.lanes chunks or parents (each lane's rows at
// the offsets zmm.LaneOffsets stores, so that lanes at or above lanes read
// lane 0's input again and store nothing); or, for k.many, hashManyAVX2 or
// hashManySSE41, which take genMany's arguments and do what its kernels do
// for up to 8 or 4 lanes: each input a chunk of its own with counter 0, the
// last block switched in before its turn.
func genNarrow(k narrow) {
	genRotMasks()
	V := 4 * k.lanes // bytes per vector
	isa := "SSE41"
	if k.avx {
		isa = "AVX2"
	}
	name, stride, blocks := "hashChunks"+isa, chunkLen, 16
	switch {
	case k.parents:
		name, stride, blocks = "hashParents"+isa, 64, 1
	case k.many:
		name = "hashMany" + isa
	case k.copying:
		name = "hashChunksCopy" + isa
	}
	pre := name + "_"
	Implement(name)
	// Not NOSPLIT: the frame is over the nosplit limit, so the function
	// gets the usual stack check.
	// Stack area, aligned to V for the SSE memory operands: message
	// (16 vectors), IV (4), counter low and high words, block length,
	// spill slot, and the two rotation masks.
	const (
		offMsg = 0
	)
	offIV := 16 * V
	offCtr := offIV + 4*V
	offLen := offCtr + 2*V
	offSpill := offLen + V
	offMask := offSpill + V
	size := offMask + 2*V
	frame := AllocLocal(size + V)
	base := GP64()
	LEAQ(frame, base)
	ADDQ(U32(V-1), base)
	ANDQ(I32(-V), base)
	at := func(off int) Mem { return Mem{Base: base, Disp: off} }

	if !k.copying {
		Comment("Lanes at or above lanes read lane 0's input again and store nothing.")
	}
	offsets := AllocLocal(2 * 16 * 8) // the rows' offsets; for k.many, then the last block's
	lanes := Load(Param("lanes"), GP64())
	var dst, dstOffsets Register
	switch {
	case k.copying:
		Comment("The rows' offsets and the copies' are the caller's tables.")
		dstOffsets, dst = Load(Param("dstOffs"), GP64()), Load(Param("dst"), GP64())
	case k.many:
		for t, name := range []string{"stride", "lastStride"} {
			zmm.LaneOffsets(lanes, Load(Param(name), GP64()), offsets.Offset(128*t))
		}
	default:
		st := GP64()
		MOVQ(U32(stride), st)
		zmm.LaneOffsets(lanes, st, offsets)
	}
	table := Mem{Base: GP64()}
	if k.copying {
		Load(Param("inOffs"), table.Base)
	} else {
		LEAQ(offsets, table.Base)
	}
	in := Load(Param("in"), GP64())
	key := Load(Param("key"), GP64())
	flags := Load(Param("flags"), GP32())
	t32 := GP32()
	Comment("Constant vectors: rotation masks, IV, block length.")
	for i := 0; i < 2; i++ {
		k.load(rotMasks.Offset(32*i), k.vec(0))
		k.store(k.vec(0), at(offMask+i*V))
	}
	for i := range 4 {
		MOVL(U32(iv[i]), t32)
		k.broadcast(t32, k.vec(0))
		k.store(k.vec(0), at(offIV+i*V))
	}
	MOVL(U32(64), t32)
	k.broadcast(t32, k.vec(0))
	k.store(k.vec(0), at(offLen))
	Comment("Per-lane counters.")
	if k.parents || k.many {
		k.xor(k.vec(0), k.vec(0))
		k.store(k.vec(0), at(offCtr))
		k.store(k.vec(0), at(offCtr+V))
	} else {
		ctr := GP64()
		Load(Param("counter"), ctr)
		t := GP64()
		for i := range k.lanes {
			LEAQ(Mem{Base: ctr, Disp: i}, t)
			MOVL(t.As32(), at(offCtr+4*i))
			SHRQ(U8(32), t)
			MOVL(t.As32(), at(offCtr+V+4*i))
		}
	}
	Comment("The chaining values start as the key.")
	var v [16]VecPhysical
	for i := range v {
		v[i] = k.vec(i)
	}
	for i := range 8 {
		MOVL(Mem{Base: key, Disp: 4 * i}, t32)
		k.broadcast(t32, v[i])
	}
	blockFlags := GP32()
	remaining := GP64()
	MOVL(flags, blockFlags)
	switch {
	case k.parents:
		ORL(U32(flagParent), blockFlags)
	case k.many:
		ORL(U32(flagChunkStart), blockFlags)
		Load(Param("blocks"), remaining)
		INCQ(remaining) // the last block too
		blockLen := GP64()
		manyBlockTop(pre, remaining, in, table.Base, blockLen, blockFlags, offsets, func() {
			k.broadcast(blockLen.As32(), v[8])
			k.store(v[8], at(offLen))
		})
	default:
		ORL(U32(flagChunkStart), blockFlags)
		MOVQ(U32(blocks), remaining)
		Label("block" + isa)
		CMPQ(remaining, U8(1))
		JNE(LabelRef("notLast" + isa))
		ORL(U32(flagChunkEnd), blockFlags)
		Label("notLast" + isa)
	}
	if !k.parents && !k.many {
		Comment("Prefetch this block of each chunk of the next batch (see wide16.go).")
		for i := range k.lanes {
			PREFETCHT0(Mem{Base: in, Disp: (k.lanes + i) * chunkLen})
		}
	}
	Comment("Transpose the block's message words into the stack area; the chaining",
		"values stay in v0..v7, v8..v15 serve as scratch.")
	for part := range 4 {
		k.loadWords(part, in, table, dst, dstOffsets, &v, at(offMsg+part*4*V), V)
	}
	Comment("The rest of the state: IV, counter low and high words, block length, flags.")
	for i := range 4 {
		k.load(at(offIV+i*V), v[8+i])
	}
	k.load(at(offCtr), v[12])
	k.load(at(offCtr+V), v[13])
	k.load(at(offLen), v[14])
	k.broadcast(blockFlags, v[15])
	k.rounds(&v, func(w int) Mem { return at(offMsg + w*V) }, at(offMask), at(offSpill), V)
	Comment("The new chaining values.")
	for i := range 8 {
		k.xor(v[i+8], v[i])
	}
	if !k.parents {
		loop := "block" + isa
		if k.many {
			loop = pre + "block"
		}
		nextBlock(flags, blockFlags, in, dst, remaining, loop)
	}
	Comment("Transpose the chaining values to one 32-byte row per lane.")
	out := Load(Param("out"), GP64())
	for part := 0; part < 8/k.lanes; part++ {
		pool := &zmm.RegPool{}
		for i := 15; i >= 8; i-- {
			pool.Put(k.vec(i))
		}
		words := make([]*trk, k.lanes)
		for w := range words {
			words[w] = &trk{r: k.vec(part*k.lanes + w)}
			for lane := range k.lanes {
				words[w].e = append(words[w].e, zmm.Elem{Row: w, Col: lane})
			}
		}
		if part > 0 || k.lanes == 4 {
			// The other registers hold words still to be stored.
			pool = &zmm.RegPool{}
			for i := 15; i >= 8; i-- {
				pool.Put(k.vec(i))
			}
		}
		stored := fmt.Sprintf("%sstored%d", pre, part)
		for lane, t := range k.transpose(pool, words) {
			if lane > 0 {
				CMPQ(lanes, U8(lane))
				JLE(LabelRef(stored))
			}
			k.store(t.r, Mem{Base: out, Disp: 32*lane + 4*part*k.lanes})
		}
		Label(stored)
	}
	if k.avx {
		VZEROUPPER()
	}
	RET()
}

// loadWords loads bytes 16*part to 16*part+15 of each lane's block (lane
// i's at in plus the entry i of table; with dst, also stored again at dst
// plus the entry i of dstOffsets), transposes them in v[8..15] and stores
// words 4*part to 4*part+3, each as one vector of every lane's copy, at
// out, V bytes apart. With YMM registers one register holds lanes i and
// i+4 (a 16-byte load and VINSERTI128 from memory), so that the
// transposition stays within 128-bit lanes: unpacks only, no
// cross-lane shuffles.
func (k narrow) loadWords(part int, in Register, table Mem, dst, dstOffsets Register, v *[16]VecPhysical, out Mem, V int) {
	pool := &zmm.RegPool{}
	for i := 15; i >= 12; i-- {
		pool.Put(v[i])
	}
	rows := make([]*trk, 4)
	lane := func(tab Mem, base Register, i int) Mem {
		off := GP64()
		MOVQ(tab.Offset(8*i), off)
		return Mem{Base: base, Index: off, Scale: 1, Disp: 16 * part}
	}
	for i := range rows {
		rows[i] = &trk{r: v[8+i]}
		for j := range k.lanes {
			rows[i].e = append(rows[i].e, zmm.Elem{Row: i + 4*(j/4), Col: j % 4})
		}
		if k.avx {
			VMOVDQU(lane(table, in, i), rows[i].r.AsX())
			VINSERTI128(U8(1), lane(table, in, i+4), rows[i].r, rows[i].r)
		} else {
			MOVOU(lane(table, in, i), rows[i].r)
		}
	}
	if dst != nil {
		// (after the loads, as in loadMessage16)
		offs := Mem{Base: dstOffsets}
		for i, r := range rows {
			if k.avx {
				VMOVDQU(r.r.AsX(), lane(offs, dst, i))
				VEXTRACTI128(U8(1), r.r, lane(offs, dst, i+4))
			} else {
				MOVOU(r.r, lane(offs, dst, i))
			}
		}
	}
	for c, t := range k.transpose(pool, rows) {
		k.store(t.r, out.Offset(c*V))
	}
}

// rounds runs the seven rounds on the state v, message word w at msg(w),
// the PSHUFB masks rotating by 16 and by 8 at masks and masks+V, each half
// of a step (the first or the second half of the four G functions) one
// kind of operation for all four Gs after the other. The one register that
// the state leaves free holds the mask of the PSHUFBs, then the temporary of
// the shift rotations by 12 and 7: it is v[0]'s, stored to spill once a0
// has been added to (its last write in the half) and loaded again at the
// end of the half, when a0 is next needed. The mask comes from a load of
// its own, not as the PSHUFBs' memory operand, which would put the load's
// latency on the chain of dependent operations where the load issues with
// the operation (llvm-mca's model).
func (k narrow) rounds(v *[16]VecPhysical, msg func(w int) Mem, masks, spill Mem, V int) {
	for r := range 7 {
		Comment(fmt.Sprintf("Round %d.", r))
		s := schedule[r]
		for step, idx := range [][4][4]int{columns, diagonals} {
			for h := range 2 {
				a, b, c, d := func(i int) VecPhysical { return v[idx[i][0]] }, func(i int) VecPhysical { return v[idx[i][1]] },
					func(i int) VecPhysical { return v[idx[i][2]] }, func(i int) VecPhysical { return v[idx[i][3]] }
				for i := range 4 {
					k.add(msg(s[8*step+2*i+h]), a(i))
				}
				for i := range 4 {
					k.add(b(i), a(i))
				}
				t := a(0)
				k.store(t, spill)
				for i := range 4 {
					k.xor(a(i), d(i))
				}
				k.load(masks.Offset(h*V), t)
				for i := range 4 {
					k.shufb(t, d(i))
				}
				for i := range 4 {
					k.add(d(i), c(i))
				}
				for i := range 4 {
					k.xor(c(i), b(i))
				}
				for i := range 4 {
					k.rotr([2]int{12, 7}[h], b(i), t)
				}
				k.load(spill, t)
			}
		}
	}
}
