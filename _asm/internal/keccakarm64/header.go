package keccakarm64

import (
	"fmt"
	"io"

	"github.com/hashkit/hashkit/_asm/internal/goasm"
	"github.com/hashkit/hashkit/internal/keccak"
)

// Header writes the header of the generated file out (goasm.Header) and
// the round constants RC[0..23] as the file's table sym.
func Header(w io.Writer, out, sym string) {
	goasm.Header(w, out)
	for ir := range keccak.MaxRounds {
		fmt.Fprintf(w, "DATA %s<>+%d(SB)/8, $%#016x\n", sym, 8*ir, keccak.RoundConstant(ir))
	}
	fmt.Fprintf(w, "GLOBL %s<>(SB), RODATA|NOPTR, $%d\n", sym, 8*keccak.MaxRounds)
}
