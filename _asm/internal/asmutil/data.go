package asmutil

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

// BSwap32 is the PSHUFB mask (16 bytes, as two quadwords) that reverses the
// bytes of each dword: big-endian message words to native ones and back.
var BSwap32 = []uint64{0x0405060700010203, 0x0c0d0e0f08090a0b}

// Table64 emits the read-only table name holding words, 8 bytes each in
// order, and returns it.
func Table64(name string, words ...uint64) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for i, w := range words {
		DATA(8*i, U64(w))
	}
	return m
}

// GoVar returns the package-level variable name of the Go package the
// kernels are for: a constant table the portable code also uses (and its
// tests check) is read from there rather than copied into the assembly.
func GoVar(name string) Mem {
	return NewDataAddr(Symbol{Name: "·" + name}, 0)
}

// Table32 emits the read-only table name holding words, 4 bytes each in
// order, and returns it.
func Table32(name string, words ...uint32) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for i, w := range words {
		DATA(4*i, U32(w))
	}
	return m
}
