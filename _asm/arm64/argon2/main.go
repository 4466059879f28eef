// Command argon2 writes the arm64 NEON compression kernels of package
// argon2 (argon2/blamka_arm64.s): the BlaMka compression function G of
// RFC 9106 section 3.5. Declarations: argon2/blamka_arm64.go. avo is
// amd64-only, so this program prints the Go assembly itself.
//
// Layout. The block is an 8x8 matrix of 16-byte registers; each V register
// holds two words. The permutation P works on eight of them, v0..v15 in
// order: a = (v0,v1),(v2,v3), b = (v4,v5),(v6,v7), c and d likewise, so
// one pass of G code runs the four column steps of P two words per
// instruction. The diagonal steps rotate b, c and d by one, two and three
// words: VEXT pairs for b and d, and swapping c's two registers, which
// costs nothing here because the program renames registers as it goes.
//
// Two permutations run side by side (two rows, or two columns), their
// instructions interleaved one by one, for independent work between the
// multiply-add chains. The row pass leaves the permuted rows in a 1 KiB
// stack buffer; the column pass reads two columns from it per iteration
// (one 32-byte pair per row), recomputes R = X xor Y for them from x and
// y, and writes out. Each column of out depends only on the same column of
// x, y and out, and is read before it is written, so out may alias x or y.
//
// BlaMka's a + b + 2*lo32(a)*lo32(b): VUZP1 packs the low halves of two
// registers' four words, and UMLAL/UMLAL2 (32x32->64 multiply-accumulate,
// which Go's assembler lacks, so emitted as WORD) add the product twice.
//
// Two kernels: NEON rotates with VREV64, VTBL and VADD+VSRI after a VEOR;
// SHA3 does each xor-and-rotate of G in one XAR of the SHA3 extension.
package main

//go:generate go run . -out ../../../argon2/blamka_arm64.s

import (
	"fmt"
	"strings"

	"github.com/hashkit/hashkit/_asm/internal/goasm"
)

// The logical registers of one permutation, indices into group.r.
const (
	a0 = iota
	a1
	b0
	b1
	c0
	c1
	d0
	d1
)

// V30 and V31 hold the byte-shuffle tables of the 24- and 16-bit rotations.
const (
	rot24 = 30
	rot16 = 31
)

// group is one permutation in flight: r maps its eight logical registers
// to V register numbers, free holds its temporaries; out collects its
// instructions so that two groups can be interleaved.
type group struct {
	r    [8]int
	free []int
	out  []string
	xar  bool // rotate with the SHA3 extension's XAR
}

func newGroup(xar bool, regs [8]int, temps ...int) *group {
	return &group{r: regs, free: append([]int(nil), temps...), xar: xar}
}

func (g *group) op(format string, args ...any) { g.out = append(g.out, fmt.Sprintf(format, args...)) }

func (g *group) get() int {
	t := g.free[len(g.free)-1]
	g.free = g.free[:len(g.free)-1]
	return t
}

func (g *group) put(t ...int) { g.free = append(g.free, t...) }

// vmul emits the 32x32->64 vector multiply-accumulate UMLAL (high: UMLAL2)
// d.2D += n.2S * m.2S (the upper 2S for UMLAL2).
func (g *group) vmul(high bool, d, n, m int) {
	enc, name, arr := uint32(0x2ea08000), "UMLAL", "S2"
	if high {
		enc, name, arr = 0x6ea08000, "UMLAL2", "S4"
	}
	enc |= uint32(m)<<16 | uint32(n)<<5 | uint32(d)
	g.op("WORD $0x%08x // %s V%d.D2, V%d.%s, V%d.%s", enc, name, d, n, arr, m, arr)
}

// blamka sets x = x + y + 2*lo32(x)*lo32(y) for both registers of the
// logical pairs x and y (x0 and y0 the first of each).
func (g *group) blamka(x, y int) {
	r := &g.r
	tx, ty := g.get(), g.get()
	g.op("VUZP1 V%d.S4, V%d.S4, V%d.S4", r[x+1], r[x], tx)
	g.op("VUZP1 V%d.S4, V%d.S4, V%d.S4", r[y+1], r[y], ty)
	g.op("VADD V%d.D2, V%d.D2, V%d.D2", r[y], r[x], r[x])
	g.op("VADD V%d.D2, V%d.D2, V%d.D2", r[y+1], r[x+1], r[x+1])
	g.vmul(false, r[x], tx, ty)
	g.vmul(true, r[x+1], tx, ty)
	g.vmul(false, r[x], tx, ty)
	g.vmul(true, r[x+1], tx, ty)
	g.put(tx, ty)
}

