//go:build !purego

#include "textflag.h"

// SHA-1 with the Armv8.0 SHA1 instructions. Register use:
//   V0, F10    the chaining value a..d (a in lane 0) and e between blocks
//   V2, F1     a..d and e of the block
//   V3         a..d as they were before the last four rounds, from which
//              SHA1H makes the next e (a rotated by 30); SHA1C/P/M come
//              first, so that they, on the critical path, get the crypto
//              unit before SHA1H when both are ready
//   V4 - V7    the message schedule, four words each, W[t..t+15] in a ring
//   V9         W+K of the four rounds in progress
//   V16 - V19  K of rounds 0-19, 20-39, 40-59 and 60-79 in every lane
//
// Four rounds of op (SHA1C: Ch, SHA1P: parity, SHA1M: Maj; FIPS 180-4
// section 4.1.1) on w = W[t..t+3], of the block whose registers are wk
// (W+K of the four rounds), e, abcd and prev (V9, V1, V2, V3 above).
#define QUAD(op, k, w, wk, e, abcd, prev) \
	VADD	k.S4, w.S4, wk.S4 \
	op	wk.S4, e, abcd \
	SHA1H	prev, e \
	VMOV	abcd.B16, prev.B16

// QUAD, and the schedule (section 6.1.2 step 1) of W[t+16..t+19] into
// w0 from w0..w3 = W[t..t+15]: SHA1SU0 XORs W[t+2..t+5] and W[t+8..t+11]
// into W[t..t+3], SHA1SU1 XORs in W[t+13..t+16] and rotates by one. The VADD
// has read w0 before SHA1SU0 replaces it.
#define QUADSCHED(op, k, w0, w1, w2, w3, wk, e, abcd, prev) \
	VADD	k.S4, w0.S4, wk.S4 \
	SHA1SU0	w2.S4, w1.S4, w0.S4 \
	op	wk.S4, e, abcd \
	SHA1H	prev, e \
	VMOV	abcd.B16, prev.B16 \
	SHA1SU1	w3.S4, w0.S4

// The quads of the block in V9, V1, V2, V3 (the table above).
#define QUADA(op, k, w) QUAD(op, k, w, V9, V1, V2, V3)
#define QUADSCHEDA(op, k, w0, w1, w2, w3) QUADSCHED(op, k, w0, w1, w2, w3, V9, V1, V2, V3)

// All 80 rounds of the block in V9, V1, V2, V3, its message in V4-V7.
#define BLOCK \
	QUADSCHEDA(SHA1C, V16, V4, V5, V6, V7) \
	QUADSCHEDA(SHA1C, V16, V5, V6, V7, V4) \
	QUADSCHEDA(SHA1C, V16, V6, V7, V4, V5) \
	QUADSCHEDA(SHA1C, V16, V7, V4, V5, V6) \
	QUADSCHEDA(SHA1C, V16, V4, V5, V6, V7) \
	QUADSCHEDA(SHA1P, V17, V5, V6, V7, V4) \
	QUADSCHEDA(SHA1P, V17, V6, V7, V4, V5) \
	QUADSCHEDA(SHA1P, V17, V7, V4, V5, V6) \
	QUADSCHEDA(SHA1P, V17, V4, V5, V6, V7) \
	QUADSCHEDA(SHA1P, V17, V5, V6, V7, V4) \
	QUADSCHEDA(SHA1M, V18, V6, V7, V4, V5) \
	QUADSCHEDA(SHA1M, V18, V7, V4, V5, V6) \
	QUADSCHEDA(SHA1M, V18, V4, V5, V6, V7) \
	QUADSCHEDA(SHA1M, V18, V5, V6, V7, V4) \
	QUADSCHEDA(SHA1M, V18, V6, V7, V4, V5) \
	QUADSCHEDA(SHA1P, V19, V7, V4, V5, V6) \
	QUADA(SHA1P, V19, V4) \
	QUADA(SHA1P, V19, V5) \
	QUADA(SHA1P, V19, V6) \
	QUADA(SHA1P, V19, V7)

// The four K of SHA-1 (section 4.2.1), each in every lane of V16-V19,
// through r.
#define LOADK(r) \
	MOVW	$0x5a827999, r \
	VDUP	r, V16.S4 \
	MOVW	$0x6ed9eba1, r \
	VDUP	r, V17.S4 \
	MOVW	$0x8f1bbcdc, r \
	VDUP	r, V18.S4 \
	MOVW	$0xca62c1d6, r \
	VDUP	r, V19.S4

// func blockSHA1(h *[5]uint32, p []byte)
TEXT ·blockSHA1(SB), NOSPLIT, $0-32
	MOVD	h+0(FP), R0
	MOVD	p_base+8(FP), R1
	MOVD	p_len+16(FP), R2
	AND	$~63, R2              // whole blocks only
	CBZ	R2, done
	LOADK(R3)
	VLD1	(R0), [V0.S4]
	FMOVS	16(R0), F10           // e, the rest of V10 zero

