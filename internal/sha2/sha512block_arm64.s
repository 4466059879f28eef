//go:build !purego

#include "textflag.h"

// SHA-512 with the Armv8.2 SHA512 instructions, two rounds per SHA512H and
// SHA512H2 pair. Register use:
//   V8 - V11   the chaining value (a,b), (c,d), (e,f), (g,h) between blocks,
//              the first of each pair in the low half
//   V0 - V4    the working variables of the block, four pairs and a free
//              register, renamed after each two rounds (see RPAIR)
//   V12 - V19  the message schedule, two words each, W[t..t+15] in a ring
//   V20 - V27  two banks of eight round constants; one is loaded while the
//              other is used
//   V5 - V7    the inputs of SHA512H, V28 a schedule temporary
//
// Rounds t and t+1 (FIPS 180-4 section 6.4.2 step 3) from ab, cd, ef, gh,
// with K[t..t+1] in k and W[t..t+1] in w, leave the new (a,b) in gh and the
// new (e,f) in next; the old ab and ef become cd and gh, the old cd is
// free. So the next pair runs on (gh, ab, next, ef, cd), and after five
// pairs the names are back in place. Line by line:
//   V5 = K+W; swapped, so round t's is in the high half, where SHA512H
//        takes it;
//   V6 = (f, g) and V7 = (d, e), the halves SHA512H reads e..g and the
//        later d from;
//   gh += (K+W) swapped, giving h+K+W of round t and g+K+W of round t+1;
//   SHA512H leaves T1 of both rounds in gh; next = (c,d) + those T1 is the
//        new (e,f); SHA512H2 adds Sigma0 and Maj of a..c to make the new
//        (a,b).
#define RPAIR(ab, cd, ef, gh, next, k, w) \
	VADD	k.D2, w.D2, V5.D2 \
	VEXT	$8, V5.B16, V5.B16, V5.B16 \
	VEXT	$8, gh.B16, ef.B16, V6.B16 \
	VEXT	$8, ef.B16, cd.B16, V7.B16 \
	VADD	V5.D2, gh.D2, gh.D2 \
	SHA512H	V7.D2, V6, gh \
	VADD	gh.D2, cd.D2, next.D2 \
	SHA512H2	ab.D2, cd, gh

// RPAIR, and the schedule (section 6.4.2 step 1) of W[t+16..t+17] into w
// from w = W[t..t+1], w1 = W[t+2..t+3], w4, w5 = W[t+8..t+11] and
// w7 = W[t+14..t+15]: SHA512SU0 adds sigma0 of W[t+1..t+2], SHA512SU1
// sigma1 of W[t+14..t+15] and W[t+9..t+10], which V28 gathers. The VADD of
// RPAIR has read w before SHA512SU0 replaces it.
#define RPAIRSCHED(ab, cd, ef, gh, next, k, w, w1, w4, w5, w7) \
	VADD	k.D2, w.D2, V5.D2 \
	VEXT	$8, V5.B16, V5.B16, V5.B16 \
	VEXT	$8, gh.B16, ef.B16, V6.B16 \
	VEXT	$8, ef.B16, cd.B16, V7.B16 \
	VADD	V5.D2, gh.D2, gh.D2 \
	VEXT	$8, w5.B16, w4.B16, V28.B16 \
	SHA512SU0	w1.D2, w.D2 \
	SHA512H	V7.D2, V6, gh \
	SHA512SU1	V28.D2, w7.D2, w.D2 \
	VADD	gh.D2, cd.D2, next.D2 \
	SHA512H2	ab.D2, cd, gh

// func block512SHA512(h *[8]uint64, p []byte)
TEXT ·block512SHA512(SB), NOSPLIT, $0-32
	MOVD	h+0(FP), R0
	MOVD	p_base+8(FP), R1
	MOVD	p_len+16(FP), R2
	AND	$~127, R2             // whole blocks only
	CBZ	R2, done
	MOVD	$·k512(SB), R3
	VLD1	(R0), [V8.D2, V9.D2, V10.D2, V11.D2]

