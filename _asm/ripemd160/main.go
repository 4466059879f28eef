// Command ripemd160 generates the amd64 RIPEMD-160 kernel of package
// ripemd160 (blockAMD64): the two lines of the compression function fully
// unrolled and interleaved, so the out-of-order core runs them side by
// side. Declaration: ripemd160/ripemd160block_amd64.go.
package main

//go:generate go run . -out ../../ripemd160/ripemd160block_amd64.s -pkg ripemd160

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	_ "github.com/hashkit/hashkit/ripemd160"
)

func main() {
	Package("github.com/hashkit/hashkit/ripemd160")
	ConstraintExpr("!purego")
	genBlock()
	Generate()
}

// The tables of the RIPEMD-160 paper, appendix A. Step i of round r
// takes message word ρ^r(i) in the left line and ρ^r(π(i)) in the right
// one, π(i) = 9i + 5 mod 16; a word's rotation depends only on the round and
// the word, so the right line's rotations are the left line's at π(i).
var (
	rho = [16]int{7, 4, 13, 1, 10, 6, 15, 3, 12, 0, 9, 5, 2, 14, 11, 8}
	// rl, rr: the message word of each step of the left and right lines.
	rl, rr [80]int
	// sl, sr: the rotation of each step of the left and right lines.
	sl = [80]uint64{
		11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8,
		7, 6, 8, 13, 11, 9, 7, 15, 7, 12, 15, 9, 11, 7, 13, 12,
		11, 13, 6, 7, 14, 9, 13, 15, 14, 8, 13, 6, 5, 12, 7, 5,
		11, 12, 14, 15, 14, 15, 9, 8, 9, 14, 5, 6, 8, 6, 5, 12,
		9, 15, 5, 11, 6, 8, 13, 12, 5, 12, 13, 14, 11, 8, 5, 6,
	}
	sr [80]uint64
	// kl, kr: the constants of each round of the left and right lines.
	kl = [5]uint32{0x00000000, 0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xa953fd4e}
	kr = [5]uint32{0x50a28be6, 0x5c4dd124, 0x6d703ef3, 0x7a6d76e9, 0x00000000}
)

// init computes rl, rr and sr as the comment above the tables says.
func init() {
	for i := range 16 {
		pi := (9*i + 5) % 16
		w, wr := i, pi // ρ^r(i), ρ^r(π(i))
		for r := range 5 {
			rl[16*r+i], rr[16*r+i] = w, wr
			sr[16*r+i] = sl[16*r+pi]
			w, wr = rho[w], rho[wr]
		}
	}
}

// step writes one step of a line: with the roles (A, B, C, D, E) of the
// five registers w at step j, A = rol_s(A + f(B, C, D) + X + K) + E and
// C = rol_10(C); renaming the registers then gives the paper's
// A = E, E = D, D = rol_10(C), C = B, B = T. Each f is arranged so that
// the work on B, the newest word, is short; the rest overlaps the
// previous step.
func step(w [5]GPVirtual, t GPVirtual, p Register, j, fn, word int, k uint32, s uint64) {
	role := func(i int) GPVirtual { return w[((i-j)%5+5)%5] }
	a, b, c, d, e := role(0), role(1), role(2), role(3), role(4)
	if k != 0 {
		ADDL(U32(k), a)
	}
	ADDL(Mem{Base: p, Disp: 4 * word}, a)
	switch fn {
	case 0: // x ^ y ^ z
		MOVL(c, t)
		XORL(d, t)
		XORL(b, t)
	case 1: // (x & y) | (^x & z) = z ^ (x & (y ^ z))
		MOVL(c, t)
		XORL(d, t)
		ANDL(b, t)
		XORL(d, t)
	case 2: // (x | ^y) ^ z
		MOVL(c, t)
		NOTL(t)
		ORL(b, t)
		XORL(d, t)
	case 3: // (x & z) | (y & ^z): the terms share no bits, so add them
		MOVL(d, t)
		NOTL(t)
		ANDL(c, t)
		ADDL(t, a)
		MOVL(d, t)
		ANDL(b, t)
	case 4: // x ^ (y | ^z)
		MOVL(d, t)
		NOTL(t)
		ORL(c, t)
		XORL(b, t)
	}
	ADDL(t, a)
	ROLL(Imm(s), a)
	ADDL(e, a)
	ROLL(Imm(10), c)
}

// genBlock writes blockAMD64(s *[5]uint32, p []byte).
func genBlock() {
	Implement("blockAMD64")
	Attributes(NOSPLIT)
	end := AllocLocal(8)

	hp := Load(Param("s"), GP64())
	p := Load(Param("p").Base(), GP64())
	n := Load(Param("p").Len(), GP64())
	SHRQ(Imm(6), n)
	JZ(LabelRef("done"))
	SHLQ(Imm(6), n)
	ADDQ(p, n)
	MOVQ(n, end)

	var l, r [5]GPVirtual
	for i := range l {
		l[i], r[i] = GP32(), GP32()
	}
	tl, tr := GP32(), GP32()

	Label("loop")
	for i := range l {
		MOVL(Mem{Base: hp, Disp: 4 * i}, l[i])
		MOVL(l[i], r[i])
	}
	for j := range 80 {
		round := j / 16
		step(l, tl, p, j, round, rl[j], kl[round], sl[j])
		step(r, tr, p, j, 4-round, rr[j], kr[round], sr[j])
	}
	Comment("Combine the lines: h1+C+D', h2+D+E', h3+E+A', h4+A+B', h0+B+C' become h0..h4.")
	h := func(i int) Mem { return Mem{Base: hp, Disp: 4 * i} }
	ADDL(r[3], l[2])
	ADDL(h(1), l[2]) // new h0, stored last: h1 is still needed below
	for i := 1; i <= 4; i++ {
		// new h_i = h_(i+1 mod 5) + left[(i+2) mod 5] + right[(i+3) mod 5]
		ADDL(r[(i+3)%5], l[(i+2)%5])
		ADDL(h((i+1)%5), l[(i+2)%5])
	}
	for i := 1; i <= 4; i++ {
		MOVL(l[(i+2)%5], h(i))
	}
	MOVL(l[2], h(0))

	ADDQ(Imm(64), p)
	CMPQ(p, end)
	JNE(LabelRef("loop"))
	Label("done")
	RET()
}
