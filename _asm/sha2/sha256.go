package main

import (
	"slices"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/hashkit/hashkit/_asm/internal/asmutil"
)

var k256Table, bswap32Mask, pad96Table Mem

// sha256Data sets the tables of the SHA-256 kernels: the round constants,
// read from internal/sha2's k256, and, written once a file, the PSHUFB mask
// that turns big-endian message words into native dwords (and back), and
// W[8..15] of the last block of a 96-byte message: one key
// block and a 32-byte digest, the block HMAC's outer hash and PBKDF2's
// iterations compress (0x80, zeros, and the bit length 96 * 8).
func sha256Data() {
	k256Table = asmutil.GoVar("k256")
	bswap32Mask = asmutil.Table64("bswap32Mask", slices.Repeat(asmutil.BSwap32, 2)...)
	pad96Table = asmutil.Table32("pad96", 0x80000000, 0, 0, 0, 0, 0, 0, (64+32)*8)
}

// genSHANI writes blockSHANI. SHA256RNDS2 does two rounds on the state held
// as ABEF and CDGH (a in the top dword), with W+K for the two rounds in the
// low quadword of X0; SHA256MSG1/SHA256MSG2 compute four schedule words at a
// time (FIPS 180-4 section 6.2.2 step 1). Four registers m[0..3] hold the
// sixteen most recent schedule words.
func genSHANI() {
	sha256Data()
	Implement("blockSHANI")
	Attributes(NOSPLIT)
	hp := Load(Param("h"), GP64())
	p, end := asmutil.WholeBlocks("p", 6, "shani_done")

	msg, abef, cdgh, tmp, m, mask, saveABEF, saveCDGH := shaniRegs()

	Comment("h[0..3] = a,b,c,d and h[4..7] = e,f,g,h become ABEF and CDGH.")
	loadABEF(hp, abef, cdgh, tmp)
	MOVOU(bswap32Mask, mask)

	Label("shani_loop")
	MOVO(abef, saveABEF)
	MOVO(cdgh, saveCDGH)
	shaniRounds(abef, cdgh, msg, tmp, m, func(g int) {
		MOVOU(Mem{Base: p, Disp: 16 * g}, m[g])
		PSHUFB(mask, m[g])
	})
	PADDD(saveABEF, abef)
	PADDD(saveCDGH, cdgh)
	ADDQ(Imm(64), p)
	CMPQ(p, end)
	JNE(LabelRef("shani_loop"))

	Comment("Back to a..h order.")
	fromABEF(abef, cdgh, tmp)
	MOVOU(abef, Mem{Base: hp})
	MOVOU(cdgh, Mem{Base: hp, Disp: 16})
	Label("shani_done")
	RET()
}

