// Command md5 generates the amd64 MD5 kernel of package md5 (blockAMD64),
// a scalar compression function scheduled for latency. Declaration:
// md5/md5block_amd64.go.
package main

//go:generate go run . -out ../../md5/md5block_amd64.s -pkg md5

import (
	"math"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	_ "github.com/hashkit/hashkit/md5"
)

func main() {
	Package("github.com/hashkit/hashkit/md5")
	ConstraintExpr("!purego")
	genBlock()
	Generate()
}

// shifts are the rotation amounts of RFC 1321 section 3.4, per round.
var shifts = [4][4]uint64{{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}}

// t returns T[i] = floor(2^32 * abs(sin(i+1))), RFC 1321 section 3.4.
func t(i int) uint32 { return uint32(math.Floor(4294967296 * math.Abs(math.Sin(float64(i+1))))) }

// word returns the message word of step i.
func word(i int) int {
	switch i / 16 {
	case 0:
		return i
	case 1:
		return (5*i + 1) % 16
	case 2:
		return (3*i + 5) % 16
	default:
		return (7 * i) % 16
	}
}

// genBlock writes blockAMD64(s *[4]uint32, p []byte).
//
// Each step is a = b + ((a + f(b, c, d) + X[k] + T[i]) <<< s). The chain
// runs through b, the newest word; everything that depends only on a, c
// and d (older words) is computed first so it overlaps the previous step:
// a + X[k] + T[i] always, c ^ d for F and H, c & ^d for G, ^d for I. What
// is left after b arrives is 3 or 4 dependent operations plus the
// rotation: F = d ^ (b & (c ^ d)), G = (b & d) + (c & ^d) (the two terms
// share no bits, so the OR is an ADD and the second term joins the sum
// early), H = b ^ (c ^ d), I = c ^ (b | ^d).
func genBlock() {
	Implement("blockAMD64")
	Attributes(NOSPLIT)
	AllocLocal(0)

	sp := Load(Param("s"), GP64())
	p := Load(Param("p").Base(), GP64())
	n := Load(Param("p").Len(), GP64())
	SHRQ(Imm(6), n)
	JZ(LabelRef("done"))
	SHLQ(Imm(6), n)
	end := GP64()
	LEAQ(Mem{Base: p, Index: n, Scale: 1}, end)

	w := [4]GPVirtual{GP32(), GP32(), GP32(), GP32()}
	for i := range w {
		MOVL(Mem{Base: sp, Disp: 4 * i}, w[i])
	}
	save := [4]GPVirtual{GP32(), GP32(), GP32(), GP32()}
	tmp := GP32()

	Label("loop")
	for i := range w {
		MOVL(w[i], save[i])
	}
	for i := range 64 {
		// The roles rotate: step i updates a = w[(-i) mod 4].
		a, b, c, d := w[(64-i)%4], w[(65-i)%4], w[(66-i)%4], w[(67-i)%4]
		ADDL(U32(t(i)), a)
		ADDL(Mem{Base: p, Disp: 4 * word(i)}, a)
		switch i / 16 {
		case 0:
			MOVL(c, tmp)
			XORL(d, tmp)
			ANDL(b, tmp)
			XORL(d, tmp)
		case 1:
			MOVL(d, tmp)
			NOTL(tmp)
			ANDL(c, tmp)
			ADDL(tmp, a)
			MOVL(d, tmp)
			ANDL(b, tmp)
		case 2:
			MOVL(c, tmp)
			XORL(d, tmp)
			XORL(b, tmp)
		default:
			MOVL(d, tmp)
			NOTL(tmp)
			ORL(b, tmp)
			XORL(c, tmp)
		}
		ADDL(tmp, a)
		ROLL(Imm(shifts[i/16][i%4]), a)
		ADDL(b, a)
	}
	for i := range w {
		ADDL(save[i], w[i])
	}
	ADDQ(Imm(64), p)
	CMPQ(p, end)
	JNE(LabelRef("loop"))

	for i := range w {
		MOVL(w[i], Mem{Base: sp, Disp: 4 * i})
	}
	Label("done")
	RET()
}