// xorRot sets y = (y xor x) >>> n for both registers of the pairs.
func (g *group) xorRot(y, x, n int) {
	r := &g.r
	if g.xar { // one XAR: rotate right of the xor
		for k := range 2 {
			g.op("VXAR $%d, V%d.D2, V%d.D2, V%d.D2", n, r[x+k], r[y+k], r[y+k])
		}
		return
	}
	for k := range 2 {
		g.op("VEOR V%d.B16, V%d.B16, V%d.B16", r[x+k], r[y+k], r[y+k])
	}
	for k := range 2 {
		v := r[y+k]
		switch n {
		case 32: // swap the 32-bit halves of each word
			g.op("VREV64 V%d.S4, V%d.S4", v, v)
		case 24:
			g.op("VTBL V%d.B16, [V%d.B16], V%d.B16", rot24, v, v)
		case 16:
			g.op("VTBL V%d.B16, [V%d.B16], V%d.B16", rot16, v, v)
		case 63: // rotate left by one: t = y+y, then insert y>>63 at bit 0
			t := g.get()
			g.op("VADD V%d.D2, V%d.D2, V%d.D2", v, v, t)
			g.op("VSRI $63, V%d.D2, V%d.D2", v, t)
			g.r[y+k] = t
			g.put(v)
		}
	}
}

// quarter runs G on the four columns (or diagonals) held in the group.
func (g *group) quarter() {
	g.blamka(a0, b0)
	g.xorRot(d0, a0, 32)
	g.blamka(c0, d0)
	g.xorRot(b0, c0, 24)
	g.blamka(a0, b0)
	g.xorRot(d0, a0, 16)
	g.blamka(c0, d0)
	g.xorRot(b0, c0, 63)
}

// ext sets the pair p to (EXT(p[i], p[j]), EXT(p[j], p[i])) with i, j the
// two registers of p in the order given: the upper word of the first
// followed by the lower word of the second.
func (g *group) ext(p int, swap bool) {
	r := &g.r
	x, y := r[p], r[p+1]
	if swap {
		x, y = y, x
	}
	t0, t1 := g.get(), g.get()
	g.op("VEXT $8, V%d.B16, V%d.B16, V%d.B16", y, x, t0)
	g.op("VEXT $8, V%d.B16, V%d.B16, V%d.B16", x, y, t1)
	r[p], r[p+1] = t0, t1
	g.put(x, y)
}

// permute is P: the column steps, the rotation into diagonals (b by one
// word, c by two, d by three), the diagonal steps, and the rotation back.
func (g *group) permute() {
	g.quarter()
	g.ext(b0, false)
	g.r[c0], g.r[c1] = g.r[c1], g.r[c0]
	g.ext(d0, true)
	g.quarter()
	g.ext(b0, true)
	g.r[c0], g.r[c1] = g.r[c1], g.r[c0]
	g.ext(d0, false)
}

type emitter struct{ b strings.Builder }

func (e *emitter) line(format string, args ...any) {
	fmt.Fprintf(&e.b, format, args...)
	e.b.WriteByte('\n')
}

func (e *emitter) op(format string, args ...any) { e.line("\t"+format, args...) }

// interleave emits the instructions of the groups one by one in turn.
func (e *emitter) interleave(gs ...*group) {
	for i := 0; ; i++ {
		done := true
		for _, g := range gs {
			if i < len(g.out) {
				e.op("%s", g.out[i])
				done = false
			}
		}
		if done {
			break
		}
	}
	for _, g := range gs {
		g.out = nil
	}
}

func seq(base int) (r [8]int) {
	for i := range r {
		r[i] = base + i
	}
	return r
}

