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
// section 4.1.1) on w = W[t..t+3].
#define ROUNDS4(op, k, w) \
	VADD	k.S4, w.S4, V9.S4 \
	op	V9.S4, V1, V2 \
	SHA1H	V3, V1 \
	VMOV	V2.B16, V3.B16

// ROUNDS4, and the schedule (section 6.1.2 step 1) of W[t+16..t+19] into
// w0 from w0..w3 = W[t..t+15]: SHA1SU0 XORs W[t+2..t+5] and W[t+8..t+11]
// into W[t..t+3], SHA1SU1 XORs in W[t+13..t+16] and rotates by one. The VADD
// has read w0 before SHA1SU0 replaces it.
#define ROUNDS4SCHED(op, k, w0, w1, w2, w3) \
	VADD	k.S4, w0.S4, V9.S4 \
	SHA1SU0	w2.S4, w1.S4, w0.S4 \
	op	V9.S4, V1, V2 \
	SHA1H	V3, V1 \
	VMOV	V2.B16, V3.B16 \
	SHA1SU1	w3.S4, w0.S4

// func blockSHA1(h *[5]uint32, p []byte)
TEXT ·blockSHA1(SB), NOSPLIT, $0-32
	MOVD	h+0(FP), R0
	MOVD	p_base+8(FP), R1
	MOVD	p_len+16(FP), R2
	AND	$~63, R2              // whole blocks only
	CBZ	R2, done
	MOVW	$0x5a827999, R3       // the four K, section 4.2.1
	VDUP	R3, V16.S4
	MOVW	$0x6ed9eba1, R3
	VDUP	R3, V17.S4
	MOVW	$0x8f1bbcdc, R3
	VDUP	R3, V18.S4
	MOVW	$0xca62c1d6, R3
	VDUP	R3, V19.S4
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

	// Rounds 0 to 63 also schedule W[16..79].
	ROUNDS4SCHED(SHA1C, V16, V4, V5, V6, V7)
	ROUNDS4SCHED(SHA1C, V16, V5, V6, V7, V4)
	ROUNDS4SCHED(SHA1C, V16, V6, V7, V4, V5)
	ROUNDS4SCHED(SHA1C, V16, V7, V4, V5, V6)
	ROUNDS4SCHED(SHA1C, V16, V4, V5, V6, V7)
	ROUNDS4SCHED(SHA1P, V17, V5, V6, V7, V4)
	ROUNDS4SCHED(SHA1P, V17, V6, V7, V4, V5)
	ROUNDS4SCHED(SHA1P, V17, V7, V4, V5, V6)
	ROUNDS4SCHED(SHA1P, V17, V4, V5, V6, V7)
	ROUNDS4SCHED(SHA1P, V17, V5, V6, V7, V4)
	ROUNDS4SCHED(SHA1M, V18, V6, V7, V4, V5)
	ROUNDS4SCHED(SHA1M, V18, V7, V4, V5, V6)
	ROUNDS4SCHED(SHA1M, V18, V4, V5, V6, V7)
	ROUNDS4SCHED(SHA1M, V18, V5, V6, V7, V4)
	ROUNDS4SCHED(SHA1M, V18, V6, V7, V4, V5)
	ROUNDS4SCHED(SHA1P, V19, V7, V4, V5, V6)
	ROUNDS4(SHA1P, V19, V4)
	ROUNDS4(SHA1P, V19, V5)
	ROUNDS4(SHA1P, V19, V6)
	ROUNDS4(SHA1P, V19, V7)

	VADD	V2.S4, V0.S4, V0.S4   // step 4: the intermediate hash value
	VADD	V1.S4, V10.S4, V10.S4
	SUBS	$64, R2
	BNE	loop

	VST1	[V0.S4], (R0)
	FMOVS	F10, 16(R0)

done:
	RET
