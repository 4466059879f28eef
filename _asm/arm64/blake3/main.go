// Command blake3 writes blake3/batch_arm64.s: hash4NEON, the compression
// of four independent inputs at once in Advanced SIMD registers (the job
// of the amd64 sse41 kernel). Each of the 16 state words is one vector
// holding that word of the four inputs; the message words of the four
// current blocks are transposed into the same form and kept on the stack.
// avo writes amd64 only, so this is a plain text emitter. Declaration:
// blake3/batch_arm64.go and blake3/many_arm64.go.
//
// The rounds are unrolled and registers are renamed as they go: the
// rotations by 12 and 7 (USHR, then SLI into the same register) write a
// fresh register rather than the rotated one, so no copy is needed; the
// free list holds every V register that no state word, constant or
// message word occupies. At the end of a block the chaining value is put
// back in V0-V7, where the next block expects it.
package main

//go:generate go run . -out ../../../blake3/batch_arm64.s

import (
	"flag"
	"fmt"
	"log"
	"os"
	"slices"
	"strings"
)

// msgPermutation is BLAKE3's message permutation between rounds
// (specification, table 2).
var msgPermutation = [16]int{2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8}

// Fixed registers. V0-V7 hold the chaining value between blocks, V31 the
// byte table of the rotation by 8.
const rot8 = 31

type gen struct {
	b    strings.Builder
	free []int   // V registers that hold nothing live
	s    [16]int // the register of each state word
}

func (g *gen) op(format string, args ...any) {
	fmt.Fprintf(&g.b, "\t"+format+"\n", args...)
}

func (g *gen) comment(format string, args ...any) {
	fmt.Fprintf(&g.b, "\t// "+format+"\n", args...)
}

// alloc takes a free register; with high, one above V7, so that it cannot
// be a chaining-value register that is still to be written.
func (g *gen) alloc(high bool) int {
	for i, r := range g.free {
		if !high || r >= 8 {
			g.free = slices.Delete(g.free, i, i+1)
			return r
		}
	}
	log.Fatal("out of vector registers")
	return -1
}

func (g *gen) release(r int) {
	if slices.Contains(g.free, r) || r == rot8 {
		log.Fatalf("V%d released twice", r)
	}
	g.free = append(g.free, r)
}

// transpose writes the columns of the 4x4 matrix of words whose rows are
// the registers r (row j, word k is element k of r[j]) to c (column k,
// element j): two TRN steps, on words then on doublewords. t are four
// scratch registers; c may reuse t[0] and t[2] for its second pair.
func (g *gen) transpose(r, t [4]int, c [4]int) {
	// Go's operand order is Vm, Vn, Vd for Vd = TRN(Vn, Vm).
	g.op("VTRN1\tV%d.S4, V%d.S4, V%d.S4", r[1], r[0], t[0])
	g.op("VTRN2\tV%d.S4, V%d.S4, V%d.S4", r[1], r[0], t[1])
	g.op("VTRN1\tV%d.S4, V%d.S4, V%d.S4", r[3], r[2], t[2])
	g.op("VTRN2\tV%d.S4, V%d.S4, V%d.S4", r[3], r[2], t[3])
	g.op("VTRN1\tV%d.D2, V%d.D2, V%d.D2", t[2], t[0], c[0])
	g.op("VTRN2\tV%d.D2, V%d.D2, V%d.D2", t[2], t[0], c[2])
	g.op("VTRN1\tV%d.D2, V%d.D2, V%d.D2", t[3], t[1], c[1])
	g.op("VTRN2\tV%d.D2, V%d.D2, V%d.D2", t[3], t[1], c[3])
}

// half is one half of the G function on four columns or diagonals at once
// (specification, section 2.2): a += m + b; d = (d ^ a) >>> r1;
// c += d; b = (b ^ c) >>> r2, with (r1, r2) = (16, 12) or (8, 7).
func (g *gen) half(idx [4][4]int, msg [4]int, second bool) {
	var m [4]int
	for k := range 4 {
		m[k] = g.alloc(false)
		g.op("FMOVQ\t%d(R12), F%d", 16*msg[k], m[k])
	}
	for k := range 4 {
		a := g.s[idx[k][0]]
		g.op(vadd, m[k], a, a)
		g.release(m[k])
	}
	g.inPlace(idx, vadd, 1, 0) // a += b
	g.inPlace(idx, veor, 0, 3) // d ^= a
	for k := range 4 {
		d := g.s[idx[k][3]]
		if second {
			g.op("VTBL\tV%d.B16, [V%d.B16], V%d.B16", rot8, d, d) // >>> 8
		} else {
			g.op("VREV32\tV%d.H8, V%d.H8", d, d) // >>> 16
		}
	}
	g.inPlace(idx, vadd, 3, 2) // c += d
	g.inPlace(idx, veor, 2, 1) // b ^= c
	rot := 12
	if second {
		rot = 7
	}
	var t [4]int
	for k := range 4 {
		t[k] = g.alloc(false)
		g.op("VUSHR\t$%d, V%d.S4, V%d.S4", rot, g.s[idx[k][1]], t[k])
	}
	for k := range 4 {
		b := g.s[idx[k][1]]
		g.op("VSLI\t$%d, V%d.S4, V%d.S4", 32-rot, b, t[k])
		g.release(b)
		g.s[idx[k][1]] = t[k]
	}
}

