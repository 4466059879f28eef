//go:build !purego

#include "textflag.h"

// SHA-256 with the Armv8.0 SHA2 instructions: the block loop, the
// PBKDF2-HMAC-SHA-256 iteration loop on one chain and on two, HMAC's outer
// hash, the one-call finish of a message and HMAC's keyed states.
//
// Four rounds (FIPS 180-4 section 6.2.2 step 3) on the working variables
// a..d in a and e..h in e, with W[t..t+3] in w and K[t..t+3] in k: t = W+K;
// keep a..d in s; SHA256H advances a..d by the four rounds from e..h and t,
// and SHA256H2 advances e..h from the kept a..d.
#define ROUNDS4(k, w, a, e, s, t) \
	VADD	k.S4, w.S4, t.S4 \
	VMOV	a.B16, s.B16 \
	SHA256H	t.S4, e, a \
	SHA256H2	t.S4, s, e

// ROUNDS4 on w0 = W[t..t+3], and the schedule (step 1) of W[t+16..t+19]
// into w0 from w0..w3 = W[t..t+15]: SHA256SU0 adds sigma0 of W[t+1..t+4],
// SHA256SU1 sigma1 of W[t+14..t+17] and W[t+9..t+12]. The VADD has read w0
// before SHA256SU0 replaces it.
#define ROUNDS4SCHED(k, w0, w1, w2, w3, a, e, s, t) \
	VADD	k.S4, w0.S4, t.S4 \
	SHA256SU0	w1.S4, w0.S4 \
	VMOV	a.B16, s.B16 \
	SHA256H	t.S4, e, a \
	SHA256SU1	w3.S4, w2.S4, w0.S4 \
	SHA256H2	t.S4, s, e

// Sixteen rounds of one block on V2 (a..d) and V3 (e..h), with the message
// in V4-V7, the constants in k0-k3 and V8, V9 as scratch, scheduling
// W[t+16..t+31]: the message registers repeat every four groups.
#define ROUNDS16SCHED(k0, k1, k2, k3) \
	ROUNDS4SCHED(k0, V4, V5, V6, V7, V2, V3, V8, V9) \
	ROUNDS4SCHED(k1, V5, V6, V7, V4, V2, V3, V8, V9) \
	ROUNDS4SCHED(k2, V6, V7, V4, V5, V2, V3, V8, V9) \
	ROUNDS4SCHED(k3, V7, V4, V5, V6, V2, V3, V8, V9)

// The 64 rounds of one block, with the constants in V16-V31. Rounds 0 to 47
// also schedule W[16..63], each four words twelve rounds before their use.
#define ROUNDS64() \
	ROUNDS16SCHED(V16, V17, V18, V19) \
	ROUNDS16SCHED(V20, V21, V22, V23) \
	ROUNDS16SCHED(V24, V25, V26, V27) \
	ROUNDS4(V28, V4, V2, V3, V8, V9) \
	ROUNDS4(V29, V5, V2, V3, V8, V9) \
	ROUNDS4(V30, V6, V2, V3, V8, V9) \
	ROUNDS4(V31, V7, V2, V3, V8, V9)

// ROUNDS64 on two blocks at once: the first on V2, V3 with its message in
// V4-V7 and V8, V9 as scratch, the second on V18, V19 with V20-V23 and V24,
// V25. The constants come from R5, which walks ·k256, four at a time into
// V26-V29 in turn, each shared by both blocks. Two independent chains of
// SHA256H/SHA256H2 keep the crypto unit busy where one waits on the
// latency of the last. Sixteen rounds (with and without the schedule) at a
// time: the message and constant registers repeat every four groups.
#define ROUNDS16X2SCHED() \
	VLD1.P	16(R5), [V26.S4] \
	ROUNDS4SCHED(V26, V4, V5, V6, V7, V2, V3, V8, V9) \
	ROUNDS4SCHED(V26, V20, V21, V22, V23, V18, V19, V24, V25) \
	VLD1.P	16(R5), [V27.S4] \
	ROUNDS4SCHED(V27, V5, V6, V7, V4, V2, V3, V8, V9) \
	ROUNDS4SCHED(V27, V21, V22, V23, V20, V18, V19, V24, V25) \
	VLD1.P	16(R5), [V28.S4] \
	ROUNDS4SCHED(V28, V6, V7, V4, V5, V2, V3, V8, V9) \
	ROUNDS4SCHED(V28, V22, V23, V20, V21, V18, V19, V24, V25) \
	VLD1.P	16(R5), [V29.S4] \
	ROUNDS4SCHED(V29, V7, V4, V5, V6, V2, V3, V8, V9) \
	ROUNDS4SCHED(V29, V23, V20, V21, V22, V18, V19, V24, V25)