loop:
	VLD1.P	64(R1), [V4.B16, V5.B16, V6.B16, V7.B16]
	VREV32	V4.B16, V4.B16        // the words are big-endian
	VREV32	V5.B16, V5.B16
	VREV32	V6.B16, V6.B16
	VREV32	V7.B16, V7.B16
	VMOV	V0.B16, V2.B16
	VMOV	V0.B16, V3.B16
	VMOV	V10.B16, V1.B16

	BLOCK

	VADD	V2.S4, V0.S4, V0.S4   // step 4: the intermediate hash value
	VADD	V1.S4, V10.S4, V10.S4
	SUBS	$64, R2
	BNE	loop

	VST1	[V0.S4], (R0)
	FMOVS	F10, 16(R0)

done:
	RET

// PBKDF2-HMAC-SHA-1's U chain (RFC 8018 section 5.2): u = HMAC(P, u) and
// t ^= u, n times. Both compressions of an HMAC hash one block: the
// previous digest as W[0..4] (a..d as they are in their register, then e),
// the padding bit as W[5] and the bit length of a key block and 20 bytes,
// (64 + 20) * 8, as W[15]. Registers besides those of the block:
//   V20, V21   the inner keyed state, a..d and e
//   V22, V23   the outer keyed state
//   V26, V27   W[4..7] less e, and W[12..15]
//   V24, V25   t (pbkdf2SHA1), or scratch for t in memory (pbkdf2x2SHA1)

// A quad of the first block and the same quad of the second (its W+K, e,
// a..d, prev in V12-V15), alternating so that each fills the latency of the
// other's SHA1C/P/M.
#define QUAD2(op, k, m, n) \
	QUADA(op, k, m) \
	QUAD(op, k, n, V12, V13, V14, V15)
#define QUADSCHED2(op, k, m0, m1, m2, m3, n0, n1, n2, n3) \
	QUADSCHEDA(op, k, m0, m1, m2, m3) \
	QUADSCHED(op, k, n0, n1, n2, n3, V12, V13, V14, V15)

// BLOCK on two chains, the second's message in V28-V31.
#define BLOCK2 \
	QUADSCHED2(SHA1C, V16, V4, V5, V6, V7, V28, V29, V30, V31) \
	QUADSCHED2(SHA1C, V16, V5, V6, V7, V4, V29, V30, V31, V28) \
	QUADSCHED2(SHA1C, V16, V6, V7, V4, V5, V30, V31, V28, V29) \
	QUADSCHED2(SHA1C, V16, V7, V4, V5, V6, V31, V28, V29, V30) \
	QUADSCHED2(SHA1C, V16, V4, V5, V6, V7, V28, V29, V30, V31) \
	QUADSCHED2(SHA1P, V17, V5, V6, V7, V4, V29, V30, V31, V28) \
	QUADSCHED2(SHA1P, V17, V6, V7, V4, V5, V30, V31, V28, V29) \
	QUADSCHED2(SHA1P, V17, V7, V4, V5, V6, V31, V28, V29, V30) \
	QUADSCHED2(SHA1P, V17, V4, V5, V6, V7, V28, V29, V30, V31) \
	QUADSCHED2(SHA1P, V17, V5, V6, V7, V4, V29, V30, V31, V28) \
	QUADSCHED2(SHA1M, V18, V6, V7, V4, V5, V30, V31, V28, V29) \
	QUADSCHED2(SHA1M, V18, V7, V4, V5, V6, V31, V28, V29, V30) \
	QUADSCHED2(SHA1M, V18, V4, V5, V6, V7, V28, V29, V30, V31) \
	QUADSCHED2(SHA1M, V18, V5, V6, V7, V4, V29, V30, V31, V28) \
	QUADSCHED2(SHA1M, V18, V6, V7, V4, V5, V30, V31, V28, V29) \
	QUADSCHED2(SHA1P, V19, V7, V4, V5, V6, V31, V28, V29, V30) \
	QUAD2(SHA1P, V19, V4, V28) \
	QUAD2(SHA1P, V19, V5, V29) \
	QUAD2(SHA1P, V19, V6, V30) \
	QUAD2(SHA1P, V19, V7, V31)

// The message of a compression from the digest ua..ud, ue (e in lane 0,
// the other lanes zero) into m0..m3, and the block's registers set to the
// keyed state ka..kd, ke.
#define START(ua, ue, m0, m1, m2, m3, ka, ke, e, abcd, prev) \
	VMOV	ua.B16, m0.B16 \
	VORR	ue.B16, V26.B16, m1.B16 \
	VEOR	m2.B16, m2.B16, m2.B16 \
	VMOV	V27.B16, m3.B16 \
	VMOV	ka.B16, abcd.B16 \
	VMOV	ka.B16, prev.B16 \
	VMOV	ke.B16, e.B16

