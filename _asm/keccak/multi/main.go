// Command multi generates the multi-state Keccak-p[1600] kernels of
// internal/keccak: absorbX8AVX512 (eight states, AVX-512), absorbX4AVX512VL
// (four states, the same instructions on YMM registers) and absorbX4AVX2
// (four states, AVX2). All keep the states lane-interleaved (lane i of state
// j is word width*i+j of the state array), absorb whole blocks from width
// independent inputs and permute after each block with a multiple of 12
// rounds. Each quadword is loaded into its place with a masked broadcast
// (AVX-512) or an insert (AVX2): hardware gathers (VPGATHERQQ) are slower. Declarations: internal/keccak/multi_amd64.go.
package main

//go:generate go run . -out ../../../internal/keccak/multi_amd64.s -pkg keccak

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/hashkit/hashkit/_asm/internal/keccakgen"
	_ "github.com/hashkit/hashkit/internal/keccak"
)

// Lanes 0..16 are in every block; 17..20 only at rate 168 (21 lanes).
const (
	lanesRate256 = 17
	lanesRate128 = 21
)

func main() {
	Package("github.com/hashkit/hashkit/internal/keccak")
	ConstraintExpr("!purego")
	genX8AVX512()
	genX4AVX512VL()
	genX4AVX2()
	Generate()
}

// genX8AVX512: the 25 lanes of eight states live in Z0..Z24 for the whole
// call. θ's column parities use Z25..Z29 and the rotated parity Z30; χ's two
// saved inputs reuse Z25 and Z26; absorbing uses Z25..Z31. π is done by
// renaming registers while generating twelve unrolled rounds; the few moves
// at the end of each twelve rounds put every lane back in its register.
func genX8AVX512() {
	zs := []VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15,
		Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}
	k := avx512Begin("absorbX8AVX512", 8, zs)
	s, in, lane, temps := k.s, k.in, k.lane, k.temps
	off := k.off

	Label("x8_block")
	Comment("Absorb: lane i of state j is the quadword at in+offs[j]+8i.")
	absorb := k.absorb
	// Lanes 0..15 in two groups of eight: one 64-byte load per state and an
	// 8x8 transpose of quadwords. Nine registers are needed: the seven
	// scratch ones and lanes 23 and 24, which no block reaches, parked in
	// the state memory meanwhile.
	VMOVDQU64(lane[23], Mem{Base: s, Disp: 64 * 23})
	VMOVDQU64(lane[24], Mem{Base: s, Disp: 64 * 24})
	free := append([]VecPhysical{lane[23], lane[24]}, temps...)
	for grp := range 2 {
		var r [8]VecPhysical
		for j := range 8 {
			r[j] = free[j]
			VMOVDQU64(Mem{Base: in, Index: off[j], Scale: 1, Disp: 64 * grp}, r[j])
		}
		out := transpose8x8(r, free[8])
		for i := range 8 {
			VPXORQ(out[i], lane[8*grp+i], lane[8*grp+i])
		}
	}
	VMOVDQU64(Mem{Base: s, Disp: 64 * 23}, lane[23])
	VMOVDQU64(Mem{Base: s, Disp: 64 * 24}, lane[24])
	for i := 16; i < lanesRate256; i++ {
		absorb(i)
	}
	rateLanes := Load(Param("rateLanes"), GP64())
	CMPQ(rateLanes, U8(lanesRate256))
	JE(LabelRef("x8_permute"))
	for i := lanesRate256; i < lanesRate128; i++ {
		absorb(i)
	}

	Comment("Prefetch the block after next of every state.")
	for j := range 8 {
		for l := range 3 {
			PREFETCHT0(Mem{Base: in, Index: off[j], Scale: 1, Disp: 2*lanesRate128*8 + 64*l})
		}
	}

	k.permute("x8")
}

// genX4AVX512VL is genX8AVX512 for four states in YMM registers
// (AVX-512VL): the same instructions on half the width, for four or fewer
// sponges, which the eight-state kernel would run with half its lanes
// idle. Cores that split a ZMM operation over two 256-bit ports run three
// YMM ones at a time where they run two ZMM ones. Every lane is absorbed
// by a VMOVQ and three masked broadcasts.
func genX4AVX512VL() {
	ys := []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15,
		Y16, Y17, Y18, Y19, Y20, Y21, Y22, Y23, Y24, Y25, Y26, Y27, Y28, Y29, Y30, Y31}
	k := avx512Begin("absorbX4AVX512VL", 4, ys)
	Label("x4v_block")
	Comment("Absorb: lane i of state j is the quadword at in+offs[j]+8i.")
	for i := range lanesRate256 {
		k.absorb(i)
	}
	rateLanes := Load(Param("rateLanes"), GP64())
	CMPQ(rateLanes, U8(lanesRate256))
	JE(LabelRef("x4v_permute"))
	for i := lanesRate256; i < lanesRate128; i++ {
		k.absorb(i)
	}
	k.permute("x4v")
}