#define ROUNDS16X2() \
	VLD1.P	16(R5), [V26.S4] \
	ROUNDS4(V26, V4, V2, V3, V8, V9) \
	ROUNDS4(V26, V20, V18, V19, V24, V25) \
	VLD1.P	16(R5), [V27.S4] \
	ROUNDS4(V27, V5, V2, V3, V8, V9) \
	ROUNDS4(V27, V21, V18, V19, V24, V25) \
	VLD1.P	16(R5), [V28.S4] \
	ROUNDS4(V28, V6, V2, V3, V8, V9) \
	ROUNDS4(V28, V22, V18, V19, V24, V25) \
	VLD1.P	16(R5), [V29.S4] \
	ROUNDS4(V29, V7, V2, V3, V8, V9) \
	ROUNDS4(V29, V23, V18, V19, V24, V25)

#define ROUNDS64X2() \
	ROUNDS16X2SCHED() \
	ROUNDS16X2SCHED() \
	ROUNDS16X2SCHED() \
	ROUNDS16X2()

// The 64 round constants into V16-V31, through r.
#define LOADK(r) \
	MOVD	$·k256(SB), r \
	VLD1.P	64(r), [V16.S4, V17.S4, V18.S4, V19.S4] \
	VLD1.P	64(r), [V20.S4, V21.S4, V22.S4, V23.S4] \
	VLD1.P	64(r), [V24.S4, V25.S4, V26.S4, V27.S4] \
	VLD1	(r), [V28.S4, V29.S4, V30.S4, V31.S4]

// The bytes of each 32-bit lane of a, b, c, d reversed: the message words
// and the digest are big-endian.
#define REV32X4(a, b, c, d) \
	VREV32	a.B16, a.B16 \
	VREV32	b.B16, b.B16 \
	VREV32	c.B16, c.B16 \
	VREV32	d.B16, d.B16

// The next 64 bytes of the message at r (advanced past them) as the words
// W[0..15] in V4-V7: the words are big-endian.
#define LOADBLOCK(r) \
	VLD1.P	64(r), [V4.B16, V5.B16, V6.B16, V7.B16] \
	REV32X4(V4, V5, V6, V7)

// One block (its words in V4-V7) into the chaining value in V0, V1: the
// rounds on a copy, then step 4 adds the copy back.
#define COMPRESS() \
	VMOV	V0.B16, V2.B16 \
	VMOV	V1.B16, V3.B16 \
	ROUNDS64() \
	VADD	V2.S4, V0.S4, V0.S4 \
	VADD	V3.S4, V1.S4, V1.S4

// func blockSHA2(h *[8]uint32, p []byte)
TEXT ·blockSHA2(SB), NOSPLIT, $0-32
	MOVD	h+0(FP), R0
	MOVD	p_base+8(FP), R1
	MOVD	p_len+16(FP), R2
	AND	$~63, R2              // whole blocks only
	CBZ	R2, done
	LOADK(R3)
	VLD1	(R0), [V0.S4, V1.S4]  // h[0..3] in V0, h[4..7] in V1, h[0] in lane 0

loop:
	LOADBLOCK(R1)
	COMPRESS()
	SUBS	$64, R2
	BNE	loop

	VST1	[V0.S4, V1.S4], (R0)

done:
	RET

// The padding of HMAC's 96-byte messages, inner (key block, 32-byte u) and
// outer (key block, 32-byte inner hash), as message words 8 to 15: a 1 bit,
// zeros, and the bit count 768 (FIPS 180-4 section 5.1.1).
DATA pad96<>+0(SB)/4, $0x80000000
DATA pad96<>+4(SB)/4, $0
DATA pad96<>+8(SB)/4, $0
DATA pad96<>+12(SB)/4, $0
DATA pad96<>+16(SB)/4, $0
DATA pad96<>+20(SB)/4, $0
DATA pad96<>+24(SB)/4, $0
DATA pad96<>+28(SB)/4, $768
GLOBL pad96<>(SB), RODATA|NOPTR, $32

