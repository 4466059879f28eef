//go:build !purego

#include "textflag.h"

// func getMIDR() uint64
TEXT ·getMIDR(SB), NOSPLIT, $0-8
	MRS MIDR_EL1, R0 // emulated by the kernel: see getMIDR's comment
	MOVD R0, ret+0(FP)
	RET
