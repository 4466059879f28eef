// Command sha1 generates the amd64 SHA-1 kernels of internal/sha1: the
// compression function with the SHA extensions (blockSHANI), with the
// message schedule in SSSE3 vectors (blockSSSE3), and a plain scalar one for
// every other amd64 CPU (blockAMD64). Declarations:
// internal/sha1/sha1block_amd64.go.
package main

//go:generate go run . -out ../../internal/sha1/sha1block_amd64.s -pkg sha1

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/hashkit/hashkit/_asm/internal/asmutil"
	_ "github.com/hashkit/hashkit/internal/sha1"
)

func main() {
	Package("github.com/hashkit/hashkit/internal/sha1")
	ConstraintExpr("!purego")
	genSHANI()
	genSum(false)
	genSum(true)
	genPBKDF2SHANI()
	genPBKDF2x2SHANI()
	genSSSE3()
	genAMD64()
	Generate()
}

// sha1Shuf reverses the 16 bytes of a register (set by genSHANI).
var sha1Shuf Mem

// genSHANI writes blockSHANI(h *[5]uint32, p []byte), which hashes the
// whole 64-byte blocks of p.
//
// The SHA extensions keep A, B, C, D in one register (A in the highest
// dword) and E in the highest dword of another. SHA1RNDS4 runs four rounds
// with the round function and constant chosen by its immediate (0..3 for
// rounds 0-19, 20-39, 40-59, 60-79); its E operand must already hold
// E + W[t..t+3], which SHA1NEXTE computes from the A of four rounds earlier
// (E four rounds on is ROTL30 of that A). SHA1MSG1, PXOR and SHA1MSG2 extend
// the message schedule four words at a time (FIPS 180-4 section 6.1.2 step 1).
func genSHANI() {
	Implement("blockSHANI")
	Attributes(NOSPLIT)
	AllocLocal(0)

	hp := Load(Param("h"), GP64())
	p := Load(Param("p").Base(), GP64())
	n := Load(Param("p").Len(), GP64())

	// Reverses the 16 bytes: the four big-endian message words become
	// native dwords with W[t] in the highest lane, as SHA1RNDS4 expects.
	sha1Shuf = asmutil.Table64("sha1_shuf", 0x08090a0b0c0d0e0f, 0x0001020304050607)

	SHRQ(Imm(6), n)
	JZ(LabelRef("done"))
	SHLQ(Imm(6), n)
	end := GP64()
	LEAQ(Mem{Base: p, Index: n, Scale: 1}, end)

	abcd, e0, e1 := XMM(), XMM(), XMM()
	saveABCD, saveE := XMM(), XMM()
	mask := XMM()
	m := []VecVirtual{XMM(), XMM(), XMM(), XMM()}

	// One 4-byte load per word rather than one 16-byte load: the state was
	// usually just written by Go code as smaller stores (Reset, or a
	// restored state), and a load wider than the store it reads from waits
	// for the store to reach the cache.
	Comment("Load the state: A B C D with A in the highest dword, E in the highest dword.")
	loadState(hp, abcd, e0)
	MOVOU(sha1Shuf, mask)

	Label("loop")
	MOVO(abcd, saveABCD)
	MOVO(e0, saveE)
	// e[0], e[1] alternate: one feeds SHA1RNDS4, the other keeps the A
	// that the next SHA1NEXTE turns into E.
	e := [2]VecVirtual{e0, e1}
	for i, w := range m {
		MOVOU(Mem{Base: p, Disp: 16 * i}, w)
		PSHUFB(mask, w)
	}
	shaniRounds(abcd, e, m)
	Comment("E after round 79 is ROTL30 of the A before the last four rounds; add the saved state.")
	SHA1NEXTE(saveE, e0)
	PADDD(saveABCD, abcd)

	ADDQ(Imm(64), p)
	CMPQ(p, end)
	JNE(LabelRef("loop"))

	PSHUFD(Imm(0x1b), abcd, abcd)
	MOVOU(abcd, Mem{Base: hp})
	PEXTRD(Imm(3), e0, Mem{Base: hp, Disp: 16})
	Label("done")
	RET()
}

