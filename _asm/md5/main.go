// Command md5 generates the amd64 MD5 kernel of package md5 (blockAMD64),
// the scalar compression function of crypto/md5. Declaration:
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

// genBlock writes blockAMD64(s *[4]uint32, p []byte): the instruction
// stream of crypto/md5's amd64 block function (Go 1.26, its
// crypto/md5/_asm generator: Marc Bevand's public-domain MD5 for AMD64 as
// the Go Authors translated it, BSD licence), which is already at the
// latency bound of one message (a step depends on the last through 4 or 5
// operations). A kernel scheduled differently measured slower per block,
// so this one is the same code, and hashkit's MD5 is crypto/md5's plus the
// Go around it.
//
// The next step's message word is loaded into R8 a step ahead; R9, R10
// and R11 carry the parts of the round function that do not wait for the
// newest word b: c ^ d (and d) for F, d and ^d for G (an addition of its
// two disjoint terms, animetosho/md5-optimisation's dependency shortcut),
// the running b ^ c ^ d for H, ^d for I (R11 holds all ones).
func genBlock() {
	Implement("blockAMD64")
	Attributes(NOSPLIT)
	AllocLocal(8) // BP holds the state pointer: the assembler saves it

	Load(Param("s"), RBP)
	Load(Param("p").Base(), RSI)
	Load(Param("p").Len(), RDX)
	SHRQ(Imm(6), RDX)
	SHLQ(Imm(6), RDX)
	LEAQ(Mem{Base: SI, Index: DX, Scale: 1}, RDI)
	w := [4]GPPhysical{EAX, EBX, ECX, EDX}
	save := [4]GPPhysical{R12L, R13L, R14L, R15L}
	for i, r := range w {
		MOVL(Mem{Base: BP, Disp: 4 * i}, r)
	}
	MOVL(Imm(0xffffffff), R11L)
	CMPQ(RSI, RDI)
	JEQ(LabelRef("end"))

	Label("loop")
	for i, r := range w {
		MOVL(r, save[i])
	}
	MOVL(Mem{Base: SI}, R8L)
	MOVL(EDX, R9L)
	for i := range 64 {
		// The roles rotate: step i updates a = w[(-i) mod 4].
		a, b, c, d := w[(64-i)%4], w[(65-i)%4], w[(66-i)%4], w[(67-i)%4]
		next := Mem{Base: SI, Disp: 4 * word((i+1)%64)}
		k, s := U32(t(i)), Imm(shifts[i/16][i%4])
		switch i / 16 {
		case 0: // F = d ^ (b & (c ^ d)); R9 holds d
			XORL(c, R9L)
			ADDL(k, a)
			ADDL(R8L, a)
			ANDL(b, R9L)
			XORL(d, R9L)
			MOVL(next, R8L)
			ADDL(R9L, a)
			ROLL(s, a)
			MOVL(c, R9L)
			ADDL(b, a)
		case 1: // G = (b & d) + (c & ^d); R9 and R10 hold d
			if i == 16 {
				MOVL(EDX, R9L)
				MOVL(EDX, R10L)
			}
			XORL(R11L, R9L)
			ADDL(k, a)
			ADDL(R8L, a)
			ANDL(b, R10L)
			ANDL(c, R9L)
			MOVL(next, R8L)
			ADDL(R9L, a)
			ADDL(R10L, a)
			MOVL(c, R9L)
			MOVL(c, R10L)
			ROLL(s, a)
			ADDL(b, a)
		case 2: // H = b ^ c ^ d; R9 holds c ^ d from the step before
			if i == 32 {
				MOVL(ECX, R9L)
				MOVL(d, R9L)
				XORL(c, R9L)
				XORL(b, R9L)
			} else {
				XORL(a, R9L)
				XORL(b, R9L)
			}
			ADDL(k, a)
			ADDL(R8L, a)
			MOVL(next, R8L)
			ADDL(R9L, a)
			ROLL(s, a)
			ADDL(b, a)
		default: // I = c ^ (b | ^d); R9 holds ^d
			if i == 48 {
				MOVL(R11L, R9L)
				XORL(EDX, R9L)
			}
			ADDL(k, a)
			ADDL(R8L, a)
			ORL(b, R9L)
			XORL(c, R9L)
			ADDL(R9L, a)
			MOVL(next, R8L)
			MOVL(U32(0xffffffff), R9L)
			ROLL(s, a)
			XORL(c, R9L)
			ADDL(b, a)
		}
	}
	for i, r := range w {
		ADDL(save[i], r)
	}
	ADDQ(Imm(64), RSI)
	CMPQ(RSI, RDI)
	JB(LabelRef("loop"))

	Label("end")
	for i, r := range w {
		MOVL(r, Mem{Base: BP, Disp: 4 * i})
	}
	RET()
}