// The start of a compression of one of HMAC's 96-byte messages: the
// padding (V14, V15) as W[8..15] in w2, w3, and the working variables in
// s0, s1 set to the keyed state k0, k1 (ih or oh).
#define PADSTART(w2, w3, s0, s1, k0, k1) \
	VMOV	V14.B16, w2.B16 \
	VMOV	V15.B16, w3.B16 \
	VMOV	k0.B16, s0.B16 \
	VMOV	k1.B16, s1.B16

// func pbkdf2SHA2(ih, oh, u, t *[8]uint32, n int)
//
// n times (n >= 1): u = HMAC(u) = the compression from oh of the
// compression from ih of u, each with the padding above; t ^= u. The
// message words are the words of u and of the inner hash as they are, with
// no byte reversal. t stays in memory: every register holds something else.
TEXT ·pbkdf2SHA2(SB), NOSPLIT, $0-40
	MOVD	ih+0(FP), R0
	MOVD	oh+8(FP), R1
	MOVD	u+16(FP), R2
	MOVD	t+24(FP), R3
	MOVD	n+32(FP), R4
	LOADK(R5)
	VLD1	(R0), [V10.S4, V11.S4] // ih
	VLD1	(R1), [V12.S4, V13.S4] // oh
	MOVD	$pad96<>(SB), R6
	VLD1	(R6), [V14.S4, V15.S4]
	VLD1	(R2), [V0.S4, V1.S4]   // u

iter:
	VMOV	V0.B16, V4.B16        // inner block: u, then the padding
	VMOV	V1.B16, V5.B16
	PADSTART(V6, V7, V2, V3, V10, V11)
	ROUNDS64()
	VADD	V10.S4, V2.S4, V4.S4  // outer block: the inner hash, then the padding
	VADD	V11.S4, V3.S4, V5.S4
	PADSTART(V6, V7, V2, V3, V12, V13)
	ROUNDS64()
	VADD	V12.S4, V2.S4, V0.S4  // the new u
	VADD	V13.S4, V3.S4, V1.S4
	VLD1	(R3), [V8.S4, V9.S4]
	VEOR	V0.B16, V8.B16, V8.B16
	VEOR	V1.B16, V9.B16, V9.B16
	VST1	[V8.S4, V9.S4], (R3)
	SUBS	$1, R4
	BNE	iter

	VST1	[V0.S4, V1.S4], (R2)
	RET

// func pbkdf2x2SHA2(ih, oh *[8]uint32, u, t *[16]uint32, n int)
//
// pbkdf2SHA2 on the two chains u[0:8], t[0:8] (in V0, V1) and u[8:16],
// t[8:16] (in V16, V17) at once, through ROUNDS64X2.
TEXT ·pbkdf2x2SHA2(SB), NOSPLIT, $0-40
	MOVD	ih+0(FP), R0
	MOVD	oh+8(FP), R1
	MOVD	u+16(FP), R2
	MOVD	t+24(FP), R3
	MOVD	n+32(FP), R4
	MOVD	$·k256(SB), R7
	VLD1	(R0), [V10.S4, V11.S4] // ih
	VLD1	(R1), [V12.S4, V13.S4] // oh
	MOVD	$pad96<>(SB), R6
	VLD1	(R6), [V14.S4, V15.S4]
	VLD1	(R2), [V0.S4, V1.S4]   // the two u
	ADD	$32, R2, R8
	VLD1	(R8), [V16.S4, V17.S4]

iter:
	VMOV	V0.B16, V4.B16        // inner blocks
	VMOV	V1.B16, V5.B16
	PADSTART(V6, V7, V2, V3, V10, V11)
	VMOV	V16.B16, V20.B16
	VMOV	V17.B16, V21.B16
	PADSTART(V22, V23, V18, V19, V10, V11)
	MOVD	R7, R5
	ROUNDS64X2()
	VADD	V10.S4, V2.S4, V4.S4  // outer blocks
	VADD	V11.S4, V3.S4, V5.S4
	PADSTART(V6, V7, V2, V3, V12, V13)
	VADD	V10.S4, V18.S4, V20.S4
	VADD	V11.S4, V19.S4, V21.S4
	PADSTART(V22, V23, V18, V19, V12, V13)
	MOVD	R7, R5
	ROUNDS64X2()
	VADD	V12.S4, V2.S4, V0.S4  // the new u of both chains
	VADD	V13.S4, V3.S4, V1.S4
	VADD	V12.S4, V18.S4, V16.S4
	VADD	V13.S4, V19.S4, V17.S4
	VLD1	(R3), [V8.S4, V9.S4]
	ADD	$32, R3, R9
	VLD1	(R9), [V24.S4, V25.S4]
	VEOR	V0.B16, V8.B16, V8.B16
	VEOR	V1.B16, V9.B16, V9.B16
	VEOR	V16.B16, V24.B16, V24.B16
	VEOR	V17.B16, V25.B16, V25.B16
	VST1	[V8.S4, V9.S4], (R3)
	VST1	[V24.S4, V25.S4], (R9)
	SUBS	$1, R4
	BNE	iter

	VST1	[V0.S4, V1.S4], (R2)
	VST1	[V16.S4, V17.S4], (R8)
	RET