// loadState loads the five words at hp: A B C D into abcd (A in the highest
// dword) and E into the highest dword of e (the others zero).
func loadState(hp Register, abcd, e VecVirtual) { loadStateAt(Mem{Base: hp}, abcd, e) }

// loadStateAt is loadState for the five words at m.
func loadStateAt(m Mem, abcd, e VecVirtual) {
	MOVD(m.Offset(12), abcd)
	PINSRD(Imm(1), m.Offset(8), abcd)
	PINSRD(Imm(2), m.Offset(4), abcd)
	PINSRD(Imm(3), m, abcd)
	PXOR(e, e)
	PINSRD(Imm(3), m.Offset(16), e)
}

// storeStateAt is the inverse of loadStateAt; it reverses abcd in place.
func storeStateAt(m Mem, abcd, e VecVirtual) {
	PSHUFD(Imm(0x1b), abcd, abcd)
	MOVOU(abcd, m)
	PEXTRD(Imm(3), e, m.Offset(16))
}

// shaniRounds emits the 80 rounds of one block: abcd holds A B C D (A in
// the highest dword), e[0] holds E in its highest dword (the others zero)
// and m the message words as SHA1RNDS4 wants them. Afterwards e[0] holds the
// A whose ROTL30 is the last E (SHA1NEXTE adds it).
func shaniRounds(abcd VecVirtual, e [2]VecVirtual, m []VecVirtual) {
	for q := range 20 {
		shaniQuad(q, abcd, e, m)
	}
}

// shaniQuad emits rounds 4q..4q+3 of shaniRounds with the schedule work
// that goes with them. Kernels that run two blocks at once alternate the
// quads of the two, so that each fills the other's SHA1RNDS4 latency.
func shaniQuad(q int, abcd VecVirtual, e [2]VecVirtual, m []VecVirtual) {
	cur := e[q%2]
	if q == 0 {
		PADDD(m[0], cur) // E + W[0..3]; the low dwords of e0 are zero
	} else {
		SHA1NEXTE(m[q%4], cur) // ROTL30(A of four rounds ago) + W[4q..4q+3]
	}
	MOVO(abcd, e[(q+1)%2])
	// The schedule in groups of four words, group g in register
	// m[g%4]: W_g = MSG2(MSG1(W_g-4, W_g-3) ^ W_g-2, W_g-1), spread
	// over three quads, each part just in time: the group the next
	// quad reads is finished before this quad's SHA1RNDS4, the others
	// after it; every register is overwritten only after its last
	// reader.
	if q >= 3 && q <= 18 {
		SHA1MSG2(m[q%4], m[(q+1)%4]) // group q+1
	}
	SHA1RNDS4(Imm(uint64(q/5)), cur, abcd)
	if q >= 1 && q <= 16 {
		SHA1MSG1(m[q%4], m[(q+3)%4]) // group q+3
	}
	if q >= 2 && q <= 17 {
		PXOR(m[q%4], m[(q+2)%4]) // group q+2
	}
}

// pbkdf2Pads returns the constant parts of the block that PBKDF2's HMACs
// compress, a message of one key block and 20 bytes (u or the inner
// digest, words 0..4), as SHA1RNDS4 wants words 4..7 and 12..15: word 5 is
// the padding bit, word 15 the bit length (64 + 20) * 8, words 6..14 are
// zero.
func pbkdf2Pads() (pad1, pad3 Mem) {
	pbkdf2Pad1 = asmutil.Table64("sha1_pbkdf2_pad1", 0, 0x80000000) // word 5 in dword 2
	pbkdf2Pad3 = asmutil.Table64("sha1_pbkdf2_pad3", (64+20)*8, 0)  // word 15 in dword 0
	return pbkdf2Pad1, pbkdf2Pad3
}

