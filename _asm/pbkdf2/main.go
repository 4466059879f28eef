// Command pbkdf2 generates iterSHANI of package pbkdf2: the inner loop of
// PBKDF2-HMAC-SHA-256 (RFC 8018 section 5.2) with the SHA extensions.
// Declaration: pbkdf2/sha256_amd64.go.
//
// Each iteration is two SHA-256 compressions of one block whose first eight
// words are the previous digest and whose last eight are the constant
// padding of a 96-byte message (0x80000000, six zeros, 768 bits). The digest
// never goes through memory: it stays in registers, is turned from the
// SHA256RNDS2 layout (ABEF, CDGH) into message order (abcd, efgh) with four
// shuffles, and becomes the next block directly, with no byte swapping.
package main

//go:generate go run . -out ../../pbkdf2/sha256_amd64.s -pkg pbkdf2

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	_ "github.com/hashkit/hashkit/pbkdf2"
)

// k256 are the SHA-256 round constants, FIPS 180-4 section 4.2.2.
var k256 = [64]uint32{
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
}

func main() {
	Package("github.com/hashkit/hashkit/pbkdf2")
	ConstraintExpr("!purego")

	kTable := GLOBL("pbkdf2K256", RODATA|NOPTR)
	for i, k := range k256 {
		DATA(4*i, U32(k))
	}
	// W[8..11] and W[12..15] of every block: 0x80 after the 32-byte digest,
	// then zeros, then the bit length (64 + 32) * 8 = 768.
	padTable := GLOBL("pbkdf2Pad", RODATA|NOPTR)
	DATA(0, U32(0x80000000))
	DATA(4, U32(0))
	DATA(8, U32(0))
	DATA(12, U32(0))
	DATA(16, U32(0))
	DATA(20, U32(0))
	DATA(24, U32(0))
	DATA(28, U32(768))

	genIter(kTable, padTable)
	genIter2(kTable, padTable)
	Generate()
}

