package blake2gen

import (
	"fmt"
	"slices"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/hashkit/hashkit/_asm/internal/asmutil"
	"github.com/hashkit/hashkit/_asm/internal/blake2tab"
)

// ISA picks the instructions of a vector kernel (EmitVector).
type ISA int

const (
	// SSE41: XMM rows with legacy two-operand instructions, rotations by
	// PSHUFB (byte multiples) or two shifts and an XOR. BLAKE2s only.
	SSE41 ISA = iota
	// AVX2: VEX instructions, YMM rows for BLAKE2b and XMM rows for
	// BLAKE2s, rotations by VPSHUFD, VPSHUFB or two shifts and an XOR, the
	// message gathered by AVX2 broadcasts.
	AVX2
	// AVX512: the AVX2 kernel (XMM rows for BLAKE2s) with every rotation one
	// AVX-512VL VPROR.
	AVX512
)

// Variant returns the scalar kernel blocksBMI2 of BLAKE2b (word 8) or
// BLAKE2s (word 4), with its rounds, rotations and IV (RFC 7693 section 2).
func Variant(word int) Kernel {
	k := Kernel{Name: "blocksBMI2", Word: word, Rounds: 12, Rot: [4]int{32, 24, 16, 63}, IV: blake2tab.IV}
	if word == 4 {
		k.Rounds, k.Rot = 10, [4]int{16, 12, 8, 7}
		for i := range k.IV {
			k.IV[i] >>= 32
		}
	}
	return k
}

// EmitFamily emits every amd64 kernel of the package of k's variant: the
// scalar BMI2 one (k) and its final-block variant with AVX-512BW masked
// loads, and the vector kernels, one row of the work vector per register,
// with the instructions of narrow (AVX2 for BLAKE2b, SSE4.1 for BLAKE2s)
// and with AVX-512VL rotations, each also as a final-block variant.
func EmitFamily(k Kernel, narrow ISA) {
	Emit(k)
	// The final block of a one-shot hash, read in place.
	k.Name, k.Last = "lastAVX512", true
	Emit(k)
	suffix := map[ISA]string{SSE41: "SSE41", AVX2: "AVX2"}[narrow]
	k.Name, k.Last = "blocks"+suffix, false
	EmitVector(k, narrow)
	k.Name = "blocksAVX512VL"
	EmitVector(k, AVX512)
	k.Name, k.Last = "lastAVX512VL", true
	EmitVector(k, AVX512)
	k.Name = "last" + suffix
	EmitVector(k, narrow)
}

// A vector kernel keeps each row of the work vector in one register, lane j
// of row A holding v[j], of B v[4+j], and so on, so one instruction applies
// a step of G to all four columns. For the diagonal step the rows are
// rotated by lanes; the usual way rotates B, C and D, which puts a
// permutation (3 cycles across 128-bit lanes on Intel) on the path from B,
// the last row to be finished, to the next step. Here A, C and D rotate
// instead, each right after its last use in the step, so the permutations
// run while B's last XOR and rotation are still on their way: lane j then
// holds the diagonal G whose b is v[4+j], and the message words are placed
// to match.
//
// The message words of each step are gathered from the block with loads
// that need no shuffle port: a broadcast of each word blended into place,
// or a 16-byte load for two words in order (BLAKE2b); BLAKE2s under SSE4.1
// inserts them with PINSRD.

type vgen struct {
	cfg  Kernel
	isa  ISA
	ymm  bool // BLAKE2b: 256-bit rows
	msg  Mem  // where the block's words are read
	rows [4]reg.VecPhysical
	m, u reg.VecPhysical // the gathered message vector and a scratch register
	t    reg.VecPhysical // scratch of the shift rotations
	mask [2]reg.VecPhysical
	h    [2]reg.VecPhysical // h[0..3], h[4..7]
	f    reg.VecPhysical    // IV[4..7] ^ (0, 0, f0, f1)
	iv   Mem                // IV[0..7], then the PSHUFB masks
	// shufRots are the rotations done by PSHUFB with mask[i]: the byte
	// multiples but BLAKE2b's 32, a VPSHUFD.
	shufRots []int
}