// The pads of pbkdf2Pads, for the kernels written after the first.
var pbkdf2Pad1, pbkdf2Pad3 Mem

// genPBKDF2SHANI writes pbkdf2SHANI(ih, oh, u, t *[5]uint32, n int): n
// iterations of PBKDF2-HMAC-SHA-1's U chain (RFC 8018 section 5.2), u =
// HMAC(P, u) and t ^= u, with both keyed states, u and t held in
// registers. The message of both compressions is the previous digest as
// words 0..4, which in the SHA extensions' layout are the A B C D register
// as it is and E in the highest dword of the next, then constants.
func genPBKDF2SHANI() {
	Implement("pbkdf2SHANI")
	Attributes(NOSPLIT)
	AllocLocal(0)
	n := Load(Param("n"), GP64())
	TESTQ(n, n)
	JZ(LabelRef("pbkdf2_done"))

	pad1Mem, pad3Mem := pbkdf2Pads()
	pad1, pad3 := XMM(), XMM()
	MOVOU(pad1Mem, pad1)
	MOVOU(pad3Mem, pad3)
	iABCD, iE, oABCD, oE, tABCD, tE := XMM(), XMM(), XMM(), XMM(), XMM(), XMM()
	abcd, e0, e1 := XMM(), XMM(), XMM()
	m := []VecVirtual{XMM(), XMM(), XMM(), XMM()}
	e := [2]VecVirtual{e0, e1}
	loadState(Load(Param("ih"), GP64()), iABCD, iE)
	loadState(Load(Param("oh"), GP64()), oABCD, oE)
	loadState(Load(Param("t"), GP64()), tABCD, tE)
	loadState(Load(Param("u"), GP64()), abcd, e0)

	// compress replaces the digest in abcd, e0 by the SHA-1, from the
	// keyed state (kABCD, kE), of it as a padded message.
	compress := func(kABCD, kE VecVirtual) {
		MOVO(abcd, m[0])
		MOVO(e0, m[1])
		POR(pad1, m[1])
		PXOR(m[2], m[2])
		MOVO(pad3, m[3])
		MOVO(kABCD, abcd)
		MOVO(kE, e0)
		shaniRounds(abcd, e, m)
		SHA1NEXTE(kE, e0)
		PADDD(kABCD, abcd)
	}
	Label("pbkdf2_loop")
	Comment("Inner hash of u, then outer hash of the inner digest.")
	compress(iABCD, iE)
	compress(oABCD, oE)
	PXOR(abcd, tABCD)
	PXOR(e0, tE)
	DECQ(n)
	JNZ(LabelRef("pbkdf2_loop"))

	storeStateAt(Mem{Base: Load(Param("u"), GP64())}, abcd, e0)
	storeStateAt(Mem{Base: Load(Param("t"), GP64())}, tABCD, tE)
	Label("pbkdf2_done")
	RET()
}

