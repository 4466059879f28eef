// Command single generates the single-state amd64 kernels of
// internal/keccak: Keccak-p[1600] with the whole state held in registers.
// Declarations: internal/keccak/p1600_amd64.go.
//
// The AVX-512 kernel keeps each of the 25 lanes in the low quadword of its
// own XMM register (AVX-512 gives 32 of them, with VL for the 128-bit
// forms), so a permutation touches memory only to load and store the state
// (or to XOR in message blocks). χ is one VPTERNLOGQ per lane, θ's column
// parities two per column and its application one per lane, ρ a VPROLQ; π
// costs nothing, since it only renames registers: the generator tracks which
// register holds which lane. π has order 24 on the lanes, so after 24 rounds
// (or rounds 12..23 entered with the mapping of π^12) every lane is back in
// its own register.
package main

//go:generate go run . -out ../../../internal/keccak/p1600_amd64.s -pkg keccak

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	_ "github.com/hashkit/hashkit/internal/keccak"
)

// Round constants RC[ir] (FIPS 202 Algorithm 6), plus one zero so that the
// 16-byte memory operand of the last ι stays inside the table.
var rc = [25]uint64{
	0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
	0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
	0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
	0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
	0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
	0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
	0,
}

// rho[x+5y] is ρ's rotation of lane (x, y) (FIPS 202 section 3.2.2).
var rho = [25]int{
	0, 1, 62, 28, 27,
	36, 44, 6, 55, 20,
	3, 10, 43, 25, 39,
	41, 45, 15, 21, 8,
	18, 2, 61, 56, 14,
}

// pi returns where π moves lane (x, y): to (y, 2x+3y).
func pi(l int) int {
	x, y := l%5, l/5
	return y + 5*((2*x+3*y)%5)
}

var xmm = []reg.VecPhysical{
	reg.X0, reg.X1, reg.X2, reg.X3, reg.X4, reg.X5, reg.X6, reg.X7,
	reg.X8, reg.X9, reg.X10, reg.X11, reg.X12, reg.X13, reg.X14, reg.X15,
	reg.X16, reg.X17, reg.X18, reg.X19, reg.X20, reg.X21, reg.X22, reg.X23,
	reg.X24, reg.X25, reg.X26, reg.X27, reg.X28, reg.X29, reg.X30, reg.X31,
}

// Registers X0..X24 hold the lanes; X25..X29 θ's column parities (and χ's
// saved lanes); X30 and X31 temporaries.
var (
	cReg = xmm[25:30]
	t0   = xmm[30]
	t1   = xmm[31]
)

const (
	xor3 = 0x96 // a ^ b ^ c
	chi  = 0xD2 // a ^ (^b & c): bit (a<<2 | b<<1 | c) of the immediate
)

// mapping[l] is the register holding lane l.
type mapping [25]reg.VecPhysical

func identity() mapping {
	var m mapping
	for l := range m {
		m[l] = xmm[l]
	}
	return m
}

// after returns the mapping after one round that started with m.
func (m mapping) after() mapping {
	var n mapping
	for l := range m {
		n[pi(l)] = m[l]
	}
	return n
}

// round emits round ir of Keccak-f[1600] on the lanes in m and returns the
// mapping afterwards.
func round(m mapping, ir int, rc Mem) mapping {
	Comment(fmt.Sprintf("Round %d of the loop body", ir))
	// θ: column parities C[x], then A[x,y] ^= C[x-1] ^ rol(C[x+1], 1).
	for x := range 5 {
		VMOVDQA64(m[x], cReg[x])
		VPTERNLOGQ(U8(xor3), m[x+10], m[x+5], cReg[x])
		VPTERNLOGQ(U8(xor3), m[x+20], m[x+15], cReg[x])
	}
	for x := range 5 {
		VPROLQ(U8(1), cReg[(x+1)%5], t0)
		for y := range 5 {
			VPTERNLOGQ(U8(xor3), t0, cReg[(x+4)%5], m[x+5*y])
		}
	}
	// ρ in place, then π by renaming.
	for l := 1; l < 25; l++ {
		VPROLQ(U8(rho[l]), m[l], m[l])
	}
	m = m.after()
	// χ along each row: A[x] ^= ^A[x+1] & A[x+2], with A[0] and A[1]
	// saved since the last two outputs need their old values.
	for y := 0; y < 25; y += 5 {
		VMOVDQA64(m[y], cReg[0])
		VMOVDQA64(m[y+1], cReg[1])
		VPTERNLOGQ(U8(chi), m[y+2], m[y+1], m[y])
		VPTERNLOGQ(U8(chi), m[y+3], m[y+2], m[y+1])
		VPTERNLOGQ(U8(chi), m[y+4], m[y+3], m[y+2])
		VPTERNLOGQ(U8(chi), cReg[0], m[y+4], m[y+3])
		VPTERNLOGQ(U8(chi), cReg[1], cReg[0], m[y+4])
	}
	// ι.
	VPXORQ(rc.Offset(8*ir), m[0], m[0])
	return m
}