// genIter writes iterSHANI: one chain, everything in registers.
func genIter(kTable, padTable Mem) {
	Implement("iterSHANI")
	Attributes(NOSPLIT)

	// X0 is SHA256RNDS2's implicit W+K operand. All sixteen XMM registers
	// are in use: the working state, four schedule registers, one scratch,
	// the keyed chaining values of the inner and outer hash (constant), the
	// two padding vectors (constant) and the running XOR T.
	wk := X0
	abef, cdgh := X1, X2
	tmp := X3
	m := [4]VecPhysical{X4, X5, X6, X7}
	inABEF, inCDGH := X8, X9
	outABEF, outCDGH := X10, X11
	pad0, pad1 := X12, X13
	t0, t1 := X14, X15

	// toABEF turns a..h in (lo: a b c d, hi: e f g h) into the ABEF/CDGH
	// layout SHA256RNDS2 works on.
	toABEF := func(lo, hi VecPhysical) {
		PSHUFD(Imm(0xb1), lo, lo) // b a d c
		PSHUFD(Imm(0x1b), hi, hi) // h g f e
		MOVO(lo, tmp)
		PALIGNR(Imm(8), hi, lo)     // f e b a = ABEF
		PBLENDW(Imm(0xf0), tmp, hi) // h g d c = CDGH
	}
	// fromABEF is the inverse: ABEF, CDGH back to a b c d, e f g h.
	fromABEF := func(x, y VecPhysical) {
		PSHUFD(Imm(0x1b), x, x) // a b e f
		PSHUFD(Imm(0xb1), y, y) // g h c d
		MOVO(x, tmp)
		PBLENDW(Imm(0xf0), y, x) // a b c d
		PALIGNR(Imm(8), tmp, y)  // e f g h
	}

	Comment("Load the keyed chaining values in the ABEF/CDGH layout.")
	p := Load(Param("ih"), GP64())
	MOVOU(Mem{Base: p}, inABEF)
	MOVOU(Mem{Base: p, Disp: 16}, inCDGH)
	toABEF(inABEF, inCDGH)
	p = Load(Param("oh"), GP64())
	MOVOU(Mem{Base: p}, outABEF)
	MOVOU(Mem{Base: p, Disp: 16}, outCDGH)
	toABEF(outABEF, outCDGH)
	MOVOU(padTable, pad0)
	MOVOU(padTable.Offset(16), pad1)
	up := Load(Param("u"), GP64())
	tp := Load(Param("t"), GP64())
	n := Load(Param("n"), GP64())
	Comment("U as message words W[0..7]: native dwords, no byte swap.")
	MOVOU(Mem{Base: up}, m[0])
	MOVOU(Mem{Base: up, Disp: 16}, m[1])
	MOVOU(Mem{Base: tp}, t0)
	MOVOU(Mem{Base: tp, Disp: 16}, t1)

	// compress runs the 64 rounds of FIPS 180-4 section 6.2.2 on the block
	// m[0], m[1] (and the padding) from the chaining value (ia, ic), and
	// leaves the new chaining value in message order in m[0], m[1].
	compress := func(ia, ic VecPhysical) {
		MOVO(ia, abef)
		MOVO(ic, cdgh)
		MOVO(pad0, m[2])
		MOVO(pad1, m[3])
		for g := range 16 {
			MOVO(m[g%4], wk)
			PADDD(kTable.Offset(16*g), wk)
			SHA256RNDS2(wk, abef, cdgh) // rounds 4g and 4g+1
			if g >= 3 && g <= 14 {
				// W[4g+4..4g+7]: add the t-7 words to the MSG1 part
				// already in m[g+1], then MSG2 adds sigma1.
				MOVO(m[g%4], tmp)
				PALIGNR(Imm(4), m[(g+3)%4], tmp)
				PADDD(tmp, m[(g+1)%4])
				SHA256MSG2(m[g%4], m[(g+1)%4])
			}
			PSHUFD(Imm(0x0e), wk, wk)
			SHA256RNDS2(wk, cdgh, abef) // rounds 4g+2 and 4g+3
			if g >= 1 && g <= 12 {
				// W[t-16] + sigma0(W[t-15]) for the block after next.
				SHA256MSG1(m[g%4], m[(g+3)%4])
			}
		}
		PADDD(ia, abef)
		PADDD(ic, cdgh)
		fromABEF(abef, cdgh)
		MOVO(abef, m[0])
		MOVO(cdgh, m[1])
	}

	Label("loop")
	Comment("Inner hash of U, then outer hash of the inner digest.")
	compress(inABEF, inCDGH)
	compress(outABEF, outCDGH)
	PXOR(m[0], t0)
	PXOR(m[1], t1)
	DECQ(n)
	JNZ(LabelRef("loop"))

	MOVOU(m[0], Mem{Base: up})
	MOVOU(m[1], Mem{Base: up, Disp: 16})
	MOVOU(t0, Mem{Base: tp})
	MOVOU(t1, Mem{Base: tp, Disp: 16})
	RET()
}

// chain is the register set of one PBKDF2 block in genIter2.
type chain struct {
	abef, cdgh VecPhysical
	m          [4]VecPhysical
}