// genPBKDF2x2SHANI writes pbkdf2x2SHANI(ih, oh *[5]uint32, u, t
// *[10]uint32, n int): pbkdf2SHANI for two independent U chains (the
// blocks T_i and T_i+1 of the derived key), u and t holding the first in
// words 0..4 and the second in 5..9. One chain waits on the latency of
// SHA1RNDS4; alternating the quads of two fills the gaps. The two states
// and schedules take fourteen registers, so the keyed states and t live on
// the stack, in the SHA extensions' layout.
func genPBKDF2x2SHANI() {
	Implement("pbkdf2x2SHANI")
	Attributes(NOSPLIT)
	stack := AllocLocal(128)
	iABCD, iE, oABCD, oE := stack.Offset(0), stack.Offset(16), stack.Offset(32), stack.Offset(48)
	tABCD := []Mem{stack.Offset(64), stack.Offset(96)}
	tE := []Mem{stack.Offset(80), stack.Offset(112)}
	pad1, pad3 := pbkdf2Pad1, pbkdf2Pad3

	n := Load(Param("n"), GP64())
	TESTQ(n, n)
	JZ(LabelRef("pbkdf2x2_done"))

	type chain struct {
		abcd VecVirtual
		e    [2]VecVirtual
		m    []VecVirtual
	}
	var chains [2]chain
	for c := range chains {
		chains[c] = chain{abcd: XMM(), e: [2]VecVirtual{XMM(), XMM()}, m: []VecVirtual{XMM(), XMM(), XMM(), XMM()}}
	}
	tmp := XMM()

	Comment("The keyed states and t to the stack, u to the registers.")
	for i, name := range []string{"ih", "oh"} {
		p := Load(Param(name), GP64())
		loadState(p, chains[0].abcd, chains[0].e[0])
		MOVOU(chains[0].abcd, stack.Offset(32*i))
		MOVOU(chains[0].e[0], stack.Offset(32*i+16))
	}
	tp := Load(Param("t"), GP64())
	for c, ch := range chains {
		loadStateAt(Mem{Base: tp, Disp: 20 * c}, ch.abcd, ch.e[0])
		MOVOU(ch.abcd, tABCD[c])
		MOVOU(ch.e[0], tE[c])
	}
	up := Load(Param("u"), GP64())
	for c, ch := range chains {
		loadStateAt(Mem{Base: up, Disp: 20 * c}, ch.abcd, ch.e[0])
	}

	// compress2 is compress of genPBKDF2SHANI on both chains, from the
	// keyed state on the stack at (kABCD, kE).
	compress2 := func(kABCD, kE Mem) {
		for _, ch := range chains {
			MOVO(ch.abcd, ch.m[0])
			MOVOU(pad1, ch.m[1])
			POR(ch.e[0], ch.m[1])
			PXOR(ch.m[2], ch.m[2])
			MOVOU(pad3, ch.m[3])
			MOVOU(kABCD, ch.abcd)
			MOVOU(kE, ch.e[0])
		}
		for q := range 20 {
			for _, ch := range chains {
				shaniQuad(q, ch.abcd, ch.e, ch.m)
			}
		}
		for _, ch := range chains {
			// Legacy SSE memory operands must be 16-byte aligned, which the
			// stack area is not: load first.
			MOVOU(kE, tmp)
			SHA1NEXTE(tmp, ch.e[0])
			MOVOU(kABCD, tmp)
			PADDD(tmp, ch.abcd)
		}
	}

	Label("pbkdf2x2_loop")
	compress2(iABCD, iE)
	compress2(oABCD, oE)
	Comment("t ^= u for both chains.")
	for c, ch := range chains {
		MOVOU(tABCD[c], tmp)
		PXOR(ch.abcd, tmp)
		MOVOU(tmp, tABCD[c])
		MOVOU(tE[c], tmp)
		PXOR(ch.e[0], tmp)
		MOVOU(tmp, tE[c])
	}
	DECQ(n)
	JNZ(LabelRef("pbkdf2x2_loop"))

	up = Load(Param("u"), GP64())
	for c, ch := range chains {
		storeStateAt(Mem{Base: up, Disp: 20 * c}, ch.abcd, ch.e[0])
	}
	tp = Load(Param("t"), GP64())
	for c, ch := range chains {
		MOVOU(tABCD[c], ch.abcd)
		MOVOU(tE[c], ch.e[0])
		storeStateAt(Mem{Base: tp, Disp: 20 * c}, ch.abcd, ch.e[0])
	}
	Label("pbkdf2x2_done")
	RET()
}

// sha1BswapOut puts the digest words in big-endian order; emitted once, by
// the first kernel that uses it.
var sha1BswapOut *Mem

func bswapOut() Mem {
	if sha1BswapOut == nil {
		m := asmutil.Table64("sha1_bswap_out", asmutil.BSwap32...) // A B C D in memory order, each big-endian
		sha1BswapOut = &m
	}
	return *sha1BswapOut
}