// EmitVector emits the vector kernel of cfg with the instructions of isa;
// its Go declaration is the one Emit takes.
func EmitVector(cfg Kernel, isa ISA) {
	W := cfg.Word
	bs := 16 * W
	g := &vgen{cfg: cfg, isa: isa, ymm: W == 8}
	for _, r := range cfg.Rot {
		if r%8 == 0 && r != 32 {
			g.shufRots = append(g.shufRots, r)
		}
	}
	if g.ymm && isa == SSE41 {
		panic("blake2gen: no SSE4.1 kernel for 64-bit words")
	}
	v := func(i int) reg.VecPhysical {
		if g.ymm {
			return []reg.VecPhysical{reg.Y0, reg.Y1, reg.Y2, reg.Y3, reg.Y4, reg.Y5, reg.Y6, reg.Y7,
				reg.Y8, reg.Y9, reg.Y10, reg.Y11, reg.Y12, reg.Y13, reg.Y14, reg.Y15}[i]
		}
		return []reg.VecPhysical{reg.X0, reg.X1, reg.X2, reg.X3, reg.X4, reg.X5, reg.X6, reg.X7,
			reg.X8, reg.X9, reg.X10, reg.X11, reg.X12, reg.X13, reg.X14, reg.X15}[i]
	}
	g.rows = [4]reg.VecPhysical{v(0), v(1), v(2), v(3)}
	g.m, g.u, g.t = v(4), v(5), v(10)
	g.f = v(11)
	g.mask = [2]reg.VecPhysical{v(12), v(13)}
	g.h = [2]reg.VecPhysical{v(14), v(15)}
	g.iv = g.constants()

	Implement(cfg.Name)
	Attributes(NOSPLIT)
	what := map[ISA]string{SSE41: "SSE4.1", AVX2: "AVX2", AVX512: "AVX-512VL rotations"}[isa]
	if cfg.Last {
		Doc(fmt.Sprintf("%s compresses the final block, the len(p) <= %d bytes of p zero-filled, into h (RFC 7693 section 3.2), one row of the work vector per register (%s).", cfg.Name, bs, what))
	} else {
		Doc(fmt.Sprintf("%s compresses the %d-byte blocks of p into h (RFC 7693 section 3.2), one row of the work vector per register (%s).", cfg.Name, bs, what))
	}
	// loadMasked uses RDX, RSI and RDI.
	p, n, hp, cp := reg.RAX, reg.RBX, reg.R12, reg.R13
	Load(Param("p").Base(), p)
	Load(Param("p").Len(), n)
	if cfg.Last {
		g.msg = AllocLocal(bs)
	} else {
		SHRQ(U8(map[int]uint64{128: 7, 64: 6}[bs]), n)
		JZ(LabelRef("done"))
		g.msg = Mem{Base: p}
	}

	Comment("h to registers, t to R8 (and R9), IV[4..7] ^ (0, 0, f0, f1) to a register.")
	Load(Param("h"), hp)
	Load(Param("c"), cp)
	g.movu(Mem{Base: hp}, g.h[0])
	g.movu(Mem{Base: hp, Disp: 4 * W}, g.h[1])
	MOVQ(Mem{Base: cp}, reg.R8)
	if g.ymm {
		MOVQ(Mem{Base: cp, Disp: 8}, reg.R9)
		VMOVQ(mustAddr(Param("f0")), g.f.AsX())
		VPINSRQ(U8(1), mustAddr(Param("f1")), g.f.AsX(), g.f.AsX())
		VPERMQ(U8(0x4e), g.f, g.f)
		VPXOR(g.iv.Offset(32), g.f, g.f)
	} else {
		// (f0, f1) as one quadword: the vet check of arguments wants
		// 4-byte moves of them.
		Load(Param("f0"), reg.R10)
		Load(Param("f1"), reg.R11)
		SHLQ(U8(32), reg.R11)
		ORQ(reg.R11, reg.R10)
		g.movqGP(reg.R10, g.f)
		g.pshufd(0x4a, g.f, g.f)
		g.movu(g.iv.Offset(16), g.u)
		g.pxor(g.u, g.f)
	}
	if isa != AVX512 {
		g.movu(g.iv.Offset(8*W), g.mask[0])
		g.movu(g.iv.Offset(12*W), g.mask[1])
	}

	if cfg.Last {
		Comment("The last block: its bytes, zero-filled, to the stack; count them in t.")
		if isa == AVX512 {
			MOVQ(n, reg.RCX)
			loadMasked(p, reg.RCX, g.msg, bs)
		} else {
			asmutil.StoreBytes("last", p, n, reg.RDX, reg.RSI, reg.RDI, reg.R10, reg.R11, g.u.AsX().(reg.VecPhysical), g.msg, bs, g.vex())
		}
		ADDQ(n, reg.R8)
	} else {
		Label("loop")
		Comment("Count the block's bytes in t.")
		ADDQ(U32(bs), reg.R8)
	}
	if g.ymm {
		ADCQ(U32(0), reg.R9)
	}

	Comment("The work vector: rows h[0..3], h[4..7], IV[0..3], IV[4..7] ^ (t0, t1, f0, f1).")
	A, B, C, D := g.rows[0], g.rows[1], g.rows[2], g.rows[3]
	if g.ymm {
		VMOVQ(reg.R8, D.AsX())
		VPINSRQ(U8(1), reg.R9, D.AsX(), D.AsX())
		VPXOR(g.f, D, D)
	} else {
		g.movqGP(reg.R8, D)
		g.pxor(g.f, D)
	}
	g.mov(g.h[0], A)
	g.mov(g.h[1], B)
	g.movu(g.iv, C)

	for r := range cfg.Rounds {
		Commentf("Round %d.", r+1)
		s := blake2tab.Sigma[r%10]
		var col, diag [2][4]int
		for j := range 4 {
			col[0][j], col[1][j] = s[2*j], s[2*j+1]
			k := 4 + (j+3)%4
			diag[0][j], diag[1][j] = s[2*k], s[2*k+1]
		}
		g.step(col, [3]int{3, 1, 2}, r == 0)
		g.step(diag, [3]int{1, 3, 2}, false)
	}

	Comment("h ^= v[0..7] ^ v[8..15], B and C, the last rows done, last.")
	g.pxor(A, g.h[0])
	g.pxor(D, g.h[1])
	g.pxor(C, g.h[0])
	g.pxor(B, g.h[1])
	if !cfg.Last {
		ADDQ(U32(bs), p)
		DECQ(n)
		JNZ(LabelRef("loop"))
	}

	Comment("h and t back.")
	g.movu(g.h[0], Mem{Base: hp})
	g.movu(g.h[1], Mem{Base: hp, Disp: 4 * W})
	MOVQ(reg.R8, Mem{Base: cp})
	if g.ymm {
		MOVQ(reg.R9, Mem{Base: cp, Disp: 8})
		VZEROUPPER()
	}
	Label("done")
	RET()
}

