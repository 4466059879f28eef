package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/hashkit/hashkit/_asm/internal/zmm"
)

// loadMessage8 loads the 16 message words of each of eight lanes, lane i's
// from the address row(i) returns, as two rows of eight, and transposes
// each group of eight rows: word c of every lane ends up in the register
// returned at index c, among ys[16:] (ys[8:16], the state registers
// v8..v15, serve as scratch).
func loadMessage8(row func(i int) Mem, ys []VecPhysical) []VecPhysical {
	Comment("Load each lane's 16 message words as two rows of eight and transpose",
		"each group of eight rows; Y8..Y15 serve as scratch.")
	high := ys[16:]
	for i := range 8 {
		m := row(i)
		VMOVDQU32(m, high[i])
		m.Disp += 32
		VMOVDQU32(m, high[8+i])
	}
	// The first group's words may sit in the scratch registers, which the
	// second group's transposition needs again: they move to those of
	// Y16..Y23 that it left free.
	words := outOfScratch(zmm.TransposeRows8(high[:8], ys[8:16]), high[:8])
	return append(words, outOfScratch(zmm.TransposeRows8(high[8:], ys[8:16]), high[8:])...)
}
