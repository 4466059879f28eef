// Command argon2 generates the amd64 compression kernels of package argon2:
// the BlaMka compression function G of RFC 9106 with AVX-512, the whole
// 1 KiB block held in sixteen ZMM registers. Declarations:
// argon2/blamka_amd64.go.
//
// Layout. The block is an 8x8 matrix of 16-byte registers, i.e. 8 rows of 16
// words v0..v15. For the row rounds, register (g, q) (g = 0..3, q = 0..3)
// holds words 4q..4q+3 of row 2g in its low 256 bits and of row 2g+1 in its
// high 256 bits: q = 0, 1, 2, 3 are the a, b, c, d inputs of the column
// steps of P for two rows at once, each 256-bit half being one row's vector.
// The diagonal steps rotate b, c, d by one, two and three words within each
// half (VPERMQ).
//
// For the column rounds, swapping the middle two 128-bit lanes of every
// register (VSHUFI64X2 0xD8) makes register (g, q) hold, in each 256-bit
// half, the words of one column of the 8x8 matrix for rows 2g and 2g+1: so
// (0, h), (1, h), (2, h), (3, h) are the a, b, c, d of columns 2h and 2h+1,
// and the same G and VPERMQ code applies. The same swap restores the row
// layout for the stores.
package main

//go:generate go run . -out ../../argon2/blamka_amd64.s -pkg argon2

import (
	"fmt"
	"slices"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	_ "github.com/hashkit/hashkit/argon2"
)

func main() {
	Package("github.com/hashkit/hashkit/argon2")
	ConstraintExpr("!purego")
	genCompress("compressAVX512", false)
	genCompress("compressXorAVX512", true)
	genAVX2Consts()
	genCompressAVX2("compressAVX2", false, []int{2, 2, 2, 2})
	genCompressAVX2("compressXorAVX2", true, []int{2, 2, 2, 2})
	genCompressAVX2("compressAVX2x3", false, []int{3, 3, 2})
	genCompressAVX2("compressXorAVX2x3", true, []int{3, 3, 2})
	genPrefetch()
	Generate()
}

// quad is the four vectors a, b, c, d of one G application.
type quad [4]VecVirtual

// fBlaMka sets a = a + b + 2*lo32(a)*lo32(b) in each 64-bit lane, for all
// quads at once (interleaved for instruction-level parallelism).
func fBlaMka(qs []quad, ai, bi int, t []VecVirtual) {
	for i, q := range qs {
		VPMULUDQ(q[bi], q[ai], t[i])
	}
	for i := range qs {
		VPADDQ(t[i], t[i], t[i])
	}
	for _, q := range qs {
		VPADDQ(q[bi], q[ai], q[ai])
	}
	for i, q := range qs {
		VPADDQ(t[i], q[ai], q[ai])
	}
}

// xorRot sets x = (x ^ y) >>> n.
func xorRot(qs []quad, xi, yi, n int) {
	for _, q := range qs {
		VPXORQ(q[yi], q[xi], q[xi])
	}
	for _, q := range qs {
		VPRORQ(U8(n), q[xi], q[xi])
	}
}

// gb is the BlaMka G function (RFC 9106 section 3.6) on every quad, with
// xorRot the kernel's x = (x ^ y) >>> n.
func gb(qs []quad, t []VecVirtual, xorRot func(qs []quad, xi, yi, n int)) {
	fBlaMka(qs, 0, 1, t)
	xorRot(qs, 3, 0, 32)
	fBlaMka(qs, 2, 3, t)
	xorRot(qs, 1, 2, 24)
	fBlaMka(qs, 0, 1, t)
	xorRot(qs, 3, 0, 16)
	fBlaMka(qs, 2, 3, t)
	xorRot(qs, 1, 2, 63)
}

// permute is P on every quad: G on the columns (v0,v4,v8,v12)...; then on
// the diagonals (v0,v5,v10,v15)..., by rotating b, c, d within each 256-bit
// half and back.
func permute(qs []quad, t []VecVirtual, xorRot func(qs []quad, xi, yi, n int)) {
	gb(qs, t, xorRot)
	for _, q := range qs {
		VPERMQ(U8(0x39), q[1], q[1])
		VPERMQ(U8(0x4e), q[2], q[2])
		VPERMQ(U8(0x93), q[3], q[3])
	}
	gb(qs, t, xorRot)
	for _, q := range qs {
		VPERMQ(U8(0x93), q[1], q[1])
		VPERMQ(U8(0x4e), q[2], q[2])
		VPERMQ(U8(0x39), q[3], q[3])
	}
}

// compressArgs loads the arguments out, x and y of a compress kernel.
func compressArgs() (out, x, y GPVirtual) {
	out, x, y = GP64(), GP64(), GP64()
	Load(Param("out"), out)
	Load(Param("x"), x)
	Load(Param("y"), y)
	return out, x, y
}