// genSumSHANI writes sum256SHANI(out *[32]byte, h *[8]uint32, p []byte,
// total uint64), which finishes a SHA-256 family hash in one call: from the
// chaining value h (left unchanged), p is the rest of a message of total
// bytes; the whole blocks of p are read straight from it, then its tail and
// the padding are built in registers (asmutil.LoadTail), so no block goes
// through memory. With sse it writes sum256SHANISSE41, the same with the
// tail put together by asmutil.LoadTailSSE, for CPUs without AVX-512BW.
func genSumSHANI(sse bool) {
	name, loadTail, how := "sum256SHANI", asmutil.LoadTail, "AVX-512BW masked loads"
	if sse {
		name, loadTail, how = "sum256SHANISSE41", asmutil.LoadTailSSE, "general-register loads"
	}
	Implement(name)
	Attributes(NOSPLIT)
	msg, abef, cdgh, tmp, m, mask, saveABEF, saveCDGH := shaniRegs()

	hp := Load(Param("h"), GP64())
	p := Load(Param("p").Base(), GP64())
	n := Load(Param("p").Len(), GP64())
	loadABEF(hp, abef, cdgh, tmp)
	MOVOU(bswap32Mask, mask)
	block := func(load func(g int)) {
		MOVO(abef, saveABEF)
		MOVO(cdgh, saveCDGH)
		shaniRounds(abef, cdgh, msg, tmp, m, load)
		PADDD(saveABEF, abef)
		PADDD(saveCDGH, cdgh)
	}
	swapped := func(g int) { PSHUFB(mask, m[g]) } // the words are in m already

	Comment("Whole blocks, loaded from p.")
	asmutil.BlockLoop("sum_loop", p, n, func() {
		block(func(g int) {
			MOVOU(Mem{Base: p, Disp: 16 * g}, m[g])
			PSHUFB(mask, m[g])
		})
	})
	Comment("The tail: r = len(p) mod 64 bytes, then 0x80 and zeros (" + how + ").")
	r := loadTail(p, n, []Register{m[0], m[1], m[2], m[3]})
	Comment("The bit length, big-endian, in the last eight bytes of the last block.")
	bits := Load(Param("total"), GP64())
	SHLQ(U8(3), bits)
	BSWAPQ(bits)
	CMPQ(r, Imm(55))
	JA(LabelRef("sum_two"))
	PINSRQ(U8(1), bits, m[3])
	block(swapped)
	JMP(LabelRef("sum_out"))

	Label("sum_two")
	Comment("56..63 tail bytes: the length goes in a block of its own.")
	block(swapped)
	for _, w := range m {
		PXOR(w, w)
	}
	PINSRQ(U8(1), bits, m[3])
	block(swapped)

	Label("sum_out")
	storeDigest(abef, cdgh, tmp, mask)
	RET()
}

// hmacPadsMem is ipad then opad, 16 bytes each; emitted once, by the first
// kernel that uses it.
var hmacPadsMem *Mem

func hmacPads() Mem {
	if hmacPadsMem == nil {
		m := asmutil.Table64("hmacPads", 0x3636363636363636, 0x3636363636363636, 0x5c5c5c5c5c5c5c5c, 0x5c5c5c5c5c5c5c5c)
		hmacPadsMem = &m
	}
	return *hmacPadsMem
}

// chain is the registers of one of two interleaved SHA-NI compressions:
// the state as ABEF and CDGH, and the four registers of the message
// schedule.
type chain struct {
	abef, cdgh VecPhysical
	m          []VecPhysical
}

// twoChains are the registers of the kernels that run two independent
// compressions interleaved, each filling the other's SHA256RNDS2 latency.
var twoChains = [2]chain{
	{abef: X1, cdgh: X2, m: []VecPhysical{X3, X4, X5, X6}},
	{abef: X7, cdgh: X8, m: []VecPhysical{X9, X10, X11, X12}},
}