// avx512Kernel is what the AVX-512 kernels share: the 25 lanes of width
// states in the first 25 vector registers for the whole call, θ's column
// parities c and rotated parity r, absorbing scratch registers temps (c
// and r among them), and the mask registers selecting quadwords 1..width-1.
type avx512Kernel struct {
	width          int
	s, in, offs    Register
	blocks, rcp, g Register
	off            []GPVirtual
	lane           [25]VecPhysical
	c, temps       []VecPhysical
	r              VecPhysical
	ks             []Register
}

// avx512Begin starts the kernel name on width states in regs (32 vector
// registers): it loads the arguments, the states and the offsets and sets
// the masks.
func avx512Begin(name string, width int, regs []VecPhysical) *avx512Kernel {
	Implement(name)
	Attributes(NOSPLIT)
	k := &avx512Kernel{width: width}
	k.s = Load(Param("s"), GP64())
	k.in = Load(Param("in").Base(), GP64())
	k.offs = Load(Param("offs"), GP64())
	k.blocks = Load(Param("blocks"), GP64())
	k.rcp = GP64()
	k.g = GP64()
	copy(k.lane[:], regs[:25])
	k.c, k.r, k.temps = regs[25:30], regs[30], regs[25:32]
	k.ks = []Register{K1, K2, K3, K4, K5, K6, K7}[:width-1]

	Comment(fmt.Sprintf("Load the %s interleaved states; K1..K%d select quadwords 1..%d.", [...]string{4: "four", 8: "eight"}[width], width-1, width-1))
	for i := range 25 {
		VMOVDQU64(Mem{Base: k.s, Disp: 8 * width * i}, k.lane[i])
	}
	k.off = make([]GPVirtual, width)
	for j := range width {
		k.off[j] = GP64()
		MOVQ(Mem{Base: k.offs, Disp: 8 * j}, k.off[j])
	}
	for j := 1; j < width; j++ {
		m := GP32()
		MOVL(U32(1<<j), m)
		KMOVW(m, k.ks[j-1])
	}
	return k
}

// absorb XORs lane i of the current block of every state into lane i: the
// quadword is assembled in a scratch register (quadword 0 by VMOVQ, which
// clears the rest, the others by masked broadcasts).
func (k *avx512Kernel) absorb(i int) {
	t := k.temps[i%len(k.temps)]
	VMOVQ(Mem{Base: k.in, Index: k.off[0], Scale: 1, Disp: 8 * i}, t.(Vec).AsX())
	for j := 1; j < k.width; j++ {
		VPBROADCASTQ(Mem{Base: k.in, Index: k.off[j], Scale: 1, Disp: 8 * i}, k.ks[j-1], t)
	}
	VPXORQ(t, k.lane[i], k.lane[i])
}

// permute emits, at the label prefix_permute, the rounds, the loop to the
// next block (prefix_block) and the end of the call: the states stored back.
func (k *avx512Kernel) permute(prefix string) {
	Label(prefix + "_permute")
	Load(Param("rc"), k.rcp)
	Load(Param("groups"), k.g)
	avx512Rounds(prefix, k.lane, k.c, k.r, k.rcp, k.g)

	Comment("Next block.")
	rl := Load(Param("rateLanes"), GP64())
	LEAQ(Mem{Base: k.in, Index: rl, Scale: 8}, k.in)
	DECQ(k.blocks)
	JNZ(LabelRef(prefix + "_block"))

	s := Load(Param("s"), GP64())
	for i := range 25 {
		VMOVDQU64(k.lane[i], Mem{Base: s, Disp: 8 * k.width * i})
	}
	VZEROUPPER()
	RET()
}