// kernel writes compress<isa>, or compressXor<isa> when xor is set: with
// isa SHA3 the rotations are XARs.
func (e *emitter) kernel(isa string, xor bool) {
	name, xar := "compress"+isa, isa == "SHA3"
	if xor {
		name = "compressXor" + isa
	}
	e.line("// func %s(out *block, x *block, y *block)", name)
	e.line("// Requires: %s", map[bool]string{false: "ASIMD", true: "ARM64.SHA3, ASIMD"}[xar])
	e.line("TEXT ·%s(SB), 0, $1024-24", name)
	e.op("MOVD out+0(FP), R0")
	e.op("MOVD x+8(FP), R1")
	e.op("MOVD y+16(FP), R2")
	e.op("MOVD $·rotTables<>(SB), R3")
	e.op("VLD1 (R3), [V%d.B16, V%d.B16]", rot24, rot16)
	e.op("ADD $8, RSP, R3 // R3: the 1 KiB buffer of permuted rows")
	e.line("")
	e.op("// Row pass: R = x xor y, two rows at a time, P on each, into the buffer.")
	e.op("MOVD R1, R4")
	e.op("MOVD R2, R5")
	e.op("MOVD R3, R6")
	e.op("MOVD $4, R7")
	e.line("rows_%s:", name)
	e.op("VLD1.P 64(R4), [V0.D2, V1.D2, V2.D2, V3.D2]")
	e.op("VLD1.P 64(R4), [V4.D2, V5.D2, V6.D2, V7.D2]")
	e.op("VLD1.P 64(R4), [V8.D2, V9.D2, V10.D2, V11.D2]")
	e.op("VLD1.P 64(R4), [V12.D2, V13.D2, V14.D2, V15.D2]")
	for h := range 2 {
		e.op("VLD1.P 64(R5), [V16.D2, V17.D2, V18.D2, V19.D2]")
		e.op("VLD1.P 64(R5), [V20.D2, V21.D2, V22.D2, V23.D2]")
		for i := range 8 {
			e.op("VEOR V%d.B16, V%d.B16, V%d.B16", 16+i, 8*h+i, 8*h+i)
		}
	}
	ga, gb := newGroup(xar, seq(0), 16, 17, 18, 19), newGroup(xar, seq(8), 20, 21, 22, 23)
	ga.permute()
	gb.permute()
	e.interleave(ga, gb)
	for h, g := range []*group{ga, gb} {
		for j := 0; j < 8; j += 2 {
			e.op("FSTPQ (F%d, F%d), %d(R6)", g.r[j], g.r[j+1], 128*h+16*j)
		}
	}
	e.op("ADD $256, R6")
	e.op("SUBS $1, R7")
	e.op("BNE rows_%s", name)
	e.line("")
	e.op("// Column pass: columns 2k and 2k+1 of the buffer, P on each, then")
	e.op("// out = R xor Q%s for them.", map[bool]string{true: " xor out", false: ""}[xor])
	e.op("MOVD $4, R7")
	e.line("cols_%s:", name)
	for r := range 8 {
		e.op("FLDPQ %d(R3), (F%d, F%d)", 128*r, r, 8+r)
	}
	ga, gb = newGroup(xar, seq(0), 16, 17, 18, 19), newGroup(xar, seq(8), 20, 21, 22, 23)
	ga.permute()
	gb.permute()
	e.interleave(ga, gb)
	for r := range 8 {
		e.op("FLDPQ %d(R1), (F24, F25)", 128*r)
		e.op("FLDPQ %d(R2), (F26, F27)", 128*r)
		if xor {
			e.op("FLDPQ %d(R0), (F28, F29)", 128*r)
		}
		e.op("VEOR V26.B16, V24.B16, V24.B16")
		e.op("VEOR V27.B16, V25.B16, V25.B16")
		e.op("VEOR V%d.B16, V24.B16, V24.B16", ga.r[r])
		e.op("VEOR V%d.B16, V25.B16, V25.B16", gb.r[r])
		if xor {
			e.op("VEOR V28.B16, V24.B16, V24.B16")
			e.op("VEOR V29.B16, V25.B16, V25.B16")
		}
		e.op("FSTPQ (F24, F25), %d(R0)", 128*r)
	}
	e.op("ADD $32, R0")
	e.op("ADD $32, R1")
	e.op("ADD $32, R2")
	e.op("ADD $32, R3")
	e.op("SUBS $1, R7")
	e.op("BNE cols_%s", name)
	e.op("RET")
	e.line("")
}

func main() {
	var e emitter
	goasm.Main(&e.b, func() {
		e.line("// Byte shuffles (VTBL indices) rotating each 64-bit word right by 24")
		e.line("// and by 16 bits.")
		goasm.Table64(&e.b, "·rotTables", 0x0201000706050403, 0x0a09080f0e0d0c0b, 0x0100070605040302, 0x09080f0e0d0c0b0a)
		e.line("")
		for _, isa := range []string{"NEON", "SHA3"} {
			e.kernel(isa, false)
			e.kernel(isa, true)
		}
	})
}