// genCompress writes name(out, x, y *block): out = G(x, y), or with xor
// out ^= G(x, y). out may alias x or y.
func genCompress(name string, xor bool) {
	Implement(name)
	Attributes(NOSPLIT)
	AllocLocal(0)
	out, x, y := compressArgs()

	var r [4][4]VecVirtual // r[g][q]
	for g := range 4 {
		for q := range 4 {
			r[g][q] = ZMM()
		}
	}
	t := []VecVirtual{ZMM(), ZMM(), ZMM(), ZMM()}

	Comment("R = x ^ y, rows 2g and 2g+1 gathered into r[g][0..3]")
	for g := range 4 {
		var m [4]VecVirtual
		for k := range 4 {
			m[k] = ZMM()
			off := (4*g + k) * 64 // natural zmm 4g+k: words 8(4g+k)..+7
			VMOVDQU64(Mem{Base: x, Disp: off}, m[k])
			VPXORQ(Mem{Base: y, Disp: off}, m[k], m[k])
		}
		// m[0], m[1]: row 2g words 0..7, 8..15; m[2], m[3]: row 2g+1.
		VSHUFI64X2(U8(0x44), m[2], m[0], r[g][0])
		VSHUFI64X2(U8(0xee), m[2], m[0], r[g][1])
		VSHUFI64X2(U8(0x44), m[3], m[1], r[g][2])
		VSHUFI64X2(U8(0xee), m[3], m[1], r[g][3])
	}

	Comment("Row rounds: P on the 8 rows")
	rows := make([]quad, 4)
	for g := range 4 {
		rows[g] = quad{r[g][0], r[g][1], r[g][2], r[g][3]}
	}
	permute(rows, t, xorRot)

	Comment("Column rounds: P on the 8 columns")
	for g := range 4 {
		for q := range 4 {
			VSHUFI64X2(U8(0xd8), r[g][q], r[g][q], r[g][q])
		}
	}
	cols := make([]quad, 4)
	for h := range 4 {
		cols[h] = quad{r[0][h], r[1][h], r[2][h], r[3][h]}
	}
	permute(cols, t, xorRot)

	Comment("out = Q ^ R (^ out), with R recomputed from x and y")
	for g := range 4 {
		for q := range 4 {
			v := r[g][q]
			VSHUFI64X2(U8(0xd8), v, v, v)
			lo := (16*(2*g) + 4*q) * 8   // row 2g, words 4q..4q+3
			hi := (16*(2*g+1) + 4*q) * 8 // row 2g+1
			a, b := t[0], t[1]
			VMOVDQU64(Mem{Base: x, Disp: lo}, a.AsY())
			VINSERTI64X4(U8(1), Mem{Base: x, Disp: hi}, a, a)
			VMOVDQU64(Mem{Base: y, Disp: lo}, b.AsY())
			VINSERTI64X4(U8(1), Mem{Base: y, Disp: hi}, b, b)
			VPTERNLOGQ(U8(0x96), b, a, v) // v ^= a ^ b
			if xor {
				VMOVDQU64(Mem{Base: out, Disp: lo}, a.AsY())
				VINSERTI64X4(U8(1), Mem{Base: out, Disp: hi}, a, a)
				VPXORQ(a, v, v)
			}
			Comment(fmt.Sprintf("store rows %d, %d words %d..%d", 2*g, 2*g+1, 4*q, 4*q+3))
			VMOVDQU64(v.AsY(), Mem{Base: out, Disp: lo})
			VEXTRACTI64X4(U8(1), v, Mem{Base: out, Disp: hi})
		}
	}
	VZEROUPPER()
	RET()
}

// genPrefetch writes prefetchBlock(b *block), which asks for the sixteen
// cache lines of a block that will be read soon.
func genPrefetch() {
	Implement("prefetchBlock")
	Attributes(NOSPLIT)
	AllocLocal(0)
	b := GP64()
	Load(Param("b"), b)
	for i := range 16 {
		PREFETCHT0(Mem{Base: b, Disp: 64 * i})
	}
	RET()
}

// The AVX2 kernel: sixteen YMM registers cannot hold the block, so P runs
// on two rows, then two columns, at a time (eight registers, ILP 2), with the
// intermediate block in a 1 KiB frame. Rows: register q of row r holds
// words 4q..4q+3. Columns: a register holds words 2j, 2j+1 of two rows (the
// a, b, c, d of column j are rows 0-1, 2-3, 4-5, 6-7), gathered with
// VINSERTI128. Rotations by 32, 24 and 16 are byte shuffles; by 63, a shift
// pair.

// avx2Consts holds the VPSHUFB masks rotating each 64-bit lane right by 24
// and 16 bits, in registers or (where three rows take the registers) in
// memory.
type avx2Consts struct{ rot24, rot16 Op }

// newQuads allocates n quads, loading register i of quad k with load(k, i,
// register).
func newQuads(n int, load func(k, i int, q VecVirtual)) []quad {
	qs := make([]quad, n)
	for k := range qs {
		for i := range 4 {
			qs[k][i] = YMM()
			load(k, i, qs[k][i])
		}
	}
	return qs
}