// func outer256SHA2(oh, h *[8]uint32, out *[32]byte)
//
// The outer hash of HMAC-SHA-256: one compression from oh of the block made
// of the inner digest (the words of h, no byte reversal) and the padding of
// a 96-byte message, written to out as big-endian bytes.
TEXT ·outer256SHA2(SB), NOSPLIT, $0-24
	MOVD	oh+0(FP), R0
	MOVD	h+8(FP), R1
	MOVD	out+16(FP), R2
	LOADK(R3)
	VLD1	(R0), [V0.S4, V1.S4]
	VLD1	(R1), [V4.S4, V5.S4]
	MOVD	$pad96<>(SB), R3
	VLD1	(R3), [V6.S4, V7.S4]
	VMOV	V0.B16, V2.B16
	VMOV	V1.B16, V3.B16
	ROUNDS64()
	VADD	V0.S4, V2.S4, V2.S4
	VADD	V1.S4, V3.S4, V3.S4
	VREV32	V2.B16, V2.B16        // the digest's bytes are big-endian
	VREV32	V3.B16, V3.B16
	VST1	[V2.B16, V3.B16], (R2)
	RET

// Tables for a message tail of r < 64 bytes, each read as the 64 bytes from
// offset 64-r: tailIdx gives the TBL indices j+64-r for block byte j (64
// and above, past the tail, select zero), and tailPad the padding's 0x80
// at byte r (FIPS 180-4 section 5.1.1).
DATA tailIdx<>+0(SB)/8, $0x0706050403020100
DATA tailIdx<>+8(SB)/8, $0x0f0e0d0c0b0a0908
DATA tailIdx<>+16(SB)/8, $0x1716151413121110
DATA tailIdx<>+24(SB)/8, $0x1f1e1d1c1b1a1918
DATA tailIdx<>+32(SB)/8, $0x2726252423222120
DATA tailIdx<>+40(SB)/8, $0x2f2e2d2c2b2a2928
DATA tailIdx<>+48(SB)/8, $0x3736353433323130
DATA tailIdx<>+56(SB)/8, $0x3f3e3d3c3b3a3938
DATA tailIdx<>+64(SB)/8, $0x4746454443424140
DATA tailIdx<>+72(SB)/8, $0x4f4e4d4c4b4a4948
DATA tailIdx<>+80(SB)/8, $0x5756555453525150
DATA tailIdx<>+88(SB)/8, $0x5f5e5d5c5b5a5958
DATA tailIdx<>+96(SB)/8, $0x6766656463626160
DATA tailIdx<>+104(SB)/8, $0x6f6e6d6c6b6a6968
DATA tailIdx<>+112(SB)/8, $0x7776757473727170
DATA tailIdx<>+120(SB)/8, $0x7f7e7d7c7b7a7978
GLOBL tailIdx<>(SB), RODATA|NOPTR, $128
DATA tailPad<>+64(SB)/8, $0x80
GLOBL tailPad<>(SB), RODATA|NOPTR, $128

// LOADSHORT's loads of n <= 8 bytes: the first n (from p) into lane first,
// the last n (ending at e) into lane last, through t.
#define ENDS(op, p, e, t, n, first, last) \
	op	(p), t \
	VMOV	t, first \
	op	-n(e), t \
	VMOV	t, last