// genHMACKeysSHANI writes hmacKeys256SHANI(iv *[8]uint32, key []byte, ih,
// oh *[8]uint32): HMAC's two keyed chaining values, the compressions from
// iv of the key block XOR ipad and XOR opad (FIPS 198-1 section 4, steps 1
// to 3 and the first block of steps 5 and 8), for a key of at most one
// block. The key goes from an AVX-512BW masked load (exactly len(key) bytes,
// zeros after) into registers, the two pads are XORed there, and the two
// independent compressions run interleaved, each filling the other's
// SHA256RNDS2 latency. With sse it writes hmacKeys256SHANISSE41, the key
// read by asmutil.LoadBytesSSE instead, for CPUs without AVX-512BW.
func genHMACKeysSHANI(sse bool) {
	name := "hmacKeys256SHANI"
	if sse {
		name = "hmacKeys256SHANISSE41"
	}
	Implement(name)
	Attributes(NOSPLIT)
	msg, tmp := X0, X13
	saveABEF, saveCDGH := X14, X15
	chains := twoChains
	ivp := Load(Param("iv"), GP64())
	loadABEF(ivp, saveABEF, saveCDGH, tmp)

	Comment("The key, zero-padded to a block, in both chains' message registers.")
	p := Load(Param("key").Base(), GP64())
	n := Load(Param("key").Len(), GP64())
	key := []Register{chains[0].m[0], chains[0].m[1], chains[0].m[2], chains[0].m[3]}
	if sse {
		asmutil.LoadBytesSSE("key", p, n, GP64(), GP64(), GP64(), GP64(), key, false)
	} else {
		asmutil.LoadBytes("key", p, n, GP64(), GP64(), GP64(), tmp, K1, key)
	}
	for i, w := range chains[0].m {
		MOVO(w, chains[1].m[i])
	}
	pads := hmacPads()
	for c, ch := range chains {
		MOVOU(pads.Offset(16*c), tmp)
		for _, w := range ch.m {
			PXOR(tmp, w)
		}
	}
	MOVOU(bswap32Mask, tmp)
	for _, ch := range chains {
		for _, w := range ch.m {
			PSHUFB(tmp, w)
		}
		MOVO(saveABEF, ch.abef)
		MOVO(saveCDGH, ch.cdgh)
	}
	for g := range 16 {
		for _, ch := range chains {
			shaniGroup(g, ch.abef, ch.cdgh, msg, tmp, ch.m, func(int) {})
		}
	}
	for i, ch := range chains {
		PADDD(saveABEF, ch.abef)
		PADDD(saveCDGH, ch.cdgh)
		fromABEF(ch.abef, ch.cdgh, tmp)
		out := Load(Param([]string{"ih", "oh"}[i]), GP64())
		MOVOU(ch.abef, Mem{Base: out})
		MOVOU(ch.cdgh, Mem{Base: out, Disp: 16})
	}
	RET()
}

// shaniRegs returns the registers of blockSHANI and sum256SHANI: W+K for
// SHA256RNDS2 (which takes it in X0), the state as ABEF and CDGH, a scratch
// register, the four message registers, the byte-swap mask and the saved
// state.
func shaniRegs() (msg, abef, cdgh, tmp VecPhysical, m []VecPhysical, mask, saveABEF, saveCDGH VecPhysical) {
	return X0, X1, X2, X3, []VecPhysical{X4, X5, X6, X7}, X8, X9, X10
}

// storeDigest writes the state ABEF, CDGH as the 32-byte big-endian digest
// to the argument out; tmp is scratch and mask holds bswap32Mask, or is tmp,
// into which it is then loaded.
func storeDigest(abef, cdgh, tmp, mask VecPhysical) {
	Comment("Back to a..h order, then big-endian bytes.")
	fromABEF(abef, cdgh, tmp)
	if mask == tmp {
		MOVOU(bswap32Mask, mask)
	}
	PSHUFB(mask, abef)
	PSHUFB(mask, cdgh)
	out := Load(Param("out"), GP64())
	MOVOU(abef, Mem{Base: out})
	MOVOU(cdgh, Mem{Base: out, Disp: 16})
}

// loadABEF loads the state h at p into x = (a,b,c,d) and y = (e,f,g,h)
// (dword 0 first) and turns them into the ABEF and CDGH operands of
// SHA256RNDS2; fromABEF undoes the second step.
func loadABEF(p Register, x, y, tmp VecPhysical) {
	MOVOU(Mem{Base: p}, x)
	MOVOU(Mem{Base: p, Disp: 16}, y)
	PSHUFD(Imm(0xb1), x, x) // b a d c
	PSHUFD(Imm(0x1b), y, y) // h g f e
	MOVO(x, tmp)
	PALIGNR(Imm(8), y, x)      // f e b a = ABEF
	PBLENDW(Imm(0xf0), tmp, y) // h g d c = CDGH
}