// genSum writes sumSHANI(out *[20]byte, h *[5]uint32, p []byte, total
// uint64), which finishes SHA-1 in one call: from the chaining value h (left
// unchanged), p is the rest of a message of total bytes; the whole blocks of
// p are read straight from it, then its tail and the padding are built in
// registers (asmutil.LoadTail), so no block goes through memory. With sse it
// writes sumSHANISSE41, the same with the tail put together by
// asmutil.LoadTailSSE, for CPUs without AVX-512BW.
func genSum(sse bool) {
	name, loadTail, how := "sumSHANI", asmutil.LoadTail, "AVX-512BW masked loads"
	if sse {
		name, loadTail, how = "sumSHANISSE41", asmutil.LoadTailSSE, "general-register loads"
	}
	TEXT(name, NOSPLIT, "func(out *[20]byte, h *[5]uint32, p []byte, total uint64)")
	Doc(name + " writes to out the SHA-1 of a message of total bytes of which p is the rest after the chaining value h.")
	Pragma("noescape")
	out := Load(Param("out"), GP64())
	hp := Load(Param("h"), GP64())
	p := Load(Param("p").Base(), GP64())
	n := Load(Param("p").Len(), GP64())

	mask := XMM()
	MOVOU(sha1Shuf, mask)
	abcd, e0, e1 := XMM(), XMM(), XMM()
	saveABCD, saveE := XMM(), XMM()
	loadState(hp, abcd, e0)
	m := []VecVirtual{XMM(), XMM(), XMM(), XMM()}
	e := [2]VecVirtual{e0, e1}
	block := func() {
		MOVO(abcd, saveABCD)
		MOVO(e0, saveE)
		for _, w := range m {
			PSHUFB(mask, w)
		}
		shaniRounds(abcd, e, m)
		SHA1NEXTE(saveE, e0)
		PADDD(saveABCD, abcd)
	}

	Comment("Whole blocks, loaded from p.")
	asmutil.BlockLoop("sum_loop", p, n, func() {
		for i, w := range m {
			MOVOU(Mem{Base: p, Disp: 16 * i}, w)
		}
		block()
	})
	Comment("The tail: r = len(p) mod 64 bytes, then 0x80 and zeros (" + how + ").")
	r := loadTail(p, n, []Register{m[0], m[1], m[2], m[3]})
	Comment("The bit length, big-endian, in the last eight bytes of the last block.")
	n = Load(Param("total"), GP64())
	SHLQ(U8(3), n)
	BSWAPQ(n)
	CMPQ(r, Imm(55))
	JA(LabelRef("sum_two"))
	PINSRQ(U8(1), n, m[3])
	block()
	JMP(LabelRef("sum_out"))

	Label("sum_two")
	Comment("56..63 tail bytes: the length goes in a block of its own.")
	block()
	for _, w := range m {
		PXOR(w, w)
	}
	PINSRQ(U8(1), n, m[3])
	block()

	Label("sum_out")
	Comment("The digest: A..E big-endian.")
	bswap := bswapOut()
	PSHUFD(U8(0x1b), abcd, abcd)
	MOVOU(bswap, mask)
	PSHUFB(mask, abcd)
	MOVOU(abcd, Mem{Base: out})
	ee := GP32()
	PEXTRD(U8(3), e0, ee)
	BSWAPL(ee)
	MOVL(ee, Mem{Base: out, Disp: 16})
	RET()
}