// The new digest into ua..ud, ue: the block's result plus the keyed state
// (SHA1H wrote e as a scalar, so its other lanes are zero, as ue's must be).
#define FINISH(ua, ue, ka, ke, e, abcd) \
	VADD	ka.S4, abcd.S4, ua.S4 \
	VADD	ke.S4, e.S4, ue.S4

// The round constants, the pads and the keyed states from ih (R0) and oh
// (R1).
#define SETUP \
	LOADK(R5) \
	VEOR	V26.B16, V26.B16, V26.B16 \
	MOVW	$0x80000000, R5 \
	VMOV	R5, V26.S[1] \
	VEOR	V27.B16, V27.B16, V27.B16 \
	MOVW	$672, R5 \
	VMOV	R5, V27.S[3] \
	VLD1	(R0), [V20.S4] \
	FMOVS	16(R0), F21 \
	VLD1	(R1), [V22.S4] \
	FMOVS	16(R1), F23

// func pbkdf2SHA1(ih, oh, u, t *[5]uint32, n int)
TEXT ·pbkdf2SHA1(SB), NOSPLIT, $0-40
	MOVD	ih+0(FP), R0
	MOVD	oh+8(FP), R1
	MOVD	u+16(FP), R2
	MOVD	t+24(FP), R3
	MOVD	n+32(FP), R4
	CBZ	R4, done
	SETUP
	VLD1	(R2), [V0.S4]         // u
	FMOVS	16(R2), F10
	VLD1	(R3), [V24.S4]        // t
	FMOVS	16(R3), F25

loop:
	START(V0, V10, V4, V5, V6, V7, V20, V21, V1, V2, V3)
	BLOCK
	FINISH(V0, V10, V20, V21, V1, V2)
	START(V0, V10, V4, V5, V6, V7, V22, V23, V1, V2, V3)
	BLOCK
	FINISH(V0, V10, V22, V23, V1, V2)
	VEOR	V0.B16, V24.B16, V24.B16
	VEOR	V10.B16, V25.B16, V25.B16
	SUBS	$1, R4
	BNE	loop

	VST1	[V0.S4], (R2)
	FMOVS	F10, 16(R2)
	VST1	[V24.S4], (R3)
	FMOVS	F25, 16(R3)

done:
	RET

// The second chain's registers: its digest V8, V11; the block's W+K, e,
// a..d, prev V12 to V15; its message V28 to V31. t stays in memory.

// t ^= u for one chain, t at off(R3).
#define XORT(ua, ue, off) \
	ADD	$off, R3, R6 \
	VLD1	(R6), [V24.S4] \
	FMOVS	16(R6), F25 \
	VEOR	ua.B16, V24.B16, V24.B16 \
	VEOR	ue.B16, V25.B16, V25.B16 \
	VST1	[V24.S4], (R6) \
	FMOVS	F25, 16(R6)

// func pbkdf2x2SHA1(ih, oh *[5]uint32, u, t *[10]uint32, n int)
TEXT ·pbkdf2x2SHA1(SB), NOSPLIT, $0-40
	MOVD	ih+0(FP), R0
	MOVD	oh+8(FP), R1
	MOVD	u+16(FP), R2
	MOVD	t+24(FP), R3
	MOVD	n+32(FP), R4
	CBZ	R4, done
	SETUP
	VLD1	(R2), [V0.S4]         // u of the first chain
	FMOVS	16(R2), F10
	ADD	$20, R2, R6           // u of the second
	VLD1	(R6), [V8.S4]
	FMOVS	16(R6), F11

loop:
	START(V0, V10, V4, V5, V6, V7, V20, V21, V1, V2, V3)
	START(V8, V11, V28, V29, V30, V31, V20, V21, V13, V14, V15)
	BLOCK2
	FINISH(V0, V10, V20, V21, V1, V2)
	FINISH(V8, V11, V20, V21, V13, V14)
	START(V0, V10, V4, V5, V6, V7, V22, V23, V1, V2, V3)
	START(V8, V11, V28, V29, V30, V31, V22, V23, V13, V14, V15)
	BLOCK2
	FINISH(V0, V10, V22, V23, V1, V2)
	FINISH(V8, V11, V22, V23, V13, V14)
	XORT(V0, V10, 0)
	XORT(V8, V11, 20)
	SUBS	$1, R4
	BNE	loop

	VST1	[V0.S4], (R2)
	FMOVS	F10, 16(R2)
	ADD	$20, R2, R6
	VST1	[V8.S4], (R6)
	FMOVS	F11, 16(R6)

done:
	RET
