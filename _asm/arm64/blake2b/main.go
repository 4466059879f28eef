// Command blake2b writes blake2b/block_arm64.s: blocksSHA3, the BLAKE2b
// compression (RFC 7693 section 3.2) with the rows of the work vector in
// Advanced SIMD registers and each xor-and-rotate of G done by one XAR, an
// instruction of the SHA3 extension (Neoverse V1 and N2, Apple M1 and
// later; not the Neoverse N1). Declarations: blake2b/block_arm64.go. avo
// writes amd64 only, so this program prints the Go assembly itself.
//
// Layout. The 16 words v0..v15 are four rows a, b, c, d of four words, each
// row in two registers of two words: a = (v0,v1),(v2,v3), and so on. One
// pass of G code then runs the four column steps two words per
// instruction. For the diagonal steps a is rotated by one word and c by
// three (one VEXT each of its two registers), and d's two registers swap
// places, which costs nothing because the program renames registers as it
// goes: every instruction writes a fresh register from the free list, so
// no copy is ever needed. Rotating a and c rather than b and d puts the
// VEXTs after the additions that last wrote a and c, off the chain of XARs.
// The lanes of the diagonal pass then hold the diagonals in the order
// (3, 0, 1, 2), and the message words are gathered in that order.
//
// The message words of the block stay in V8-V15 (m[2k], m[2k+1] in
// V(8+k)); the pair of words a step adds is gathered from them with one
// VZIP1, VZIP2 or VEXT, or used as it is when it is one register's pair.
//
// Only the rotations need the SHA3 extension; a kernel with them done by
// VEOR and shifts or byte shuffles loses to the portable code on the cores
// that have SHA3, and is not shipped.
package main

//go:generate go run . -out ../../../blake2b/block_arm64.s

import (
	"fmt"
	"log"
	"slices"
	"strings"

	"github.com/hashkit/hashkit/_asm/internal/blake2tab"
	"github.com/hashkit/hashkit/_asm/internal/goasm"
)

// Fixed registers across blocks: the chaining value in V20-V23, iv[0..3]
// in V24-V25 (the initial c row), iv[4..5] in V26, iv[6..7] xor the flags
// in V29 (the initial second half of d), the counter of the block in V28.
const (
	regH     = 20
	regIV    = 24
	regIV45  = 26
	regCount = 28
	regIVF   = 29
	regMsg   = 8
)

type gen struct {
	b      strings.Builder
	free   []int
	pinned map[int]bool // registers that release leaves alone
}

func (g *gen) line(format string, args ...any) { fmt.Fprintf(&g.b, format+"\n", args...) }
func (g *gen) op(format string, args ...any)   { g.line("\t"+format, args...) }

func (g *gen) alloc() int {
	if len(g.free) == 0 {
		log.Fatal("out of registers")
	}
	r := g.free[0]
	g.free = g.free[1:]
	return r
}

func (g *gen) release(r int) {
	if g.pinned[r] {
		return
	}
	if slices.Contains(g.free, r) {
		log.Fatalf("V%d released twice", r)
	}
	g.free = append(g.free, r)
}

// upd writes op(src, *dst) to a fresh register, which becomes *dst.
func (g *gen) upd(format string, src int, dst *int) {
	n := g.alloc()
	g.op(format, src, *dst, n)
	g.release(*dst)
	*dst = n
}

const (
	add = "VADD V%d.D2, V%d.D2, V%d.D2"
	eor = "VEOR V%d.B16, V%d.B16, V%d.B16"
)

// gather returns a register holding the message words (m[i], m[j]) and
// whether it is a temporary to release.
func (g *gen) gather(i, j int) (int, bool) {
	x, y := regMsg+i/2, regMsg+j/2
	switch {
	case i%2 == 0 && j%2 == 0:
		d := g.alloc()
		g.op("VZIP1 V%d.D2, V%d.D2, V%d.D2", y, x, d)
		return d, true
	case i%2 == 1 && j%2 == 1:
		d := g.alloc()
		g.op("VZIP2 V%d.D2, V%d.D2, V%d.D2", y, x, d)
		return d, true
	case i%2 == 1 && j%2 == 0:
		d := g.alloc()
		g.op("VEXT $8, V%d.B16, V%d.B16, V%d.B16", y, x, d)
		return d, true
	case x == y:
		return x, false
	default: // (m[2k], m[2l+1]): lane 0 of x, lane 1 of y
		d := g.alloc()
		g.op("VMOV V%d.B16, V%d.B16", y, d)
		g.op("VMOV V%d.D[0], V%d.D[0]", x, d)
		return d, true
	}
}

// half is one half of G on all four columns (or diagonals): a += b + m,
// d = (d ^ a) >>> r1, c += d, b = (b ^ c) >>> r2, with the rotations
// (32, 24) in the first half and (16, 63) in the second. s holds the rows'
// registers: a in s[0..1], b in s[2..3], c in s[4..5], d in s[6..7]; w the
// message words of the four lanes.
func (g *gen) half(s *[8]int, w [4]int, second bool) {
	for k := range 2 {
		x, tmp := g.gather(w[2*k], w[2*k+1])
		g.upd(add, x, &s[k])
		if tmp {
			g.release(x)
		}
	}
	for k := range 2 {
		g.upd(add, s[2+k], &s[k])
	}
	r1, r2 := 32, 24
	if second {
		r1, r2 = 16, 63
	}
	for k := range 2 {
		g.upd(fmt.Sprintf("VXAR $%d, V%%d.D2, V%%d.D2, V%%d.D2", r1), s[k], &s[6+k])
	}
	for k := range 2 {
		g.upd(add, s[6+k], &s[4+k])
	}
	for k := range 2 {
		g.upd(fmt.Sprintf("VXAR $%d, V%%d.D2, V%%d.D2, V%%d.D2", r2), s[4+k], &s[2+k])
	}
}