const (
	vadd = "VADD\tV%d.S4, V%d.S4, V%d.S4"
	veor = "VEOR\tV%d.B16, V%d.B16, V%d.B16"
)

// inPlace writes op(Vm, Vd, Vd) for each of the four G functions, with
// Vm the register of its state word x and Vd that of y (0-3: a, b, c, d).
func (g *gen) inPlace(idx [4][4]int, op string, x, y int) {
	for k := range 4 {
		src, dst := g.s[idx[k][x]], g.s[idx[k][y]]
		g.op(op, src, dst, dst)
	}
}

var (
	columns   = [4][4]int{{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15}}
	diagonals = [4][4]int{{0, 5, 10, 15}, {1, 6, 11, 12}, {2, 7, 8, 13}, {3, 4, 9, 14}}
)

func (g *gen) rounds() {
	var sched [16]int
	for i := range sched {
		sched[i] = i
	}
	for r := range 7 {
		g.comment("Round %d.", r+1)
		g.half(columns, [4]int{sched[0], sched[2], sched[4], sched[6]}, false)
		g.half(columns, [4]int{sched[1], sched[3], sched[5], sched[7]}, true)
		g.half(diagonals, [4]int{sched[8], sched[10], sched[12], sched[14]}, false)
		g.half(diagonals, [4]int{sched[9], sched[11], sched[13], sched[15]}, true)
		var next [16]int
		for i := range next {
			next[i] = sched[msgPermutation[i]]
		}
		sched = next
	}
}

// feedForward writes the new chaining value s[i] ^ s[i+8] to V0-V7 and
// frees every other register.
func (g *gen) feedForward() {
	g.comment("The chaining value: s[i] ^ s[i+8], back into V0-V7.")
	holder := map[int]int{} // register -> live state word
	for i, r := range g.s {
		holder[r] = i
	}
	var moves [][2]int
	for i := range 8 {
		a, b := g.s[i], g.s[i+8]
		delete(holder, a)
		delete(holder, b)
		if _, busy := holder[i]; busy {
			// V(i) still holds a word of a later pair.
			t := g.alloc(true)
			g.op("VEOR\tV%d.B16, V%d.B16, V%d.B16", b, a, t)
			moves = append(moves, [2]int{t, i})
			g.release(a)
			g.release(b)
			continue
		}
		g.op("VEOR\tV%d.B16, V%d.B16, V%d.B16", b, a, i)
		for _, r := range []int{a, b} {
			if r != i {
				g.release(r)
			}
		}
		if a != i && b != i {
			// V(i) was free: take it off the list.
			g.free = slices.DeleteFunc(g.free, func(r int) bool { return r == i })
		}
		holder[i] = -1
	}
	for _, m := range moves {
		g.op("VMOV\tV%d.B16, V%d.B16", m[0], m[1])
		g.release(m[0])
		g.free = slices.DeleteFunc(g.free, func(r int) bool { return r == m[1] })
	}
}

