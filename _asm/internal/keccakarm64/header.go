package keccakarm64

import (
	"io"

	"github.com/hashkit/hashkit/_asm/internal/goasm"
	"github.com/hashkit/hashkit/internal/keccak"
)

// Header writes the header of the generated file out (goasm.Header) and
// the round constants RC[0..23] as the file's table sym.
func Header(w io.Writer, out, sym string) {
	goasm.Header(w, out)
	rc := make([]uint64, keccak.MaxRounds)
	for ir := range rc {
		rc[ir] = keccak.RoundConstant(ir)
	}
	goasm.Table64(w, sym, rc...)
}