func fromABEF(abef, cdgh, tmp VecPhysical) {
	PSHUFD(Imm(0x1b), abef, abef) // a b e f
	PSHUFD(Imm(0xb1), cdgh, cdgh) // g h c d
	MOVO(abef, tmp)
	PBLENDW(Imm(0xf0), cdgh, abef) // a b c d
	PALIGNR(Imm(8), tmp, cdgh)     // e f g h
}

// shaniRounds emits the 64 rounds of one block on abef and cdgh. load(g)
// must put message words W[4g..4g+3] (native dwords, W[4g] in dword 0) into
// m[g]; it is called for g = 0..3 just before the words are needed.
func shaniRounds(abef, cdgh, msg, tmp VecPhysical, m []VecPhysical, load func(g int)) {
	for g := range 16 {
		shaniGroup(g, abef, cdgh, msg, tmp, m, load)
	}
}

// shaniGroup emits rounds 4g..4g+3 of shaniRounds and the schedule work
// that goes with them. Kernels that run two blocks at once alternate the
// groups of the two, so that each fills the other's SHA256RNDS2 latency.
func shaniGroup(g int, abef, cdgh, msg, tmp VecPhysical, m []VecPhysical, load func(g int)) {
	if g < 4 {
		load(g)
	}
	MOVO(m[g%4], msg)
	PADDD(k256Table.Offset(16*g), msg)
	SHA256RNDS2(X0, abef, cdgh) // rounds 4g, 4g+1: cdgh becomes the new ABEF
	if g >= 3 && g <= 14 {
		// m[g+1] = W[4g+4..4g+7] from the MSG1 part, W[4g-3..4g] (the
		// t-7 words) and the sigma1 of the newest words in m[g].
		MOVO(m[g%4], tmp)
		PALIGNR(Imm(4), m[(g+3)%4], tmp)
		PADDD(tmp, m[(g+1)%4])
		SHA256MSG2(m[g%4], m[(g+1)%4])
	}
	PSHUFD(Imm(0x0e), msg, msg)
	SHA256RNDS2(X0, cdgh, abef) // rounds 4g+2, 4g+3
	if g >= 1 && g <= 12 {
		SHA256MSG1(m[g%4], m[(g+3)%4]) // W[t-16] + sigma0(W[t-15]) for four t
	}
}

// genPBKDF2SHANI writes pbkdf2SHANI: n iterations of PBKDF2-HMAC-SHA-256's
// U chain (RFC 8018 section 5.2), u = HMAC(P, u) and t ^= u, with both
// keyed states, u and t held in registers. Each HMAC is two compressions of
// one block: u (or the inner hash) as words 0..7, then the padding of a
// 96-byte message as words 8..15, a constant.
func genPBKDF2SHANI() {
	Implement("pbkdf2SHANI")
	Attributes(NOSPLIT)
	ihp := Load(Param("ih"), GP64())
	ohp := Load(Param("oh"), GP64())
	up := Load(Param("u"), GP64())
	tp := Load(Param("t"), GP64())
	n := Load(Param("n"), GP64())
	TESTQ(n, n)
	JZ(LabelRef("pbkdf2_done"))

	msg, abef, cdgh, tmp := X0, X1, X2, X3
	m := []VecPhysical{X4, X5, X6, X7}
	iABEF, iCDGH, oABEF, oCDGH := X8, X9, X10, X11
	u0, u1, t0, t1 := X12, X13, X14, X15

	loadABEF(ihp, iABEF, iCDGH, tmp)
	loadABEF(ohp, oABEF, oCDGH, tmp)
	MOVOU(Mem{Base: up}, u0)
	MOVOU(Mem{Base: up, Disp: 16}, u1)
	MOVOU(Mem{Base: tp}, t0)
	MOVOU(Mem{Base: tp, Disp: 16}, t1)
	load := func(g int) {
		switch g {
		case 0:
			MOVO(u0, m[0])
		case 1:
			MOVO(u1, m[1])
		default:
			MOVOU(pad96Table.Offset(16*(g-2)), m[g])
		}
	}

	Label("pbkdf2_loop")
	// hash compresses the block of u and the padding from the key state
	// (kABEF, kCDGH) and leaves the digest in u.
	hash := func(kABEF, kCDGH VecPhysical) {
		MOVO(kABEF, abef)
		MOVO(kCDGH, cdgh)
		shaniRounds(abef, cdgh, msg, tmp, m, load)
		PADDD(kABEF, abef)
		PADDD(kCDGH, cdgh)
		fromABEF(abef, cdgh, tmp)
		MOVO(abef, u0)
		MOVO(cdgh, u1)
	}
	Comment("Inner hash: from the inner key state, u and the padding.")
	hash(iABEF, iCDGH)
	Comment("Outer hash: from the outer key state, the inner hash and the padding.")
	hash(oABEF, oCDGH)
	PXOR(u0, t0)
	PXOR(u1, t1)
	DECQ(n)
	JNZ(LabelRef("pbkdf2_loop"))

	MOVOU(u0, Mem{Base: up})
	MOVOU(u1, Mem{Base: up, Disp: 16})
	MOVOU(t0, Mem{Base: tp})
	MOVOU(t1, Mem{Base: tp, Disp: 16})
	Label("pbkdf2_done")
	RET()
}