// genAMD64 writes blockAMD64(h *[5]uint32, p []byte), the scalar
// compression of FIPS 180-4 section 6.1.2 with the message schedule in a
// 16-word ring on the stack (section 6.1.3).
//
// Each step is a' = ROTL5(a) + f(b, c, d) + e + K + W. Only ROTL5(a) and
// the final addition wait for the newest word a; e + K + W and f (whose
// inputs are a step or more old) are summed first, so the chain from one a
// to the next is two operations.
func genAMD64() {
	Implement("blockAMD64")
	Attributes(NOSPLIT)
	ring := AllocLocal(64)

	hp, p, end := blockArgs("scalar_done")

	r := loadWords(hp)
	w, t := GP32(), GP32()
	k := [4]uint32{0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6}
	slot := func(i int) Mem { return ring.Offset(4 * (i & 15)) }

	Label("scalar_loop")
	for i := 0; i < 80; i++ {
		role := func(j int) GPVirtual { return r[((j-i)%5+5)%5] }
		a, b, c, d, e := role(0), role(1), role(2), role(3), role(4)
		if i < 16 {
			MOVL(Mem{Base: p, Disp: 4 * i}, w)
			BSWAPL(w)
		} else {
			// W_t = ROTL1(W_t-3 ^ W_t-8 ^ W_t-14 ^ W_t-16)
			MOVL(slot(i-3), w)
			XORL(slot(i-8), w)
			XORL(slot(i-14), w)
			XORL(slot(i-16), w)
			ROLL(Imm(1), w)
		}
		if i <= 76 {
			MOVL(w, slot(i)) // step 79 reads W_76 (t-3) last
		}
		LEAL(Mem{Base: e, Index: w, Scale: 1, Disp: int(int32(k[i/20]))}, e)
		stepEnd(i, a, b, c, d, e, t)
	}
	Comment("Add the block's result to the chaining value.")
	nextBlock(hp, p, end, r, "scalar_loop", "scalar_done")
}

// genSSSE3 writes blockSSSE3(h *[5]uint32, p []byte): the rounds of
// genAMD64, with the message schedule computed four words at a time in XMM
// registers and stored, with K added, to a 16-word ring on the stack that
// the rounds read. Words 16..31 follow FIPS 180-4 directly (the fourth lane
// of each group needs a fix-up, since W_t+3 depends on W_t of the same
// group); from word 32 on the equivalent recurrence
// W_t = ROTL2(W_t-6 ^ W_t-16 ^ W_t-28 ^ W_t-32) has no dependency inside a
// group. The schedule runs two groups ahead of the rounds.
func genSSSE3() {
	Implement("blockSSSE3")
	Attributes(NOSPLIT)
	ring := AllocLocal(64)

	hp, p, end := blockArgs("ssse3_done")

	bswap := asmutil.Table64("sha1_bswap32", asmutil.BSwap32...)
	var k []uint32 // each constant in four dwords
	for _, c := range []uint32{0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6} {
		k = append(k, c, c, c, c)
	}
	kv := asmutil.Table32("sha1_k", k...)

	r := loadWords(hp)
	t := GP32()
	mask := XMM()
	MOVOU(bswap, mask)
	// hist[g%8] holds W group g (four words) while groups g+1..g+8 need it.
	var hist [8]VecVirtual
	for i := range hist {
		hist[i] = XMM()
	}
	x, y := XMM(), XMM()

	// schedule computes W group g into hist[g%8] and stores W + K into the
	// ring.
	schedule := func(g int) {
		w := hist[g%8]
		switch {
		case g < 4:
			MOVOU(Mem{Base: p, Disp: 16 * g}, w)
			PSHUFB(mask, w)
		case g < 8:
			// (W_t-3, W_t-2, W_t-1, 0) ^ W_t-8.. ^ W_t-14.. ^ W_t-16..
			MOVO(hist[(g-1)%8], w)
			PSRLDQ(Imm(4), w)
			PXOR(hist[(g-2)%8], w)
			MOVO(hist[(g-3)%8], x)
			PALIGNR(Imm(8), hist[(g-4)%8], x)
			PXOR(x, w)
			PXOR(hist[(g-4)%8], w)
			// The fourth lane misses ROTL1(W_t) ^ ..., i.e. the first lane
			// of the rotated result, rotated once more.
			MOVO(w, y)
			PSLLDQ(Imm(12), y)
			rotl(w, 1, x)
			rotl(y, 2, x)
			PXOR(y, w)
		default:
			// w holds W group g-8 (t-32), the register group g replaces.
			MOVO(hist[(g-1)%8], x)
			PALIGNR(Imm(8), hist[(g-2)%8], x) // W_t-6 .. W_t-3
			PXOR(x, w)
			PXOR(hist[(g-4)%8], w) // W_t-16 ..
			PXOR(hist[(g-7)%8], w) // W_t-28 ..
			rotl(w, 2, x)
		}
		MOVO(w, x)
		PADDL(kv.Offset(16*(g/5)), x)
		MOVOU(x, ring.Offset(16*(g%4)))
	}

	Label("ssse3_loop")
	schedule(0)
	schedule(1)
	for g := range 20 {
		if g+2 < 20 {
			schedule(g + 2)
		}
		for i := 4 * g; i < 4*g+4; i++ {
			role := func(j int) GPVirtual { return r[((j-i)%5+5)%5] }
			a, b, c, d, e := role(0), role(1), role(2), role(3), role(4)
			ADDL(ring.Offset(4*(i%16)), e)
			stepEnd(i, a, b, c, d, e, t)
		}
	}
	nextBlock(hp, p, end, r, "ssse3_loop", "ssse3_done")
}