// ext returns a fresh register with the upper word of vn and the lower
// word of vm: VEXT $8 of the pair (vn, vm).
func (g *gen) ext(vm, vn int) int {
	d := g.alloc()
	g.op("VEXT $8, V%d.B16, V%d.B16, V%d.B16", vm, vn, d)
	return d
}

// diagonalize moves the rows from columns to diagonals (undo: back): a
// rotated by one word, c by three, d's registers swapped.
func (g *gen) diagonalize(s *[8]int, undo bool) {
	a0, a1, c0, c1 := s[0], s[1], s[4], s[5]
	if !undo {
		s[0], s[1] = g.ext(a0, a1), g.ext(a1, a0)
		s[4], s[5] = g.ext(c1, c0), g.ext(c0, c1)
	} else {
		s[0], s[1] = g.ext(a1, a0), g.ext(a0, a1)
		s[4], s[5] = g.ext(c0, c1), g.ext(c1, c0)
	}
	for _, r := range []int{a0, a1, c0, c1} {
		g.release(r)
	}
	s[6], s[7] = s[7], s[6]
}

func (g *gen) kernel() {
	g.line("// func blocksSHA3(h *[8]uint64, c *[2]uint64, f0 uint64, f1 uint64, p []byte)")
	g.line("// Requires: ARM64.SHA3, ASIMD")
	g.line("TEXT ·blocksSHA3(SB), NOSPLIT, $0-56")
	g.op("MOVD h+0(FP), R0")
	g.op("MOVD c+8(FP), R1")
	g.op("MOVD p_base+32(FP), R2")
	g.op("MOVD p_len+40(FP), R3")
	g.op("CBZ R3, done")
	g.op("// V20-V23: h; V24-V26: iv[0..5]; V29: iv[6..7] ^ (f0, f1), the second")
	g.op("// half of the initial d row; the first is made per block from the counter.")
	g.op("VLD1 (R0), [V%d.D2, V%d.D2, V%d.D2, V%d.D2]", regH, regH+1, regH+2, regH+3)
	g.op("MOVD $·iv(SB), R6") // the portable code's iv
	g.op("VLD1 (R6), [V%d.D2, V%d.D2, V%d.D2, V27.D2]", regIV, regIV+1, regIV45)
	g.op("MOVD f0+16(FP), R7")
	g.op("MOVD f1+24(FP), R8")
	g.op("VMOV R7, V%d.D[0]", regIVF)
	g.op("VMOV R8, V%d.D[1]", regIVF)
	g.op(eor, 27, regIVF, regIVF)
	g.op("LDP (R1), (R4, R5)")
	g.line("")
	g.line("loop:")
	g.op("// The counter t += 128, carried into its upper word.")
	g.op("ADDS $128, R4, R4")
	g.op("ADC ZR, R5, R5")
	g.op("VMOV R4, V%d.D[0]", regCount)
	g.op("VMOV R5, V%d.D[1]", regCount)
	g.op("// The message words m[2k], m[2k+1] in V(8+k).")
	g.op("VLD1.P 64(R2), [V%d.D2, V%d.D2, V%d.D2, V%d.D2]", regMsg, regMsg+1, regMsg+2, regMsg+3)
	g.op("VLD1.P 64(R2), [V%d.D2, V%d.D2, V%d.D2, V%d.D2]", regMsg+4, regMsg+5, regMsg+6, regMsg+7)
	g.pinned = map[int]bool{}
	for _, r := range []int{regH, regH + 1, regH + 2, regH + 3, regIV, regIV + 1, regIV45, regCount, regIVF} {
		g.pinned[r] = true
	}
	// V27 held iv[6..7] only until V29 was made.
	g.free = []int{0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 27, 30, 31}
	s := [8]int{regH, regH + 1, regH + 2, regH + 3, regIV, regIV + 1, 0, regIVF}
	s[6] = g.alloc()
	g.op(eor, regCount, regIV45, s[6])
	for r := range 12 {
		w := blake2tab.Sigma[r%10] // SIGMA's row r mod 10
		g.op("// Round %d: G on the columns, then (after the VEXTs) on the diagonals.", r)
		if r == 0 {
			g.op("// Each VXAR $n is d = (d ^ a) >>> n or b = (b ^ c) >>> n.")
		}
		g.half(&s, [4]int{w[0], w[2], w[4], w[6]}, false)
		g.half(&s, [4]int{w[1], w[3], w[5], w[7]}, true)
		g.diagonalize(&s, false)
		g.half(&s, [4]int{w[14], w[8], w[10], w[12]}, false)
		g.half(&s, [4]int{w[15], w[9], w[11], w[13]}, true)
		g.diagonalize(&s, true)
	}
	g.op("// h ^= a ^ c (words 0..3), h ^= b ^ d (words 4..7).")
	for k := range 2 {
		g.op(eor, s[4+k], s[k], s[k])
		g.op(eor, s[k], regH+k, regH+k)
		g.op(eor, s[6+k], s[2+k], s[2+k])
		g.op(eor, s[2+k], regH+2+k, regH+2+k)
	}
	g.op("SUBS $128, R3, R3")
	g.op("BNE loop")
	g.op("VST1 [V%d.D2, V%d.D2, V%d.D2, V%d.D2], (R0)", regH, regH+1, regH+2, regH+3)
	g.op("STP (R4, R5), (R1)")
	g.line("")
	g.line("done:")
	g.op("RET")
}

func main() {
	var g gen
	goasm.Main(&g.b, g.kernel)
}