// genIter2 writes iter2SHANI: two independent blocks of the derived key
// (T_i and T_i+1) advanced together. SHA256RNDS2 is bound by its latency
// on one chain; a second chain fills the gaps, so two blocks cost little
// more than one. With twelve registers for the two states and schedules,
// the keyed chaining values (in the ABEF/CDGH layout) and the running XORs
// live on the stack.
func genIter2(kTable, padTable Mem) {
	Implement("iter2SHANI")
	Attributes(NOSPLIT)
	AllocLocal(64)
	inABEF := Mem{Base: StackPointer, Disp: 0}
	inCDGH := Mem{Base: StackPointer, Disp: 16}
	outABEF := Mem{Base: StackPointer, Disp: 32}
	outCDGH := Mem{Base: StackPointer, Disp: 48}

	wk := X0
	tmp, tmp2 := X13, X14
	chains := [2]chain{
		{abef: X1, cdgh: X2, m: [4]VecPhysical{X3, X4, X5, X6}},
		{abef: X7, cdgh: X8, m: [4]VecPhysical{X9, X10, X11, X12}},
	}

	Comment("The keyed chaining values, to the ABEF/CDGH layout, on the stack.")
	for i, name := range []string{"ih", "oh"} {
		p := Load(Param(name), GP64())
		MOVOU(Mem{Base: p}, X1)
		MOVOU(Mem{Base: p, Disp: 16}, X2)
		PSHUFD(Imm(0xb1), X1, X1) // b a d c
		PSHUFD(Imm(0x1b), X2, X2) // h g f e
		MOVO(X1, tmp)
		PALIGNR(Imm(8), X2, X1)     // f e b a = ABEF
		PBLENDW(Imm(0xf0), tmp, X2) // h g d c = CDGH
		MOVOU(X1, Mem{Base: StackPointer, Disp: 32 * i})
		MOVOU(X2, Mem{Base: StackPointer, Disp: 32*i + 16})
	}
	up := Load(Param("u"), GP64())
	tp := Load(Param("t"), GP64())
	n := Load(Param("n"), GP64())
	Comment("The two U as message words W[0..7].")
	for c, ch := range chains {
		MOVOU(Mem{Base: up, Disp: 32 * c}, ch.m[0])
		MOVOU(Mem{Base: up, Disp: 32*c + 16}, ch.m[1])
	}

	// compress2 runs the 64 rounds on both chains, group by group, from the
	// chaining value (ia, ic), and leaves each new chaining value in message
	// order in its m[0], m[1].
	compress2 := func(ia, ic Mem) {
		for _, ch := range chains {
			MOVOU(ia, ch.abef)
			MOVOU(ic, ch.cdgh)
			MOVOU(padTable, ch.m[2])
			MOVOU(padTable.Offset(16), ch.m[3])
		}
		for g := range 16 {
			for _, ch := range chains {
				m := ch.m
				MOVO(m[g%4], wk)
				PADDD(kTable.Offset(16*g), wk)
				SHA256RNDS2(wk, ch.abef, ch.cdgh)
				if g >= 3 && g <= 14 {
					MOVO(m[g%4], tmp)
					PALIGNR(Imm(4), m[(g+3)%4], tmp)
					PADDD(tmp, m[(g+1)%4])
					SHA256MSG2(m[g%4], m[(g+1)%4])
				}
				PSHUFD(Imm(0x0e), wk, wk)
				SHA256RNDS2(wk, ch.cdgh, ch.abef)
				if g >= 1 && g <= 12 {
					SHA256MSG1(m[g%4], m[(g+3)%4])
				}
			}
		}
		for _, ch := range chains {
			// Legacy SSE memory operands must be 16-byte aligned, which the
			// stack area is not: load first.
			MOVOU(ia, tmp2)
			PADDD(tmp2, ch.abef)
			MOVOU(ic, tmp2)
			PADDD(tmp2, ch.cdgh)
			PSHUFD(Imm(0x1b), ch.abef, ch.abef) // a b e f
			PSHUFD(Imm(0xb1), ch.cdgh, ch.cdgh) // g h c d
			MOVO(ch.abef, tmp)
			PBLENDW(Imm(0xf0), ch.cdgh, ch.abef) // a b c d
			PALIGNR(Imm(8), tmp, ch.cdgh)        // e f g h
			MOVO(ch.abef, ch.m[0])
			MOVO(ch.cdgh, ch.m[1])
		}
	}

	Label("loop2")
	compress2(inABEF, inCDGH)
	compress2(outABEF, outCDGH)
	Comment("T ^= U for both blocks.")
	for c, ch := range chains {
		for half := range 2 {
			at := Mem{Base: tp, Disp: 32*c + 16*half}
			MOVOU(at, tmp2)
			PXOR(ch.m[half], tmp2)
			MOVOU(tmp2, at)
		}
	}
	DECQ(n)
	JNZ(LabelRef("loop2"))

	for c, ch := range chains {
		MOVOU(ch.m[0], Mem{Base: up, Disp: 32 * c})
		MOVOU(ch.m[1], Mem{Base: up, Disp: 32*c + 16})
	}
	RET()
}