// constants emits (once per file) the IV followed by the PSHUFB masks of
// the two byte-multiple rotations.
func (g *vgen) constants() Mem {
	name := fmt.Sprintf("blake2IV%d", g.cfg.Word)
	if m, ok := ivConsts[name]; ok {
		return m
	}
	m := GLOBL(name, RODATA|NOPTR)
	W := g.cfg.Word
	for i, x := range g.cfg.IV {
		if W == 8 {
			DATA(8*i, U64(x))
		} else {
			DATA(4*i, U32(uint32(x)))
		}
	}
	// PSHUFB masks: destination byte k takes source byte (k + r/8) within
	// each word, a right rotation by r bits.
	lanes := 16
	if W == 8 {
		lanes = 32
	}
	for i, r := range g.shufRots {
		for k := range lanes {
			word := k / W * W
			DATA(8*W+4*W*i+k, U8(uint8(word+(k%W+r/8)%W)))
		}
	}
	ivConsts[name] = m
	return m
}

var ivConsts = map[string]Mem{}

// step emits one step of G on the four lanes (columns or diagonals), m[0]
// and m[1] the message word indices per lane of its two halves; after it,
// rows A, C and D are rotated by perm[0..2] lanes (lane j takes lane
// j+perm). first puts the message addition after b's, for the first step
// of a block, when b is ready before the message.
func (g *vgen) step(m [2][4]int, perm [3]int, first bool) {
	A, B, C, D := g.rows[0], g.rows[1], g.rows[2], g.rows[3]
	R := g.cfg.Rot
	for half := range 2 {
		g.gather(m[half])
		if first && half == 0 {
			g.padd(B, A)
			g.padd(g.m, A)
		} else {
			g.padd(g.m, A)
			g.padd(B, A)
		}
		g.pxor(A, D)
		if half == 1 {
			g.rotLanes(perm[0], A)
		}
		g.ror(R[2*half], D)
		g.padd(D, C)
		if half == 1 {
			g.rotLanes(perm[2], D)
		}
		g.pxor(C, B)
		if half == 1 {
			g.rotLanes(perm[1], C)
		}
		g.ror(R[2*half+1], B)
	}
}

// wordAt is the address of message word w.
func (g *vgen) wordAt(w int) Mem { return g.msg.Offset(w * g.cfg.Word) }