// xorRot returns gb's x = (x ^ y) >>> n in AVX2 instructions, t the
// scratch registers of the rotation by 63.
func (c avx2Consts) xorRot(t []VecVirtual) func(qs []quad, xi, yi, n int) {
	return func(qs []quad, xi, yi, n int) {
		for _, q := range qs {
			VPXOR(q[yi], q[xi], q[xi])
		}
		for i, q := range qs {
			switch n {
			case 32:
				VPSHUFD(U8(0xb1), q[xi], q[xi])
			case 24:
				VPSHUFB(c.rot24, q[xi], q[xi])
			case 16:
				VPSHUFB(c.rot16, q[xi], q[xi])
			case 63:
				VPADDQ(q[xi], q[xi], t[i])
				VPSRLQ(U8(63), q[xi], q[xi])
				VPXOR(t[i], q[xi], q[xi])
			}
		}
	}
}

// genCompressAVX2 writes name(out, x, y *block), with xor the variant that
// XORs the result into out. groups lists how many rows (then columns) run
// together: with two, twice four registers leave room for the masks; three
// (ILP 3, for cores whose vector pipes the two chains of BlaMka's
// multiply-add latency leave idle) take twelve registers and three
// temporaries, and read the masks from memory.
func genCompressAVX2(name string, xor bool, groups []int) {
	Implement(name)
	frame := AllocLocal(1024)
	out, x, y := compressArgs()
	widest := slices.Max(groups)
	c := avx2Consts{rot24: rot24Mask, rot16: rot16Mask}
	if widest <= 2 {
		r24, r16 := YMM(), YMM()
		VMOVDQU(rot24Mask, r24)
		VMOVDQU(rot16Mask, r16)
		c = avx2Consts{rot24: r24, rot16: r16}
	}
	var t []VecVirtual
	for range widest {
		t = append(t, YMM())
	}

	howMany := map[int]string{2: "two", 3: "three"}[widest]
	Comment("Rows, " + howMany + " at a time: tmp = P(rows of x ^ y)")
	r := 0
	for _, n := range groups {
		qs := newQuads(n, func(k, i int, q VecVirtual) {
			off := (16*(r+k) + 4*i) * 8
			VMOVDQU(Mem{Base: x, Disp: off}, q)
			VPXOR(Mem{Base: y, Disp: off}, q, q)
		})
		permute(qs, t, c.xorRot(t))
		for k, q := range qs {
			for i := range 4 {
				VMOVDQU(q[i], frame.Offset((16*(r+k)+4*i)*8))
			}
		}
		r += n
	}

	Comment("Columns, " + howMany + " at a time: out = P(columns of tmp) ^ x ^ y (^ out)")
	j := 0
	for _, n := range groups {
		qs := newQuads(n, func(k, i int, q VecVirtual) {
			lo := (16*(2*i) + 2*(j+k)) * 8 // row 2i, words 2(j+k), +1
			hi := (16*(2*i+1) + 2*(j+k)) * 8
			// A 256-bit load defines the whole register (avo's liveness
			// needs that); its high half is then replaced.
			VMOVDQU(frame.Offset(lo), q)
			VINSERTI128(U8(1), frame.Offset(hi), q, q)
		})
		permute(qs, t, c.xorRot(t))
		for k, q := range qs {
			for i := range 4 {
				lo := (16*(2*i) + 2*(j+k)) * 8
				hi := (16*(2*i+1) + 2*(j+k)) * 8
				a := t[0]
				srcs := []Register{x, y}
				if xor {
					srcs = append(srcs, out)
				}
				for _, src := range srcs {
					VMOVDQU(Mem{Base: src, Disp: lo}, a)
					VINSERTI128(U8(1), Mem{Base: src, Disp: hi}, a, a)
					VPXOR(a, q[i], q[i])
				}
				VMOVDQU(q[i].AsX(), Mem{Base: out, Disp: lo})
				VEXTRACTI128(U8(1), q[i], Mem{Base: out, Disp: hi})
			}
		}
		j += n
	}
	VZEROUPPER()
	RET()
}

var rot24Mask, rot16Mask Mem

// genAVX2Consts writes the byte-shuffle masks: result byte i of each 64-bit
// lane is source byte (i+3) mod 8 (rotate right by 24) or (i+2) mod 8 (16).
func genAVX2Consts() {
	mask := func(name string, k int) Mem {
		m := GLOBL(name, RODATA|NOPTR)
		for lane := range 4 {
			var v uint64
			for i := range 8 {
				v |= uint64(8*(lane%2)+(i+k)%8) << (8 * i)
			}
			DATA(8*lane, U64(v))
		}
		return m
	}
	rot24Mask = mask("argon2_rot24", 3)
	rot16Mask = mask("argon2_rot16", 2)
}