// body emits four rounds, with round constants from rc, and the register
// moves that bring every lane back to its own register: the loop body.
// (Fully unrolled, 24 rounds do not fit the decoded-op cache and run
// slower.)
func body(rc Mem) {
	m := identity()
	for ir := range 4 {
		m = round(m, ir, rc)
	}
	Comment("Lanes back to their registers")
	// m is a permutation of the registers; resolve it cycle by cycle with
	// t0 as the spare.
	done := map[reg.VecPhysical]bool{}
	for l := range 25 {
		if m[l] == xmm[l] || done[xmm[l]] {
			continue
		}
		// Lane l must go to xmm[l]; xmm[l] holds lane k with m[k] = xmm[l].
		VMOVDQA64(xmm[l], t0)
		cur := l
		for {
			done[xmm[cur]] = true
			src := m[cur] // the register holding lane cur
			k := -1
			for j := range 25 {
				if xmm[j] == src {
					k = j
				}
			}
			if src == xmm[l] {
				VMOVDQA64(t0, xmm[cur])
				break
			}
			VMOVDQA64(src, xmm[cur])
			cur = k
		}
	}
}

func main() {
	Package("github.com/hashkit/hashkit/internal/keccak")
	ConstraintExpr("!purego")

	rcTable := GLOBL("roundConstantsAVX512", RODATA|NOPTR)
	for i, c := range rc {
		DATA(8*i, U64(c))
	}

	// p1600AVX512: rounds/4 passes of the four-round body, starting at
	// round 24-rounds.
	TEXT("p1600AVX512", NOSPLIT, "func(a *[25]uint64, rounds int)")
	Doc("p1600AVX512 applies Keccak-p[1600, rounds] for rounds a multiple of 4.")
	Pragma("noescape")
	a := Load(Param("a"), GP64())
	n := Load(Param("rounds"), GP64())
	rcp := GP64()
	LEAQ(rcTable, rcp)
	// rcp = &rc[24-rounds]
	off := GP64()
	MOVQ(n, off)
	SHLQ(Imm(3), off)
	ADDQ(Imm(8*24), rcp)
	SUBQ(off, rcp)
	SHRQ(Imm(2), n)
	id := identity()
	for l := range 25 {
		VMOVQ(Mem{Base: a, Disp: 8 * l}, id[l])
	}
	Label("loop")
	body(Mem{Base: rcp})
	ADDQ(Imm(32), rcp)
	DECQ(n)
	JNZ(LabelRef("loop"))
	for l := range 25 {
		VMOVQ(id[l], Mem{Base: a, Disp: 8 * l})
	}
	RET()

	// absorbAVX512 XORs each block of lanes lanes of p into the state and
	// applies Keccak-f[1600], len(p)/(8*lanes) times.
	TEXT("absorbAVX512", NOSPLIT, "func(a *[25]uint64, p []byte, lanes int)")
	Doc("absorbAVX512 absorbs the whole blocks of p (lanes lanes each, 1..24) with Keccak-f[1600].")
	Pragma("noescape")
	a = Load(Param("a"), GP64())
	p := Load(Param("p").Base(), GP64())
	plen := Load(Param("p").Len(), GP64())
	lanes := Load(Param("lanes"), GP64())
	bs := GP64()
	MOVQ(lanes, bs)
	SHLQ(Imm(3), bs)
	for l := range 25 {
		VMOVQ(Mem{Base: a, Disp: 8 * l}, id[l])
	}
	rcp = GP64()
	cnt := GP64()
	Label("block")
	CMPQ(plen, bs)
	JB(LabelRef("done"))
	for l := range 24 {
		VMOVQ(Mem{Base: p, Disp: 8 * l}, t1)
		VPXORQ(t1, id[l], id[l])
		if l < 23 {
			CMPQ(lanes, Imm(uint64(l+1)))
			JEQ(LabelRef("permute"))
		}
	}
	Label("permute")
	LEAQ(rcTable, rcp)
	MOVQ(U32(6), cnt)
	Label("rounds")
	body(Mem{Base: rcp})
	ADDQ(Imm(32), rcp)
	DECQ(cnt)
	JNZ(LabelRef("rounds"))
	ADDQ(bs, p)
	SUBQ(bs, plen)
	JMP(LabelRef("block"))
	Label("done")
	for l := range 25 {
		VMOVQ(id[l], Mem{Base: a, Disp: 8 * l})
	}
	RET()

	scalarBMI2(rcTable)
	Generate()
}