// gather loads message words ws[0..3] into lanes 0..3 of g.m.
func (g *vgen) gather(ws [4]int) {
	M, U := g.m, g.u
	if g.isa == SSE41 {
		if ws[1] == ws[0]+1 {
			MOVQ(g.wordAt(ws[0]), M)
		} else {
			// MOVSS: avo writes MOVD, which Go assembles as MOVQ.
			MOVSS(g.wordAt(ws[0]), M)
			PINSRD(U8(1), g.wordAt(ws[1]), M)
		}
		if ws[3] == ws[2]+1 {
			PINSRQ(U8(1), g.wordAt(ws[2]), M)
		} else {
			PINSRD(U8(2), g.wordAt(ws[2]), M)
			PINSRD(U8(3), g.wordAt(ws[3]), M)
		}
		return
	}
	// Lanes 0 and 1, then 2 and 3: one load for two consecutive words, else
	// a load and broadcasts blended in.
	load1, load2 := func(m Mem) { VMOVD(m, M) }, func(m Mem) { VMOVQ(m, M) }
	bcast1, bcast2 := func(m Mem) { VPBROADCASTD(m, U) }, func(m Mem) { VPBROADCASTQ(m, U) }
	if g.ymm {
		load1, load2 = func(m Mem) { VMOVQ(m, M.AsX()) }, func(m Mem) { VMOVDQU(m, M.AsX()) }
		bcast1, bcast2 = func(m Mem) { VPBROADCASTQ(m, U) }, func(m Mem) { VBROADCASTI128(m, U) }
	}
	blend := func(lanes ...int) {
		var imm uint8
		per := g.cfg.Word / 4 // dwords per lane
		for _, k := range lanes {
			imm |= uint8((1<<per)-1) << (k * per)
		}
		VPBLENDD(U8(imm), U, M, M)
	}
	if ws[1] == ws[0]+1 {
		load2(g.wordAt(ws[0]))
	} else {
		load1(g.wordAt(ws[0]))
		bcast1(g.wordAt(ws[1]))
		blend(1)
	}
	if ws[3] == ws[2]+1 {
		bcast2(g.wordAt(ws[2]))
		blend(2, 3)
	} else {
		bcast1(g.wordAt(ws[2]))
		blend(2)
		bcast1(g.wordAt(ws[3]))
		blend(3)
	}
}

// vex says whether the kernel uses three-operand VEX/EVEX instructions.
func (g *vgen) vex() bool { return g.isa != SSE41 }

func (g *vgen) padd(src, dst reg.VecPhysical) {
	switch {
	case !g.vex():
		PADDL(src, dst)
	case g.ymm:
		VPADDQ(src, dst, dst)
	default:
		VPADDD(src, dst, dst)
	}
}

func (g *vgen) pxor(src, dst reg.VecPhysical) {
	if g.vex() {
		VPXOR(src, dst, dst)
	} else {
		PXOR(src, dst)
	}
}

func (g *vgen) mov(src, dst reg.VecPhysical) {
	if g.vex() {
		VMOVDQA(src, dst)
	} else {
		MOVO(src, dst)
	}
}

func (g *vgen) movu(src, dst Op) {
	if g.vex() {
		VMOVDQU(src, dst)
	} else {
		MOVOU(src, dst)
	}
}

func (g *vgen) movqGP(src reg.GPPhysical, dst reg.VecPhysical) {
	if g.vex() {
		VMOVQ(src, dst)
	} else {
		MOVQ(src, dst)
	}
}

func (g *vgen) pshufd(imm uint8, src, dst reg.VecPhysical) {
	if g.vex() {
		VPSHUFD(U8(imm), src, dst)
	} else {
		PSHUFD(U8(imm), src, dst)
	}
}

// rotLanes rotates x by k lanes: lane j takes lane (j+k) mod 4.
func (g *vgen) rotLanes(k int, x reg.VecPhysical) {
	var imm uint8
	for j := range 4 {
		imm |= uint8((j+k)%4) << (2 * j)
	}
	if g.ymm {
		VPERMQ(U8(imm), x, x)
	} else {
		g.pshufd(imm, x, x)
	}
}

// ror rotates each word of x right by n bits.
func (g *vgen) ror(n int, x reg.VecPhysical) {
	W := g.cfg.Word
	if g.isa == AVX512 {
		if W == 8 {
			VPRORQ(U8(n), x, x)
		} else {
			VPRORD(U8(n), x, x)
		}
		return
	}
	if n%8 == 0 {
		if W == 8 && n == 32 {
			VPSHUFD(U8(0xb1), x, x)
			return
		}
		mask := g.mask[slices.Index(g.shufRots, n)]
		if g.vex() {
			VPSHUFB(mask, x, x)
		} else {
			PSHUFB(mask, x)
		}
		return
	}
	T := g.t
	switch {
	case W == 8 && n == 63:
		// x<<1 as x+x, which more ports run than shifts.
		VPSRLQ(U8(63), x, T)
		VPADDQ(x, x, x)
		VPXOR(T, x, x)
	case W == 8:
		VPSRLQ(U8(n), x, T)
		VPSLLQ(U8(64-n), x, x)
		VPXOR(T, x, x)
	case g.vex():
		VPSRLD(U8(n), x, T)
		VPSLLD(U8(32-n), x, x)
		VPXOR(T, x, x)
	default:
		MOVO(x, T)
		PSRLL(U8(n), T)
		PSLLL(U8(32-n), x)
		PXOR(T, x)
	}
}