// The r < 64 bytes at p, loaded without touching a byte outside them, for
// TAILTBL: the first s bytes (s the largest power of two up to r, at most
// 32) in V2, V3 from byte 0, the last s in V8-V11 ending at byte 63, zeros
// elsewhere. Byte j of the block is then V2/V3's byte j or table byte
// j+64-r (both, equal, where the two overlap). t, e are scratch.
#define LOADSHORT(p, r, t, e) \
	VEOR	V2.B16, V2.B16, V2.B16 \
	VEOR	V3.B16, V3.B16, V3.B16 \
	VEOR	V8.B16, V8.B16, V8.B16 \
	VEOR	V9.B16, V9.B16, V9.B16 \
	VEOR	V10.B16, V10.B16, V10.B16 \
	VEOR	V11.B16, V11.B16, V11.B16 \
	ADD	r, p, e \
	TBNZ	$5, r, short32 \
	TBNZ	$4, r, short16 \
	TBNZ	$3, r, short8 \
	TBNZ	$2, r, short4 \
	TBNZ	$1, r, short2 \
	CBZ	r, shortdone \
	MOVBU	(p), t \
	VMOV	t, V2.B[0] \
	B	shortdone \
short32: \
	VLD1	(p), [V2.B16, V3.B16] \
	SUB	$32, e \
	VLD1	(e), [V10.B16, V11.B16] \
	B	shortdone \
short16: \
	VLD1	(p), [V2.B16] \
	SUB	$16, e \
	VLD1	(e), [V11.B16] \
	B	shortdone \
short8: \
	ENDS(MOVD, p, e, t, 8, V2.D[0], V11.D[1]) \
	B	shortdone \
short4: \
	ENDS(MOVWU, p, e, t, 4, V2.S[0], V11.S[3]) \
	B	shortdone \
short2: \
	ENDS(MOVHU, p, e, t, 2, V2.H[0], V11.H[7]) \
shortdone:

// The r < 64 tail bytes, as block bytes 0..r-1 and zeros after, ORed into
// V4-V7 in word order by TBL from the table V8-V11 (loaded by LOADSHORT,
// or the 64 bytes ending at the message's end): TAILIDX loads the indices
// tailIdx into V12-V15, each word's four reversed, so that TBL also does
// REV32's work; TAILTBL looks them up. t is scratch.
#define TAILIDX(r, t) \
	MOVD	$tailIdx<>+64(SB), t \
	SUB	r, t \
	VLD1	(t), [V12.B16, V13.B16, V14.B16, V15.B16] \
	REV32X4(V12, V13, V14, V15)

#define TAILTBL() \
	VTBL	V12.B16, [V8.B16, V9.B16, V10.B16, V11.B16], V12.B16 \
	VTBL	V13.B16, [V8.B16, V9.B16, V10.B16, V11.B16], V13.B16 \
	VTBL	V14.B16, [V8.B16, V9.B16, V10.B16, V11.B16], V14.B16 \
	VTBL	V15.B16, [V8.B16, V9.B16, V10.B16, V11.B16], V15.B16 \
	VORR	V12.B16, V4.B16, V4.B16 \
	VORR	V13.B16, V5.B16, V5.B16 \
	VORR	V14.B16, V6.B16, V6.B16 \
	VORR	V15.B16, V7.B16, V7.B16

// The last block but for its bit count in V4-V7 (words): the tail, the
// padding's 0x80 (tailPad) and LOADSHORT's first bytes in V2, V3.
#define PADTAIL(r, t) \
	TAILIDX(r, t) \
	MOVD	$tailPad<>+64(SB), t \
	SUB	r, t \
	VLD1	(t), [V4.B16, V5.B16, V6.B16, V7.B16] \
	VORR	V2.B16, V4.B16, V4.B16 \
	VORR	V3.B16, V5.B16, V5.B16 \
	REV32X4(V4, V5, V6, V7) \
	TAILTBL()

// func sum256SHA2(out *[32]byte, h *[8]uint32, p []byte, total uint64)
//
// Finishes a SHA-256 family hash in one call: from the chaining value h
// (left unchanged), p is the rest of a message of total bytes. Its whole
// blocks are read from p; its tail and the padding are built in registers
// and no byte after p is read. out gets the big-endian digest.
TEXT ·sum256SHA2(SB), NOSPLIT, $0-48
	MOVD	h+8(FP), R0
	MOVD	p_base+16(FP), R1
	MOVD	p_len+24(FP), R2
	AND	$63, R2, R4           // r, the tail's length
	CMP	$64, R2
	BHS	long
	// A message shorter than a block: its loads go first, the round
	// constants after them, as the first rounds wait on the message.
	LOADSHORT(R1, R4, R5, R6)
	PADTAIL(R4, R5)
	LOADK(R3)
	VLD1	(R0), [V0.S4, V1.S4]
	B	length