// avx512Rounds emits the permutation loop shared by the AVX-512 kernels:
// twelve unrolled rounds on the lanes in their registers (ZMM for eight
// states, YMM for four), g times, the round constants from rcp. θ's column
// parities use c (five registers) and the rotated parity r; χ saves two
// inputs in c[0] and c[1].
func avx512Rounds(prefix string, lane [25]VecPhysical, c []VecPhysical, r VecPhysical, rcp, g Register) {
	Label(prefix + "_rounds")
	cur := lane
	for round := range 12 {
		Comment(fmt.Sprintf("Round %d of 12.", round))
		// θ: C[x] = parity of column x, then A[x,y] ^= C[x-1] ^ rot(C[x+1], 1).
		for x := range 5 {
			VMOVDQA64(cur[x], c[x])
			VPTERNLOGQ(U8(0x96), cur[x+10], cur[x+5], c[x])
			VPTERNLOGQ(U8(0x96), cur[x+20], cur[x+15], c[x])
		}
		for x := range 5 {
			VPROLQ(U8(1), c[(x+1)%5], r)
			for y := range 5 {
				VPTERNLOGQ(U8(0x96), r, c[(x+4)%5], cur[x+5*y])
			}
		}
		// ρ in place; π by renaming: the register of A[x,y] now holds
		// B[y, 2x+3y].
		var b [25]VecPhysical
		for x := range 5 {
			for y := range 5 {
				if keccakgen.Rho(x+5*y) != 0 {
					VPROLQ(U8(keccakgen.Rho(x+5*y)), cur[x+5*y], cur[x+5*y])
				}
				b[y+5*((2*x+3*y)%5)] = cur[x+5*y]
			}
		}
		// χ row by row, in place: A[x] = B[x] ^ (~B[x+1] & B[x+2]); the
		// first two inputs are saved since the last two outputs need them.
		for y := range 5 {
			row := b[5*y : 5*y+5]
			VMOVDQA64(row[0], c[0])
			VMOVDQA64(row[1], c[1])
			VPTERNLOGQ(U8(0xD2), row[2], row[1], row[0])
			VPTERNLOGQ(U8(0xD2), row[3], row[2], row[1])
			VPTERNLOGQ(U8(0xD2), row[4], row[3], row[2])
			VPTERNLOGQ(U8(0xD2), c[0], row[4], row[3])
			VPTERNLOGQ(U8(0xD2), c[1], c[0], row[4])
		}
		// ι.
		VPXORQ_BCST(Mem{Base: rcp, Disp: 8 * round}, b[0], b[0])
		cur = b
	}
	Comment("Move every lane back to its own register.")
	restore(cur[:], lane[:], c[0], VMOVDQA64)
	ADDQ(U8(8*12), rcp)
	DECQ(g)
	JNZ(LabelRef(prefix + "_rounds"))
}

// transpose8x8 transposes the 8x8 quadword matrix whose row j is in r[j]
// (quadword i of state j's block), using one more register, and returns
// the register holding each column i (quadword i of all eight states). Each
// step turns a pair of registers into two: the first result goes to the
// spare register, the second overwrites the pair's second register, and the
// first register of the pair becomes the spare.
func transpose8x8(r [8]VecPhysical, spare VecPhysical) [8]VecPhysical {
	pair := func(a, b VecPhysical, lo, hi func(a, b, dst VecPhysical)) (VecPhysical, VecPhysical) {
		l := spare
		lo(a, b, l)
		hi(a, b, b)
		spare = a
		return l, b
	}
	unpackLo := func(a, b, dst VecPhysical) { VPUNPCKLQDQ(b, a, dst) }            // [a0 b0 a2 b2 a4 b4 a6 b6]
	unpackHi := func(a, b, dst VecPhysical) { VPUNPCKHQDQ(b, a, dst) }            // [a1 b1 a3 b3 a5 b5 a7 b7]
	evenBlocks := func(a, b, dst VecPhysical) { VSHUFI64X2(U8(0x88), b, a, dst) } // 128-bit blocks a0 a2 b0 b2
	oddBlocks := func(a, b, dst VecPhysical) { VSHUFI64X2(U8(0xDD), b, a, dst) }  // 128-bit blocks a1 a3 b1 b3
	// Stage 1: t[2k] holds the even quadwords of rows 2k, 2k+1 interleaved,
	// t[2k+1] the odd ones.
	var t [8]VecPhysical
	for k := range 4 {
		t[2*k], t[2*k+1] = pair(r[2*k], r[2*k+1], unpackLo, unpackHi)
	}
	// Stage 2: for rows 0..3 (and 4..7), columns {0,4}, {2,6}, {1,5}, {3,7},
	// two rows per 128-bit block.
	var u [8]VecPhysical
	u[0], u[1] = pair(t[0], t[2], evenBlocks, oddBlocks) // rows 0-3: {0,4}, {2,6}
	u[2], u[3] = pair(t[1], t[3], evenBlocks, oddBlocks) // rows 0-3: {1,5}, {3,7}
	u[4], u[5] = pair(t[4], t[6], evenBlocks, oddBlocks) // rows 4-7: {0,4}, {2,6}
	u[6], u[7] = pair(t[5], t[7], evenBlocks, oddBlocks) // rows 4-7: {1,5}, {3,7}
	// Stage 3: join rows 0-3 and 4-7 of each column pair.
	var col [8]VecPhysical
	col[0], col[4] = pair(u[0], u[4], evenBlocks, oddBlocks)
	col[2], col[6] = pair(u[1], u[5], evenBlocks, oddBlocks)
	col[1], col[5] = pair(u[2], u[6], evenBlocks, oddBlocks)
	col[3], col[7] = pair(u[3], u[7], evenBlocks, oddBlocks)
	return col
}