// genPBKDF2x2SHANI writes pbkdf2x2SHANI: pbkdf2SHANI for two independent
// U chains (two blocks T_i and T_i+1 of the derived key), u and t holding
// the first chain in words 0..7 and the second in 8..15. One chain is bound
// by the latency of SHA256RNDS2; alternating the round groups of two fills
// the gaps, so two chains cost little more than one. The two states and
// schedules take twelve registers, so the keyed chaining values (in the
// ABEF/CDGH layout) live on the stack, and t in memory.
func genPBKDF2x2SHANI() {
	Implement("pbkdf2x2SHANI")
	Attributes(NOSPLIT)
	AllocLocal(64)
	inABEF := Mem{Base: StackPointer, Disp: 0}
	inCDGH := Mem{Base: StackPointer, Disp: 16}
	outABEF := Mem{Base: StackPointer, Disp: 32}
	outCDGH := Mem{Base: StackPointer, Disp: 48}

	msg, tmp, tmp2 := X0, X13, X14
	chains := twoChains

	n := Load(Param("n"), GP64())
	TESTQ(n, n)
	JZ(LabelRef("pbkdf2x2_done"))
	Comment("The keyed chaining values, in the ABEF/CDGH layout, to the stack.")
	for i, name := range []string{"ih", "oh"} {
		p := Load(Param(name), GP64())
		loadABEF(p, X1, X2, tmp)
		MOVOU(X1, Mem{Base: StackPointer, Disp: 32 * i})
		MOVOU(X2, Mem{Base: StackPointer, Disp: 32*i + 16})
	}
	up := Load(Param("u"), GP64())
	tp := Load(Param("t"), GP64())
	for c, ch := range chains {
		MOVOU(Mem{Base: up, Disp: 32 * c}, ch.m[0])
		MOVOU(Mem{Base: up, Disp: 32*c + 16}, ch.m[1])
	}

	// compress2 compresses both blocks (u or the inner hash, in m[0] and
	// m[1], then the padding) from the chaining value (ia, ic), and leaves
	// each new chaining value in message order in its m[0], m[1].
	compress2 := func(ia, ic Mem) {
		for _, ch := range chains {
			MOVOU(ia, ch.abef)
			MOVOU(ic, ch.cdgh)
		}
		for g := range 16 {
			for _, ch := range chains {
				shaniGroup(g, ch.abef, ch.cdgh, msg, tmp, ch.m, func(g int) {
					if g >= 2 {
						MOVOU(pad96Table.Offset(16*(g-2)), ch.m[g])
					}
				})
			}
		}
		for _, ch := range chains {
			// Legacy SSE memory operands must be 16-byte aligned, which the
			// stack area is not: load first.
			MOVOU(ia, tmp2)
			PADDD(tmp2, ch.abef)
			MOVOU(ic, tmp2)
			PADDD(tmp2, ch.cdgh)
			fromABEF(ch.abef, ch.cdgh, tmp)
			MOVO(ch.abef, ch.m[0])
			MOVO(ch.cdgh, ch.m[1])
		}
	}

	Label("pbkdf2x2_loop")
	compress2(inABEF, inCDGH)
	compress2(outABEF, outCDGH)
	Comment("t ^= u for both chains.")
	for c, ch := range chains {
		for half := range 2 {
			at := Mem{Base: tp, Disp: 32*c + 16*half}
			MOVOU(at, tmp2)
			PXOR(ch.m[half], tmp2)
			MOVOU(tmp2, at)
		}
	}
	DECQ(n)
	JNZ(LabelRef("pbkdf2x2_loop"))

	for c, ch := range chains {
		MOVOU(ch.m[0], Mem{Base: up, Disp: 32 * c})
		MOVOU(ch.m[1], Mem{Base: up, Disp: 32*c + 16})
	}
	Label("pbkdf2x2_done")
	RET()
}

