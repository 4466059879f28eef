//go:build !purego

#include "textflag.h"

// SHA-256 with the Armv8.0 SHA2 instructions: the block loop, and the
// PBKDF2-HMAC-SHA-256 iteration loop on one chain and on two.
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

// The 64 rounds of one block on V2 (a..d) and V3 (e..h), with the message
// in V4-V7, the constants in V16-V31 and V8, V9 as scratch. Rounds 0 to 47
// also schedule W[16..63], each four words twelve rounds before their use.
#define ROUNDS64() \
	ROUNDS4SCHED(V16, V4, V5, V6, V7, V2, V3, V8, V9) \
	ROUNDS4SCHED(V17, V5, V6, V7, V4, V2, V3, V8, V9) \
	ROUNDS4SCHED(V18, V6, V7, V4, V5, V2, V3, V8, V9) \
	ROUNDS4SCHED(V19, V7, V4, V5, V6, V2, V3, V8, V9) \
	ROUNDS4SCHED(V20, V4, V5, V6, V7, V2, V3, V8, V9) \
	ROUNDS4SCHED(V21, V5, V6, V7, V4, V2, V3, V8, V9) \
	ROUNDS4SCHED(V22, V6, V7, V4, V5, V2, V3, V8, V9) \
	ROUNDS4SCHED(V23, V7, V4, V5, V6, V2, V3, V8, V9) \
	ROUNDS4SCHED(V24, V4, V5, V6, V7, V2, V3, V8, V9) \
	ROUNDS4SCHED(V25, V5, V6, V7, V4, V2, V3, V8, V9) \
	ROUNDS4SCHED(V26, V6, V7, V4, V5, V2, V3, V8, V9) \
	ROUNDS4SCHED(V27, V7, V4, V5, V6, V2, V3, V8, V9) \
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
	VLD1.P	64(R1), [V4.B16, V5.B16, V6.B16, V7.B16]
	VREV32	V4.B16, V4.B16        // the words are big-endian
	VREV32	V5.B16, V5.B16
	VREV32	V6.B16, V6.B16
	VREV32	V7.B16, V7.B16
	VMOV	V0.B16, V2.B16
	VMOV	V1.B16, V3.B16
	ROUNDS64()
	VADD	V2.S4, V0.S4, V0.S4   // step 4: the intermediate hash value
	VADD	V3.S4, V1.S4, V1.S4
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
	VMOV	V14.B16, V6.B16
	VMOV	V15.B16, V7.B16
	VMOV	V10.B16, V2.B16
	VMOV	V11.B16, V3.B16
	ROUNDS64()
	VADD	V10.S4, V2.S4, V4.S4  // outer block: the inner hash, then the padding
	VADD	V11.S4, V3.S4, V5.S4
	VMOV	V14.B16, V6.B16
	VMOV	V15.B16, V7.B16
	VMOV	V12.B16, V2.B16
	VMOV	V13.B16, V3.B16
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
	VMOV	V14.B16, V6.B16
	VMOV	V15.B16, V7.B16
	VMOV	V10.B16, V2.B16
	VMOV	V11.B16, V3.B16
	VMOV	V16.B16, V20.B16
	VMOV	V17.B16, V21.B16
	VMOV	V14.B16, V22.B16
	VMOV	V15.B16, V23.B16
	VMOV	V10.B16, V18.B16
	VMOV	V11.B16, V19.B16
	MOVD	R7, R5
	ROUNDS64X2()
	VADD	V10.S4, V2.S4, V4.S4  // outer blocks
	VADD	V11.S4, V3.S4, V5.S4
	VMOV	V14.B16, V6.B16
	VMOV	V15.B16, V7.B16
	VMOV	V12.B16, V2.B16
	VMOV	V13.B16, V3.B16
	VADD	V10.S4, V18.S4, V20.S4
	VADD	V11.S4, V19.S4, V21.S4
	VMOV	V14.B16, V22.B16
	VMOV	V15.B16, V23.B16
	VMOV	V12.B16, V18.B16
	VMOV	V13.B16, V19.B16
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