// scalarBMI2 emits p1600BMI2, the permutation on general-purpose registers
// for CPUs without AVX-512. The state stays in the caller's array and is
// updated in place, as in the Keccak team's Keccak-inplace.c: each output
// plane is written to the five slots its input lanes were read from, output
// x of plane y into the slot of input (x+y) mod 5. With that choice every
// lane is back in its own slot after four rounds (the generator checks), so
// the loop body is four rounds, small enough for the decoded-op cache. θ's
// D values and one plane are in registers; χ is ANDN and XOR (BMI1), θ's
// rotation RORX (BMI2), which keeps its source.
func scalarBMI2(rcTable Mem) {
	TEXT("p1600BMI2", NOSPLIT, "func(a *[25]uint64, rounds int)")
	Doc("p1600BMI2 applies Keccak-p[1600, rounds] for rounds a multiple of 4.")
	Pragma("noescape")
	a := Load(Param("a"), GP64())
	n := Load(Param("rounds"), GP64())
	rcp := GP64()
	LEAQ(rcTable, rcp)
	off := GP64()
	MOVQ(n, off)
	SHLQ(Imm(3), off)
	ADDQ(Imm(8*24), rcp)
	SUBQ(off, rcp)
	SHRQ(Imm(2), n)
	c := []reg.GPVirtual{GP64(), GP64(), GP64(), GP64(), GP64()}
	d := []reg.GPVirtual{GP64(), GP64(), GP64(), GP64(), GP64()}
	t := GP64()
	var slot [25]int // slot[l] is the array index holding lane l
	for l := range slot {
		slot[l] = l
	}
	lane := func(l int) Mem { return Mem{Base: a, Disp: 8 * slot[l]} }
	Label("bmi2loop")
	for ir := range 4 {
		Comment(fmt.Sprintf("Round %d of the loop body", ir))
		// θ: column parities, then D[x].
		for x := range 5 {
			MOVQ(lane(x), c[x])
			for y := 1; y < 5; y++ {
				XORQ(lane(x+5*y), c[x])
			}
		}
		for x := range 5 {
			RORXQ(U8(63), c[(x+1)%5], d[x])
			XORQ(c[(x+4)%5], d[x])
		}
		// Each output plane y: its five lanes through θ, ρ and π into b
		// (the registers of C, now free), then χ, stored in place.
		b := c
		var next [25]int
		for y := range 5 {
			var src [5]int
			for x := range 5 {
				l := (x+3*y)%5 + 5*x // π: lane (x, y) of the output comes from (x+3y, x)
				src[x] = l
				MOVQ(lane(l), b[x])
				XORQ(d[l%5], b[x])
				if rho[l] != 0 {
					ROLQ(U8(rho[l]), b[x])
				}
			}
			for x := range 5 {
				ANDNQ(b[(x+2)%5], b[(x+1)%5], t)
				XORQ(b[x], t)
				if x == 0 && y == 0 {
					XORQ(Mem{Base: rcp, Disp: 8 * ir}, t)
				}
				to := src[(x+y)%5]
				MOVQ(t, lane(to))
				next[x+5*y] = slot[to]
			}
		}
		slot = next
	}
	for l := range slot {
		if slot[l] != l {
			panic("lanes are not back in their slots after four rounds")
		}
	}
	ADDQ(Imm(32), rcp)
	DECQ(n)
	JNZ(LabelRef("bmi2loop"))
	RET()
}