func main() {
	out := flag.String("out", "", "output file")
	flag.Parse()
	g := &gen{}
	g.b.WriteString(`// Code generated by command: go run main.go -out ../../../blake3/batch_arm64.s. DO NOT EDIT.

//go:build !purego

#include "textflag.h"

// The rotation by 8 as a byte shuffle of each word (TBL indices).
DATA rot8<>+0(SB)/8, $0x0407060500030201
DATA rot8<>+8(SB)/8, $0x0c0f0e0d080b0a09
GLOBL rot8<>(SB), NOPTR|RODATA, $16

// The first four IV words, each repeated for the four lanes.
`)
	iv := []uint32{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a}
	for i, w := range iv {
		for j := range 4 {
			fmt.Fprintf(&g.b, "DATA iv4<>+%d(SB)/4, $0x%08x\n", 16*i+4*j, w)
		}
	}
	g.b.WriteString(`GLOBL iv4<>(SB), NOPTR|RODATA, $64

// func hash4NEON(in *byte, stride int, blocks int, last *byte, lastStride int, lastLen uint32, key *[8]uint32, counter uint64, inc uint64, flags uint32, start uint32, end uint32, out *[128]byte)
// Requires: ASIMD
TEXT ·hash4NEON(SB), NOSPLIT, $288-96
`)
	g.comment("R0-R3: the four inputs' current blocks; R4: whole blocks left.")
	g.op("MOVD\tin+0(FP), R0")
	g.op("MOVD\tstride+8(FP), R6")
	g.op("ADD\tR6, R0, R1")
	g.op("ADD\tR6, R1, R2")
	g.op("ADD\tR6, R2, R3")
	g.op("MOVD\tblocks+16(FP), R4")
	g.op("MOVD\tlast+24(FP), R5")
	g.op("MOVD\tlastStride+32(FP), R6")
	g.op("MOVWU\tlastLen+40(FP), R7")
	g.op("MOVWU\tflags+72(FP), R8")
	g.op("MOVWU\tstart+76(FP), R9")
	g.op("MOVWU\tend+80(FP), R10")
	g.op("MOVD\tout+88(FP), R11")
	g.comment("R12: the transposed message words (256 bytes), then the lanes' counters.")
	g.op("MOVD\t$msg-288(SP), R12")
	g.op("MOVD\t$iv4<>(SB), R15")
	g.op("MOVD\t$rot8<>(SB), R13")
	g.op("VLD1\t(R13), [V%d.B16]", rot8)
	g.comment("The key, one word a register.")
	g.op("MOVD\tkey+48(FP), R13")
	g.op("VLD1\t(R13), [V16.S4, V17.S4]")
	for i := range 8 {
		g.op("VDUP\tV%d.S[%d], V%d.S4", 16+i/4, i%4, i)
	}
	g.comment("Lane j's counter is counter + j*inc: low words at 256(R12), high at 272(R12).")
	g.op("MOVD\tcounter+56(FP), R13")
	g.op("MOVD\tinc+64(FP), R14")
	for j := range 4 {
		if j > 0 {
			g.op("ADD\tR14, R13, R13")
		}
		g.op("VMOV\tR13, V12.S[%d]", j)
		g.op("LSR\t$32, R13, R16")
		g.op("VMOV\tR16, V13.S[%d]", j)
	}
	g.op("FMOVQ\tF12, 256(R12)")
	g.op("FMOVQ\tF13, 272(R12)")
	g.b.WriteString("\nloop:\n")
	g.comment("R13: this block's flags, R14: its length.")
	g.op("ORRW\tR9, R8, R13")
	g.op("MOVW\t$64, R14")
	g.op("CBNZ\tR4, whole")
	g.comment("The last block of each input, at last + j*lastStride.")
	g.op("MOVD\tR5, R0")
	g.op("ADD\tR6, R0, R1")
	g.op("ADD\tR6, R1, R2")
	g.op("ADD\tR6, R2, R3")
	g.op("MOVW\tR7, R14")
	g.op("ORRW\tR10, R13, R13")
	g.b.WriteString("\nwhole:\n")
	g.op("MOVW\tZR, R9")
	g.comment("Load a block of each input and store its words transposed.")
	for j := range 4 {
		g.op("VLD1.P\t64(R%d), [V%d.S4, V%d.S4, V%d.S4, V%d.S4]", j, 8+4*j, 9+4*j, 10+4*j, 11+4*j)
	}
	for k := range 4 {
		r := [4]int{8 + k, 12 + k, 16 + k, 20 + k}
		c := [4]int{28, 24, 29, 26}
		g.transpose(r, [4]int{24, 25, 26, 27}, c)
		for i := range 4 {
			g.op("FMOVQ\tF%d, %d(R12)", c[i], 16*(4*k+i))
		}
	}
	g.comment("State words 8-15: IV, counters, block length, flags.")
	g.op("VLD1\t(R15), [V8.S4, V9.S4, V10.S4, V11.S4]")
	g.op("FMOVQ\t256(R12), F12")
	g.op("FMOVQ\t272(R12), F13")
	g.op("VDUP\tR14, V14.S4")
	g.op("VDUP\tR13, V15.S4")
	for i := range g.s {
		g.s[i] = i
	}
	g.free = nil
	for r := 16; r < 31; r++ {
		g.free = append(g.free, r)
	}
	g.rounds()
	g.feedForward()
	g.op("SUBS\t$1, R4, R4")
	g.op("BPL\tloop")
	g.b.WriteString("\n")
	g.comment("Transpose the chaining values back to one input each and store them.")
	for h := range 2 {
		r := [4]int{4 * h, 4*h + 1, 4*h + 2, 4*h + 3}
		c := [4]int{12, 8, 13, 10}
		g.transpose(r, [4]int{8, 9, 10, 11}, c)
		for j := range 4 {
			g.op("FMOVQ\tF%d, %d(R11)", c[j], 32*j+16*h)
		}
	}
	g.op("RET")
	g.b.WriteString(`
// hashMany4NEON is hash4NEON under a name of its own, for the batch
// functions' kernel (blake3many/neon): the same arguments, a tail jump.

// func hashMany4NEON(in *byte, stride int, blocks int, last *byte, lastStride int, lastLen uint32, key *[8]uint32, counter uint64, inc uint64, flags uint32, start uint32, end uint32, out *[128]byte)
// Requires: ASIMD
TEXT ·hashMany4NEON(SB), NOSPLIT|NOFRAME, $0-96
	B	·hash4NEON(SB)
`)
	if *out == "" {
		os.Stdout.WriteString(g.b.String())
		return
	}
	if err := os.WriteFile(*out, []byte(g.b.String()), 0o644); err != nil {
		log.Fatal(err)
	}
}