// genOuterSHANI writes outer256SHANI, the outer hash of HMAC-SHA-256
// (RFC 2104): from the outer keyed chaining value oh, one compression of the
// inner digest h and the padding, written big-endian to out. h goes from
// the caller's words straight into the message registers.
func genOuterSHANI() {
	Implement("outer256SHANI")
	Attributes(NOSPLIT)
	msg, abef, cdgh, tmp := X0, X1, X2, X3
	m := []VecPhysical{X4, X5, X6, X7}
	saveABEF, saveCDGH := X8, X9

	ohp := Load(Param("oh"), GP64())
	loadABEF(ohp, abef, cdgh, tmp)
	MOVO(abef, saveABEF)
	MOVO(cdgh, saveCDGH)
	hp := Load(Param("h"), GP64())
	shaniRounds(abef, cdgh, msg, tmp, m, func(g int) {
		if g < 2 {
			MOVOU(Mem{Base: hp, Disp: 16 * g}, m[g])
		} else {
			MOVOU(pad96Table.Offset(16*(g-2)), m[g])
		}
	})
	PADDD(saveABEF, abef)
	PADDD(saveCDGH, cdgh)
	storeDigest(abef, cdgh, tmp, tmp)
	RET()
}

// shufLow and shufHigh are the byte shuffles of blockAVX2's σ1.
var shufLow, shufHigh Mem