loop:
	VLD1.P	64(R1), [V12.B16, V13.B16, V14.B16, V15.B16]
	VLD1.P	64(R1), [V16.B16, V17.B16, V18.B16, V19.B16]
	VREV64	V12.B16, V12.B16      // the words are big-endian
	VREV64	V13.B16, V13.B16
	VREV64	V14.B16, V14.B16
	VREV64	V15.B16, V15.B16
	VREV64	V16.B16, V16.B16
	VREV64	V17.B16, V17.B16
	VREV64	V18.B16, V18.B16
	VREV64	V19.B16, V19.B16
	VMOV	V8.B16, V0.B16
	VMOV	V9.B16, V1.B16
	VMOV	V10.B16, V2.B16
	VMOV	V11.B16, V3.B16
	MOVD	R3, R4
	VLD1.P	64(R4), [V20.D2, V21.D2, V22.D2, V23.D2]  // K for rounds 0 to 7

	// Rounds 0 to 63 also schedule W[16..79].
	VLD1.P	64(R4), [V24.D2, V25.D2, V26.D2, V27.D2]  // K for rounds 8 to 15
	RPAIRSCHED(V0, V1, V2, V3, V4, V20, V12, V13, V16, V17, V19)
	RPAIRSCHED(V3, V0, V4, V2, V1, V21, V13, V14, V17, V18, V12)
	RPAIRSCHED(V2, V3, V1, V4, V0, V22, V14, V15, V18, V19, V13)
	RPAIRSCHED(V4, V2, V0, V1, V3, V23, V15, V16, V19, V12, V14)
	VLD1.P	64(R4), [V20.D2, V21.D2, V22.D2, V23.D2]  // K for rounds 16 to 23
	RPAIRSCHED(V1, V4, V3, V0, V2, V24, V16, V17, V12, V13, V15)
	RPAIRSCHED(V0, V1, V2, V3, V4, V25, V17, V18, V13, V14, V16)
	RPAIRSCHED(V3, V0, V4, V2, V1, V26, V18, V19, V14, V15, V17)
	RPAIRSCHED(V2, V3, V1, V4, V0, V27, V19, V12, V15, V16, V18)
	VLD1.P	64(R4), [V24.D2, V25.D2, V26.D2, V27.D2]  // K for rounds 24 to 31
	RPAIRSCHED(V4, V2, V0, V1, V3, V20, V12, V13, V16, V17, V19)
	RPAIRSCHED(V1, V4, V3, V0, V2, V21, V13, V14, V17, V18, V12)
	RPAIRSCHED(V0, V1, V2, V3, V4, V22, V14, V15, V18, V19, V13)
	RPAIRSCHED(V3, V0, V4, V2, V1, V23, V15, V16, V19, V12, V14)
	VLD1.P	64(R4), [V20.D2, V21.D2, V22.D2, V23.D2]  // K for rounds 32 to 39
	RPAIRSCHED(V2, V3, V1, V4, V0, V24, V16, V17, V12, V13, V15)
	RPAIRSCHED(V4, V2, V0, V1, V3, V25, V17, V18, V13, V14, V16)
	RPAIRSCHED(V1, V4, V3, V0, V2, V26, V18, V19, V14, V15, V17)
	RPAIRSCHED(V0, V1, V2, V3, V4, V27, V19, V12, V15, V16, V18)
	VLD1.P	64(R4), [V24.D2, V25.D2, V26.D2, V27.D2]  // K for rounds 40 to 47
	RPAIRSCHED(V3, V0, V4, V2, V1, V20, V12, V13, V16, V17, V19)
	RPAIRSCHED(V2, V3, V1, V4, V0, V21, V13, V14, V17, V18, V12)
	RPAIRSCHED(V4, V2, V0, V1, V3, V22, V14, V15, V18, V19, V13)
	RPAIRSCHED(V1, V4, V3, V0, V2, V23, V15, V16, V19, V12, V14)
	VLD1.P	64(R4), [V20.D2, V21.D2, V22.D2, V23.D2]  // K for rounds 48 to 55
	RPAIRSCHED(V0, V1, V2, V3, V4, V24, V16, V17, V12, V13, V15)
	RPAIRSCHED(V3, V0, V4, V2, V1, V25, V17, V18, V13, V14, V16)
	RPAIRSCHED(V2, V3, V1, V4, V0, V26, V18, V19, V14, V15, V17)
	RPAIRSCHED(V4, V2, V0, V1, V3, V27, V19, V12, V15, V16, V18)
	VLD1.P	64(R4), [V24.D2, V25.D2, V26.D2, V27.D2]  // K for rounds 56 to 63
	RPAIRSCHED(V1, V4, V3, V0, V2, V20, V12, V13, V16, V17, V19)
	RPAIRSCHED(V0, V1, V2, V3, V4, V21, V13, V14, V17, V18, V12)
	RPAIRSCHED(V3, V0, V4, V2, V1, V22, V14, V15, V18, V19, V13)
	RPAIRSCHED(V2, V3, V1, V4, V0, V23, V15, V16, V19, V12, V14)
	VLD1.P	64(R4), [V20.D2, V21.D2, V22.D2, V23.D2]  // K for rounds 64 to 71
	RPAIRSCHED(V4, V2, V0, V1, V3, V24, V16, V17, V12, V13, V15)
	RPAIRSCHED(V1, V4, V3, V0, V2, V25, V17, V18, V13, V14, V16)
	RPAIRSCHED(V0, V1, V2, V3, V4, V26, V18, V19, V14, V15, V17)
	RPAIRSCHED(V3, V0, V4, V2, V1, V27, V19, V12, V15, V16, V18)
	VLD1.P	64(R4), [V24.D2, V25.D2, V26.D2, V27.D2]  // K for rounds 72 to 79
	RPAIR(V2, V3, V1, V4, V0, V20, V12)
	RPAIR(V4, V2, V0, V1, V3, V21, V13)
	RPAIR(V1, V4, V3, V0, V2, V22, V14)
	RPAIR(V0, V1, V2, V3, V4, V23, V15)
	RPAIR(V3, V0, V4, V2, V1, V24, V16)
	RPAIR(V2, V3, V1, V4, V0, V25, V17)
	RPAIR(V4, V2, V0, V1, V3, V26, V18)
	RPAIR(V1, V4, V3, V0, V2, V27, V19)

	VADD	V0.D2, V8.D2, V8.D2   // step 4: the intermediate hash value
	VADD	V1.D2, V9.D2, V9.D2
	VADD	V2.D2, V10.D2, V10.D2
	VADD	V3.D2, V11.D2, V11.D2
	SUBS	$128, R2
	BNE	loop

	VST1	[V8.D2, V9.D2, V10.D2, V11.D2], (R0)

done:
	RET
