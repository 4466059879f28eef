// Command scrypt generates the amd64 BlockMix kernels of package scrypt:
// Salsa20/8 BlockMix with SSE2 and with AVX-512 (VPROLD rotates on XMM
// registers). Declarations: scrypt/blockmix_amd64.go.
//
// The kernels work on blocks kept in the "shuffled" layout of
// scrypt.salsaOrder: each 64-byte sub-block holds the four diagonals
// (x0,x5,x10,x15), (x4,x9,x14,x3), (x8,x13,x2,x7), (x12,x1,x6,x11), the a,
// b, c, d inputs of the four column quarter-rounds. The words are permuted
// once, when scrypt converts B to words, so the core loads each diagonal into
// one register and only rotates lanes between the column and row rounds.
package main

//go:generate go run . -out ../../scrypt/blockmix_amd64.s -pkg scrypt

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	_ "github.com/hashkit/hashkit/scrypt"
)

func main() {
	Package("github.com/hashkit/hashkit/scrypt")
	ConstraintExpr("!purego")
	for _, avx512 := range []bool{false, true} {
		genBlockMix(avx512, false)
		genBlockMix(avx512, true)
	}
	Generate()
}

// isa is the instruction set of one kernel: the few operations the Salsa20
// core needs.
type isa struct {
	avx512 bool
	t0, t1 VecVirtual // scratch
}

func (s isa) load(m Mem, v VecVirtual) {
	if s.avx512 {
		VMOVDQU(m, v)
	} else {
		MOVOU(m, v)
	}
}

func (s isa) store(v VecVirtual, m Mem) {
	if s.avx512 {
		VMOVDQU(v, m)
	} else {
		MOVOU(v, m)
	}
}

// xor sets v ^= w.
func (s isa) xor(w, v VecVirtual) {
	if s.avx512 {
		VPXOR(w, v, v)
	} else {
		PXOR(w, v)
	}
}

// add sets v += w (32-bit lanes).
func (s isa) add(w, v VecVirtual) {
	if s.avx512 {
		VPADDD(w, v, v)
	} else {
		PADDL(w, v)
	}
}

func (s isa) copy(w, v VecVirtual) {
	if s.avx512 {
		VMOVDQA(w, v)
	} else {
		MOVO(w, v)
	}
}

func (s isa) shuffle(imm uint8, v VecVirtual) {
	if s.avx512 {
		VPSHUFD(U8(imm), v, v)
	} else {
		PSHUFD(U8(imm), v, v)
	}
}

// step is one Salsa20 quarter-round step on four columns at once:
// b ^= (a + d) <<< k.
func (s isa) step(b, a, d VecVirtual, k uint8) {
	if s.avx512 {
		VPADDD(a, d, s.t0)
		VPROLD(U8(k), s.t0, s.t0)
		VPXOR(s.t0, b, b)
		return
	}
	MOVO(a, s.t0)
	PADDL(d, s.t0)
	MOVO(s.t0, s.t1)
	PSLLL(U8(k), s.t0)
	PSRLL(U8(32-k), s.t1)
	PXOR(s.t0, b)
	PXOR(s.t1, b)
}

// salsa208 applies the eight rounds of Salsa20/8 (without the final
// addition) to the diagonals a, b, c, d.
//
// The column round works on (a, b, c, d) directly. Rotating b by one lane
// up, c by two and d by one down makes the rows' quarter-rounds line up as
// (a, d, c, b); after the row round the inverse rotations restore the
// diagonals.
func (s isa) salsa208(a, b, c, d VecVirtual) {
	for range 4 {
		s.step(b, a, d, 7)
		s.step(c, b, a, 9)
		s.step(d, c, b, 13)
		s.step(a, d, c, 18)
		s.shuffle(0x93, b)
		s.shuffle(0x4e, c)
		s.shuffle(0x39, d)
		s.step(d, a, b, 7)
		s.step(c, d, a, 9)
		s.step(b, c, d, 13)
		s.step(a, b, c, 18)
		s.shuffle(0x39, b)
		s.shuffle(0x4e, c)
		s.shuffle(0x93, d)
	}
}

// genBlockMix writes blockMix{SSE2,AVX512}(out, in *uint32, r int) (out =
// BlockMix(in)) or blockMixXor...(out, in, x *uint32, r int) (out =
// BlockMix(in xor x)), for 2r sub-blocks of 64 bytes in the shuffled layout.
// out must not overlap in or x.
func genBlockMix(avx512, withX bool) {
	name := "blockMix"
	if withX {
		name += "Xor"
	}
	if avx512 {
		name += "AVX512"
	} else {
		name += "SSE2"
	}
	Implement(name)
	Attributes(NOSPLIT)
	AllocLocal(0)

	out, in, r := GP64(), GP64(), GP64()
	Load(Param("out"), out)
	Load(Param("in"), in)
	var x GPVirtual
	if withX {
		x = GP64()
		Load(Param("x"), x)
	}
	Load(Param("r"), r)

	s := isa{avx512: avx512, t0: XMM(), t1: XMM()}
	// Even sub-blocks' outputs go to out[0:r], odd ones' to out[r:2r].
	out2 := GP64()
	MOVQ(r, out2)
	SHLQ(U8(6), out2)
	ADDQ(out, out2)

	T := [4]VecVirtual{XMM(), XMM(), XMM(), XMM()} // Y_{i-1}, then Y_i
	S := [4]VecVirtual{XMM(), XMM(), XMM(), XMM()} // the input of Salsa20/8, for the feed-forward
	if withX {
		// x is a random table block V_j: ask for all its cache lines now,
		// so that the misses overlap instead of stalling each sub-block.
		Comment("Prefetch x")
		p, end := GP64(), GP64()
		MOVQ(x, p)
		MOVQ(r, end)
		SHLQ(U8(7), end)
		ADDQ(x, end)
		Label("prefetch")
		PREFETCHT0(Mem{Base: p})
		ADDQ(U8(64), p)
		CMPQ(p, end)
		JB(LabelRef("prefetch"))
	}
	Comment("T = B_{2r-1} (xor X_{2r-1})")
	last := GP64()
	MOVQ(r, last)
	SHLQ(U8(7), last)
	for i := range 4 {
		m := Mem{Base: in, Index: last, Scale: 1, Disp: 16*i - 64}
		s.load(m, T[i])
		if withX {
			s.load(Mem{Base: x, Index: last, Scale: 1, Disp: 16*i - 64}, s.t0)
			s.xor(s.t0, T[i])
		}
	}

	// sub processes the sub-block at in+off (and x+off) and stores Y at dst.
	sub := func(off int, dst GPVirtual) {
		Comment(fmt.Sprintf("Y = Salsa20/8(T xor B[+%d]); store", off))
		for i := range 4 {
			s.load(Mem{Base: in, Disp: off + 16*i}, S[i])
			if withX {
				s.load(Mem{Base: x, Disp: off + 16*i}, s.t0)
				s.xor(s.t0, S[i])
			}
			s.xor(S[i], T[i])
			s.copy(T[i], S[i])
		}
		s.salsa208(T[0], T[1], T[2], T[3])
		for i := range 4 {
			s.add(S[i], T[i])
			s.store(T[i], Mem{Base: dst, Disp: 16 * i})
		}
	}

	Label("loop")
	sub(0, out)
	sub(64, out2)
	ADDQ(U8(128), in)
	if withX {
		ADDQ(U8(128), x)
	}
	ADDQ(U8(64), out)
	ADDQ(U8(64), out2)
	DECQ(r)
	JNZ(LabelRef("loop"))
	if avx512 {
		VZEROUPPER()
	}
	RET()
}