// genSHA256AVX2 writes blockAVX2, for CPUs without the SHA extensions: the
// scalar rounds of rounds.go (RORX and ANDN need BMI2 and BMI1) with the
// message schedule (FIPS 180-4 section 6.2.2 step 1) computed four words at
// a time in XMM registers, interleaved with the rounds, and stored with K
// added in a 256-byte stack area. With lean, blockAVX2Lean: the same with
// the lean rounds (see scalarRounds).
func genSHA256AVX2(lean bool) {
	name, sr := "blockAVX2", &sha256Rounds
	if lean {
		name, sr = "blockAVX2Lean", &sha256Lean
	}
	Implement(name)
	AllocLocal(64*4 + 32) // not NOSPLIT: the frame gets the usual stack check
	wk := func(t int) Mem { return Mem{Base: StackPointer, Disp: 4 * t} }
	hc := Mem{Base: StackPointer, Disp: 256} // the chaining value between blocks (see loadState)

	if shufLow.Symbol.Name == "" {
		shufLow = asmutil.Table64("shuf256Low", 0x0b0a090803020100, 0xffffffffffffffff)   // dwords 0 and 2 to 0 and 1, zero 2 and 3
		shufHigh = asmutil.Table64("shuf256High", 0xffffffffffffffff, 0x0b0a090803020100) // dwords 0 and 2 to 2 and 3, zero 0 and 1
	}

	hp := Load(Param("h"), GP64())
	p, end := asmutil.WholeBlocks("p", 6, "avx2_done")

	st := sr.newState(hp, hc)

	var w [4]VecVirtual // w[i] holds W[4i..4i+3] of the sixteen newest words (mod 16)
	for i := range w {
		w[i] = XMM()
	}
	mask := XMM()
	VMOVDQU(bswap32Mask, mask)

	// xorShifts returns the XOR of the shifts of x, each an instruction and
	// its count.
	type shift struct {
		inst func(...Op)
		n    uint64
	}
	xorShifts := func(x VecVirtual, shifts ...shift) VecVirtual {
		r, t := XMM(), XMM()
		shifts[0].inst(Imm(shifts[0].n), x, r)
		for _, s := range shifts[1:] {
			s.inst(Imm(s.n), x, t)
			VPXOR(t, r, r)
		}
		return r
	}
	// σ0 of four words: ROTR^7 ^ ROTR^18 ^ SHR^3, rotations made of shifts.
	sigma0 := func(x VecVirtual) VecVirtual {
		return xorShifts(x, shift{VPSRLD, 7}, shift{VPSLLD, 25}, shift{VPSRLD, 18}, shift{VPSLLD, 14}, shift{VPSRLD, 3})
	}
	// σ1 of the two words in dwords 0 and 2 of x, each also copied to the
	// dword above it: a 64-bit shift of such a pair is a 32-bit rotation.
	sigma1Pairs := func(x VecVirtual) VecVirtual {
		return xorShifts(x, shift{VPSRLD, 10}, shift{VPSRLQ, 17}, shift{VPSRLQ, 19})
	}
	// step computes W[t..t+3] into w[(t/4)%4], which holds W[t-16..t-13],
	// and stores them with K added.
	step := func(t int) {
		slot := func(u int) VecVirtual { return w[(u/4)%4] }
		dst := slot(t)
		x := XMM()
		VPALIGNR(Imm(4), slot(t-16), slot(t-12), x) // W[t-15..t-12]
		s0 := sigma0(x)
		y := XMM()
		VPALIGNR(Imm(4), slot(t-8), slot(t-4), y) // W[t-7..t-4]
		VPADDD(y, dst, dst)
		VPADDD(s0, dst, dst)
		// W[t] and W[t+1] need σ1 of W[t-2] and W[t-1]...
		z := XMM()
		VPSHUFD(Imm(0xfa), slot(t-4), z) // W[t-2] W[t-2] W[t-1] W[t-1]
		s1 := sigma1Pairs(z)
		VPSHUFB(shufLow, s1, s1)
		VPADDD(s1, dst, dst)
		// ...and W[t+2], W[t+3] need σ1 of the W[t], W[t+1] just made.
		z2 := XMM()
		VPSHUFD(Imm(0x50), dst, z2) // W[t] W[t] W[t+1] W[t+1]
		s1b := sigma1Pairs(z2)
		VPSHUFB(shufHigh, s1b, s1b)
		VPADDD(s1b, dst, dst)
		k := XMM()
		VPADDD(k256Table.Offset(4*t), dst, k)
		VMOVDQU(k, wk(t))
	}

	Label("avx2_loop")
	Comment("W[0..15] in big-endian order from the block, stored with K added.")
	for i := range w {
		VMOVDQU(Mem{Base: p, Disp: 16 * i}, w[i])
		VPSHUFB(mask, w[i], w[i])
		k := XMM()
		VPADDD(k256Table.Offset(16*i), w[i], k)
		VMOVDQU(k, wk(4*i))
	}
	sr.begin(st)
	for t := range 64 {
		if t%4 == 0 && t < 48 {
			step(t + 16)
		}
		sr.round(st, t, wk(t))
	}
	sr.end(st, hc, p, end, 64, "avx2_loop", "avx2_done")
}
