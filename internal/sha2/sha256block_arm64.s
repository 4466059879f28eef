//go:build !purego

#include "textflag.h"

// SHA-256 with the Armv8.0 SHA2 instructions. Register use:
//   V0, V1     the chaining value (a..d, e..h) between blocks
//   V2, V3     the working variables a..d and e..h of the block
//   V4 - V7    the message schedule, four words each, W[t..t+15] in a ring
//   V8         a..d before the last SHA256H (SHA256H2 needs them)
//   V9         W+K of the four rounds in progress
//   V16 - V31  the 64 round constants, loaded once per call
//
// Four rounds: V9 = W+K; keep a..d in V8; SHA256H advances a..d by the four
// rounds from e..h and V9, and SHA256H2 advances e..h from the kept a..d.
#define ROUNDS4(k, w) \
	VADD	k.S4, w.S4, V9.S4 \
	VMOV	V2.B16, V8.B16 \
	SHA256H	V9.S4, V3, V2 \
	SHA256H2	V9.S4, V8, V3

// ROUNDS4 on w0 = W[t..t+3], and the schedule of W[t+16..t+19] into w0
// from w0..w3 = W[t..t+15] (FIPS 180-4 section 6.2.2 step 1): SHA256SU0
// adds sigma0 of W[t+1..t+4], SHA256SU1 adds sigma1 of W[t+14..t+17] and
// W[t+9..t+12]. The VADD has read w0 before SHA256SU0 replaces it.
#define ROUNDS4SCHED(k, w0, w1, w2, w3) \
	VADD	k.S4, w0.S4, V9.S4 \
	SHA256SU0	w1.S4, w0.S4 \
	VMOV	V2.B16, V8.B16 \
	SHA256H	V9.S4, V3, V2 \
	SHA256SU1	w3.S4, w2.S4, w0.S4 \
	SHA256H2	V9.S4, V8, V3

// func blockSHA2(h *[8]uint32, p []byte)
TEXT ·blockSHA2(SB), NOSPLIT, $0-32
	MOVD	h+0(FP), R0
	MOVD	p_base+8(FP), R1
	MOVD	p_len+16(FP), R2
	AND	$~63, R2              // whole blocks only
	CBZ	R2, done
	MOVD	$·k256(SB), R3
	VLD1.P	64(R3), [V16.S4, V17.S4, V18.S4, V19.S4]
	VLD1.P	64(R3), [V20.S4, V21.S4, V22.S4, V23.S4]
	VLD1.P	64(R3), [V24.S4, V25.S4, V26.S4, V27.S4]
	VLD1	(R3), [V28.S4, V29.S4, V30.S4, V31.S4]
	VLD1	(R0), [V0.S4, V1.S4]  // h[0..3] in V0, h[4..7] in V1, h[0] in lane 0

loop:
	VLD1.P	64(R1), [V4.B16, V5.B16, V6.B16, V7.B16]
	VREV32	V4.B16, V4.B16        // the words are big-endian
	VREV32	V5.B16, V5.B16
	VREV32	V6.B16, V6.B16
	VREV32	V7.B16, V7.B16
	VMOV	V0.B16, V2.B16
	VMOV	V1.B16, V3.B16

	// Rounds 0 to 47 also schedule W[16..63], four words ahead of each
	// use by twelve rounds.
	ROUNDS4SCHED(V16, V4, V5, V6, V7)
	ROUNDS4SCHED(V17, V5, V6, V7, V4)
	ROUNDS4SCHED(V18, V6, V7, V4, V5)
	ROUNDS4SCHED(V19, V7, V4, V5, V6)
	ROUNDS4SCHED(V20, V4, V5, V6, V7)
	ROUNDS4SCHED(V21, V5, V6, V7, V4)
	ROUNDS4SCHED(V22, V6, V7, V4, V5)
	ROUNDS4SCHED(V23, V7, V4, V5, V6)
	ROUNDS4SCHED(V24, V4, V5, V6, V7)
	ROUNDS4SCHED(V25, V5, V6, V7, V4)
	ROUNDS4SCHED(V26, V6, V7, V4, V5)
	ROUNDS4SCHED(V27, V7, V4, V5, V6)
	ROUNDS4(V28, V4)
	ROUNDS4(V29, V5)
	ROUNDS4(V30, V6)
	ROUNDS4(V31, V7)

	VADD	V2.S4, V0.S4, V0.S4   // step 4: the intermediate hash value
	VADD	V3.S4, V1.S4, V1.S4
	SUBS	$64, R2
	BNE	loop

	VST1	[V0.S4, V1.S4], (R0)

done:
	RET