// blockArgs loads the parameters h and p of a block function, jumps to label
// done if p holds no whole 64-byte block, and returns h, p and the end of
// p's whole blocks.
func blockArgs(done string) (hp, p, end Register) {
	hp = Load(Param("h"), GP64())
	p, end = asmutil.WholeBlocks("p", 6, done)
	return hp, p, end
}

// loadWords loads the five chaining words at hp into registers.
func loadWords(hp Register) [5]GPVirtual {
	var r [5]GPVirtual
	for i := range r {
		r[i] = GP32()
		MOVL(Mem{Base: hp, Disp: 4 * i}, r[i])
	}
	return r
}

// stepEnd ends step i, whose e already holds e + K + W: it adds f(b, c, d)
// (FIPS 180-4 section 4.1.1) and ROTL5(a) to e, which becomes the next a,
// and rotates b by 30, using t.
func stepEnd(i int, a, b, c, d, e, t GPVirtual) {
	switch {
	case i < 20: // Ch(b, c, d) = d ^ (b & (c ^ d))
		MOVL(c, t)
		XORL(d, t)
		ANDL(b, t)
		XORL(d, t)
		ADDL(t, e)
	case i >= 40 && i < 60: // Maj(b, c, d) = (b & c) + (d & (b ^ c)), disjoint terms
		MOVL(b, t)
		ANDL(c, t)
		ADDL(t, e)
		MOVL(b, t)
		XORL(c, t)
		ANDL(d, t)
		ADDL(t, e)
	default: // Parity(b, c, d) = b ^ c ^ d
		MOVL(b, t)
		XORL(c, t)
		XORL(d, t)
		ADDL(t, e)
	}
	MOVL(a, t)
	ROLL(Imm(5), t)
	ADDL(t, e)
	ROLL(Imm(30), b)
}

// nextBlock adds the working words r to the chaining value at hp, advances p
// by a block and jumps back to label loop until p reaches end; label done
// follows, with the return.
func nextBlock(hp, p, end Register, r [5]GPVirtual, loop, done string) {
	for i := range r {
		ADDL(Mem{Base: hp, Disp: 4 * i}, r[i])
		MOVL(r[i], Mem{Base: hp, Disp: 4 * i})
	}
	ADDQ(Imm(64), p)
	CMPQ(p, end)
	JNE(LabelRef(loop))
	Label(done)
	RET()
}

// rotl rotates the four dwords of v left by k, using tmp.
func rotl(v VecVirtual, k uint64, tmp VecVirtual) {
	MOVO(v, tmp)
	PSLLL(Imm(k), v)
	PSRLL(Imm(32-k), tmp)
	POR(tmp, v)
}