// restore emits moves so that the value now in cur[i] ends up in want[i]
// (both hold the same registers), one cycle of the permutation at a time
// with one scratch register.
func restore(cur, want []VecPhysical, tmp VecPhysical, mov func(...Op)) {
	laneFor := map[VecPhysical]int{} // register -> lane that must end there
	for i, r := range want {
		laneFor[r] = i
	}
	done := make([]bool, len(cur))
	for i := range cur {
		if done[i] || cur[i] == want[i] {
			done[i] = true
			continue
		}
		// Save lane i; its register is then free for the lane that belongs
		// there, whose old register is free for the next, until the cycle
		// comes back to want[i].
		mov(cur[i], tmp)
		done[i] = true
		free := cur[i]
		for free != want[i] {
			j := laneFor[free]
			mov(cur[j], want[j])
			done[j] = true
			free = cur[j]
		}
		mov(tmp, want[i])
	}
}

// genX4AVX2: sixteen YMM registers cannot hold 25 lanes, so the four states
// stay in memory, alternating each round between s and a local copy (twelve
// rounds end back in s). θ's column parities stay in registers from one
// round to the next: a round turns them into the D values (Y5..Y9), then
// produces one output row at a time, its five inputs loaded from the old
// state through ρ and π into Y0..Y4, and folds each χ output into the next
// round's parities (Y10..Y14) as it stores it, so each lane is loaded once
// per round. Rotations are two shifts and an OR, except those by 8 and 56,
// which move whole bytes (one VPSHUFB).
func genX4AVX2() {
	// Byte shuffles rotating each quadword left by 8 and by 56 bits; the
	// indices are within each 16-byte half, as VPSHUFB reads them.
	rotl8 := GLOBL("x4Rotl8", RODATA|NOPTR)
	for i := range 4 {
		DATA(8*i, U64(0x0605040302010007+uint64(i%2)*0x0808080808080808))
	}
	rotl56 := GLOBL("x4Rotl56", RODATA|NOPTR)
	for i := range 4 {
		DATA(8*i, U64(0x0007060504030201+uint64(i%2)*0x0808080808080808))
	}

	Implement("absorbX4AVX2")
	tmp := AllocLocal(25 * 32)
	s := Load(Param("s"), GP64())
	in := Load(Param("in").Base(), GP64())
	offs := Load(Param("offs"), GP64())
	blocks := Load(Param("blocks"), GP64())
	rcp := GP64()
	g := GP64()
	e := GP64()
	LEAQ(tmp, e)

	ys := []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15}
	bs := ys[0:5]
	d := ys[5:10]
	c := ys[10:15]
	t := ys[15]
	laneAt := func(base Register, i int) Mem { return Mem{Base: base, Disp: 32 * i} }
	x := func(v VecPhysical) VecPhysical { return v.(Vec).AsX().(VecPhysical) }

	var off [4]GPVirtual
	for j := range 4 {
		off[j] = GP64()
		MOVQ(Mem{Base: offs, Disp: 8 * j}, off[j])
	}
	Label("x4_block")
	Comment("Absorb: lane i of state j is the quadword at in+offs[j]+8i. Two")
	Comment("lanes at a time: 16 bytes of states 0 and 2 in one register, of")
	Comment("states 1 and 3 in another, then one unpack per lane.")
	src := func(j, i int) Mem { return Mem{Base: in, Index: off[j], Scale: 1, Disp: 8 * i} }
	absorbPair := func(i int) {
		VMOVDQU(src(0, i), x(ys[0]))
		VINSERTI128(U8(1), src(2, i), ys[0], ys[0])
		VMOVDQU(src(1, i), x(ys[1]))
		VINSERTI128(U8(1), src(3, i), ys[1], ys[1])
		VPUNPCKLQDQ(ys[1], ys[0], ys[2])
		VPUNPCKHQDQ(ys[1], ys[0], ys[3])
		VPXOR(laneAt(s, i), ys[2], ys[2])
		VPXOR(laneAt(s, i+1), ys[3], ys[3])
		VMOVDQU(ys[2], laneAt(s, i))
		VMOVDQU(ys[3], laneAt(s, i+1))
	}
	absorbOne := func(i int) {
		VMOVQ(src(0, i), x(ys[0]))
		VPINSRQ(U8(1), src(1, i), x(ys[0]), x(ys[0]))
		VMOVQ(src(2, i), x(ys[1]))
		VPINSRQ(U8(1), src(3, i), x(ys[1]), x(ys[1]))
		VINSERTI128(U8(1), x(ys[1]), ys[0], ys[0])
		VPXOR(laneAt(s, i), ys[0], ys[0])
		VMOVDQU(ys[0], laneAt(s, i))
	}
	for i := 0; i+1 < lanesRate256; i += 2 {
		absorbPair(i)
	}
	absorbOne(lanesRate256 - 1)
	rateLanes := Load(Param("rateLanes"), GP64())
	CMPQ(rateLanes, U8(lanesRate256))
	JE(LabelRef("x4_permute"))
	for i := lanesRate256; i < lanesRate128; i += 2 {
		absorbPair(i)
	}

	Label("x4_permute")
	Load(Param("rc"), rcp)
	Load(Param("groups"), g)
	Label("x4_rounds")
	Comment("The column parities of the first round.")
	for x := range 5 {
		VMOVDQU(laneAt(s, x), c[x])
		for y := 1; y < 5; y++ {
			VPXOR(laneAt(s, x+5*y), c[x], c[x])
		}
	}
	rotl := func(v VecPhysical, n int) {
		switch n {
		case 0:
		case 8:
			VPSHUFB(rotl8, v, v)
		case 56:
			VPSHUFB(rotl56, v, v)
		case 1:
			VPADDQ(v, v, t)
			VPSRLQ(U8(63), v, v)
			VPOR(t, v, v)
		default:
			VPSLLQ(U8(n), v, t)
			VPSRLQ(U8(64-n), v, v)
			VPOR(t, v, v)
		}
	}
	for round := range 12 {
		Comment(fmt.Sprintf("Round %d of 12.", round))
		var src, dst Register = s, e
		if round%2 == 1 {
			src, dst = e, s
		}
		// D[x] = C[x-1] ^ rot(C[x+1], 1); here and in ρ the left shift by
		// one is an add, which more ports execute than shifts.
		for x := range 5 {
			VPADDQ(c[(x+1)%5], c[(x+1)%5], t)
			VPSRLQ(U8(63), c[(x+1)%5], d[x])
			VPOR(t, d[x], d[x])
			VPXOR(c[(x+4)%5], d[x], d[x])
		}
		// The last round's parities would be stale after the next absorb.
		last := round == 11
		for yy := range 5 {
			// B[X, yy] = rot(A[x, X] ^ D[x]) with x = 3(yy - 3X) mod 5.
			for X := range 5 {
				x := (3 * (((yy-3*X)%5 + 10) % 5)) % 5
				VPXOR(laneAt(src, x+5*X), d[x], bs[X])
				rotl(bs[X], keccakgen.Rho(x+5*X))
			}
			// χ and ι; the first row's outputs start the new parities.
			for X := range 5 {
				out, spare := t, c[0]
				if yy == 0 && !last {
					out, spare = c[X], t
				}
				VPANDN(bs[(X+2)%5], bs[(X+1)%5], out)
				VPXOR(bs[X], out, out)
				if X == 0 && yy == 0 {
					VPBROADCASTQ(Mem{Base: rcp, Disp: 8 * round}, spare)
					VPXOR(spare, out, out)
				}
				VMOVDQU(out, laneAt(dst, X+5*yy))
				if yy > 0 && !last {
					VPXOR(out, c[X], c[X])
				}
			}
		}
	}
	ADDQ(U8(8*12), rcp)
	DECQ(g)
	JNZ(LabelRef("x4_rounds"))

	rl := Load(Param("rateLanes"), GP64())
	LEAQ(Mem{Base: in, Index: rl, Scale: 8}, in)
	DECQ(blocks)
	JNZ(LabelRef("x4_block"))
	VZEROUPPER()
	RET()
}