long:
	LOADK(R3)
	VLD1	(R0), [V0.S4, V1.S4]
	AND	$~63, R2

loop:
	LOADBLOCK(R1)
	COMPRESS()
	SUBS	$64, R2
	BNE	loop

	// The message has a whole block before the tail, so the 64 bytes that
	// end where it ends are its own.
	ADD	R4, R1, R5
	SUB	$64, R5
	VLD1	(R5), [V8.B16, V9.B16, V10.B16, V11.B16]
	VEOR	V2.B16, V2.B16, V2.B16
	VEOR	V3.B16, V3.B16, V3.B16
	PADTAIL(R4, R5)

length:
	// The bit count, as words 14 (high half) and 15 (low half) of the last
	// block: swapping the halves puts each in its lane of V7.D[1].
	MOVD	total+40(FP), R6
	LSL	$3, R6
	ROR	$32, R6
	CMP	$56, R4
	BHS	two
	VMOV	R6, V7.D[1]
	COMPRESS()
	B	out

two:
	// 56..63 tail bytes: the bit count goes in a block of its own.
	COMPRESS()
	VEOR	V4.B16, V4.B16, V4.B16
	VEOR	V5.B16, V5.B16, V5.B16
	VEOR	V6.B16, V6.B16, V6.B16
	VEOR	V7.B16, V7.B16, V7.B16
	VMOV	R6, V7.D[1]
	COMPRESS()

out:
	MOVD	out+0(FP), R0
	VREV32	V0.B16, V0.B16        // the digest's bytes are big-endian
	VREV32	V1.B16, V1.B16
	VST1	[V0.B16, V1.B16], (R0)
	RET

// func hmacKeys256SHA2(iv *[8]uint32, key []byte, ih, oh *[8]uint32)
//
// HMAC's two keyed chaining values, the compressions from iv of the key
// block XOR ipad and XOR opad (FIPS 198-1 section 4, steps 1 to 3 and the
// first block of steps 5 and 8), for a key of at most one block, read
// without touching a byte after it and zero-padded in registers. The two
// compressions are independent and run interleaved (ROUNDS64X2).
TEXT ·hmacKeys256SHA2(SB), NOSPLIT, $0-48
	MOVD	key_base+8(FP), R1
	MOVD	key_len+16(FP), R4
	CMP	$64, R4
	BLO	short
	VLD1	(R1), [V4.B16, V5.B16, V6.B16, V7.B16]
	REV32X4(V4, V5, V6, V7)
	B	keyed

short:
	LOADSHORT(R1, R4, R5, R6)
	TAILIDX(R4, R5)
	VREV32	V2.B16, V4.B16
	VREV32	V3.B16, V5.B16
	VEOR	V6.B16, V6.B16, V6.B16
	VEOR	V7.B16, V7.B16, V7.B16
	TAILTBL()

keyed:
	// The pads' bytes are all equal, so they apply to the words as well.
	VMOVI	$0x36, V12.B16        // ipad
	VMOVI	$0x5c, V13.B16        // opad
	VEOR	V13.B16, V4.B16, V20.B16
	VEOR	V13.B16, V5.B16, V21.B16
	VEOR	V13.B16, V6.B16, V22.B16
	VEOR	V13.B16, V7.B16, V23.B16
	VEOR	V12.B16, V4.B16, V4.B16
	VEOR	V12.B16, V5.B16, V5.B16
	VEOR	V12.B16, V6.B16, V6.B16
	VEOR	V12.B16, V7.B16, V7.B16
	MOVD	iv+0(FP), R0
	VLD1	(R0), [V0.S4, V1.S4]
	VMOV	V0.B16, V2.B16
	VMOV	V1.B16, V3.B16
	VMOV	V0.B16, V18.B16
	VMOV	V1.B16, V19.B16
	MOVD	$·k256(SB), R5
	ROUNDS64X2()
	VADD	V0.S4, V2.S4, V2.S4
	VADD	V1.S4, V3.S4, V3.S4
	VADD	V0.S4, V18.S4, V18.S4
	VADD	V1.S4, V19.S4, V19.S4
	MOVD	ih+32(FP), R0
	MOVD	oh+40(FP), R1
	VST1	[V2.S4, V3.S4], (R0)
	VST1	[V18.S4, V19.S4], (R1)
	RET
