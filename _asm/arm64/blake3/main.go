// Command blake3 writes blake3/batch_arm64.s: hash4NEON, the compression
// of four independent inputs at once in Advanced SIMD registers (the job
// of the amd64 sse41 kernel; hashMany4NEON is a second name for it), and
// hash6NEON, six chunks: four in hash4NEON's vector lanes and two in turn
// in general-purpose registers, whose G halves are interleaved with the
// vector ones so that the integer units work beside the vector pipes.
// Each of the 16 state words is one vector holding that word of the four
// inputs; the message words of the four current blocks are transposed
// into the same form and kept on the stack. avo writes amd64 only, so this
// is a plain text emitter. Declarations: blake3/batch_arm64.go and
// blake3/many_arm64.go.
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
	"slices"
	"strings"

	"github.com/hashkit/hashkit/_asm/internal/goasm"
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

// comments writes a comment of several lines.
func (g *gen) comments(lines ...string) {
	for _, l := range lines {
		g.comment("%s", l)
	}
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

// step is one half of a round: the first or second half of G on the
// columns or the diagonals, with its four message words.
type step struct {
	idx    [4][4]int
	msg    [4]int
	second bool
}

// steps returns the 28 halves of the seven rounds in order, the message
// permuted between rounds by indexing.
func steps() []step {
	var sched [16]int
	for i := range sched {
		sched[i] = i
	}
	var st []step
	for range 7 {
		st = append(st,
			step{columns, [4]int{sched[0], sched[2], sched[4], sched[6]}, false},
			step{columns, [4]int{sched[1], sched[3], sched[5], sched[7]}, true},
			step{diagonals, [4]int{sched[8], sched[10], sched[12], sched[14]}, false},
			step{diagonals, [4]int{sched[9], sched[11], sched[13], sched[15]}, true})
		var next [16]int
		for i := range next {
			next[i] = sched[msgPermutation[i]]
		}
		sched = next
	}
	return st
}

// rounds writes the seven rounds on the vector state, calling after (if
// not nil) after each half so that other work can be interleaved.
func (g *gen) rounds(after func(k int)) {
	for k, st := range steps() {
		if k%4 == 0 {
			g.comment("Round %d.", k/4+1)
		}
		g.half(st.idx, st.msg, st.second)
		if after != nil {
			after(k)
		}
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
	goasm.Header(&g.b, "../../../blake3/batch_arm64.s")
	g.b.WriteString(`// The rotation by 8 as a byte shuffle of each word (TBL indices).
DATA rot8<>+0(SB)/8, $0x0407060500030201
DATA rot8<>+8(SB)/8, $0x0c0f0e0d080b0a09
GLOBL rot8<>(SB), NOPTR|RODATA, $16

// The first four IV words, each repeated for the four lanes.
`)
	for i, w := range iv[:4] {
		for j := range 4 {
			fmt.Fprintf(&g.b, "DATA iv4<>+%d(SB)/4, $0x%08x\n", 16*i+4*j, w)
		}
	}
	g.b.WriteString("GLOBL iv4<>(SB), NOPTR|RODATA, $64\n")
	g.hash4()
	g.hash6()
	goasm.Write(*out, []byte(g.b.String()))
}

var iv = [8]uint32{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19}

// vectorKey broadcasts the eight key words at (reg) to V0-V7.
func (g *gen) vectorKey(reg string) {
	g.comment("The key, one word a register.")
	g.op("VLD1\t(%s), [V16.S4, V17.S4]", reg)
	for i := range 8 {
		g.op("VDUP\tV%d.S[%d], V%d.S4", 16+i/4, i%4, i)
	}
}

// vectorBlock loads the next block of each of the four inputs (R0-R3,
// advanced by 64), stores its words transposed at R12 and sets state words
// 8-15 (IV from (ivReg), counters from 256(R12) and 272(R12), length and
// flags from general registers).
func (g *gen) vectorBlock(ivReg, lenReg, flagsReg string) {
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
	g.op("VLD1\t(%s), [V8.S4, V9.S4, V10.S4, V11.S4]", ivReg)
	g.op("FMOVQ\t256(R12), F12")
	g.op("FMOVQ\t272(R12), F13")
	g.op("VDUP\t%s, V14.S4", lenReg)
	g.op("VDUP\t%s, V15.S4", flagsReg)
	for i := range g.s {
		g.s[i] = i
	}
	g.free = nil
	for r := 16; r < 31; r++ {
		g.free = append(g.free, r)
	}
}

// storeVectorCVs transposes the chaining values in V0-V7 back to one
// input each and stores them at (outReg).
func (g *gen) storeVectorCVs(outReg string) {
	g.comment("Transpose the chaining values back to one input each and store them.")
	for h := range 2 {
		r := [4]int{4 * h, 4*h + 1, 4*h + 2, 4*h + 3}
		c := [4]int{12, 8, 13, 10}
		g.transpose(r, [4]int{8, 9, 10, 11}, c)
		for j := range 4 {
			g.op("FMOVQ\tF%d, %d(%s)", c[j], 32*j+16*h, outReg)
		}
	}
}

// text starts the function name: its Go signature (for vet), the features
// it needs (for the kernel registry's test), and TEXT with flags and frame.
func (g *gen) text(name, args, frame string) {
	fmt.Fprintf(&g.b, "\n// func %s(%s)\n// Requires: ASIMD\nTEXT ·%s(SB), %s\n", name, args, name, frame)
}

// lanePtrs sets R1-R3 to R0 plus one, two and three times stride.
func (g *gen) lanePtrs(stride string) {
	for j := 1; j < 4; j++ {
		g.op("ADD\t%s, R%d, R%d", stride, j-1, j)
	}
}

func (g *gen) hash4() {
	g.text("hash4NEON", "in *byte, stride int, blocks int, last *byte, lastStride int, lastLen uint32, key *[8]uint32, counter uint64, inc uint64, flags uint32, start uint32, end uint32, out *[128]byte", "NOSPLIT, $288-96")
	g.comment("R0-R3: the four inputs' current blocks; R4: whole blocks left.")
	g.op("MOVD\tin+0(FP), R0")
	g.op("MOVD\tstride+8(FP), R6")
	g.lanePtrs("R6")
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
	g.setup("key+48(FP)", "counter+56(FP)", "inc+64(FP)", "R13", "R14", "R16")
	g.b.WriteString("\nloop:\n")
	g.comment("R13: this block's flags, R14: its length.")
	g.op("ORRW\tR9, R8, R13")
	g.op("MOVW\t$64, R14")
	g.op("CBNZ\tR4, whole")
	g.comment("The last block of each input, at last + j*lastStride.")
	g.op("MOVD\tR5, R0")
	g.lanePtrs("R6")
	g.op("MOVW\tR7, R14")
	g.op("ORRW\tR10, R13, R13")
	g.b.WriteString("\nwhole:\n")
	g.op("MOVW\tZR, R9")
	g.vectorBlock("R15", "R14", "R13")
	g.rounds(nil)
	g.feedForward()
	g.op("SUBS\t$1, R4, R4")
	g.op("BPL\tloop")
	g.b.WriteString("\n")
	g.storeVectorCVs("R11")
	g.op("RET")
	g.b.WriteString(`
// hashMany4NEON is hash4NEON under a name of its own, for the batch
// functions' kernel (blake3/manyneon): the same arguments, a tail jump.
`)
	g.text("hashMany4NEON", "in *byte, stride int, blocks int, last *byte, lastStride int, lastLen uint32, key *[8]uint32, counter uint64, inc uint64, flags uint32, start uint32, end uint32, out *[128]byte", "NOSPLIT|NOFRAME, $0-96")
	g.op("B\t·hash4NEON(SB)")
}

// setup loads the rotation table, broadcasts the key to V0-V7 and stores
// the lanes' counters (laneCounters), with inc read from incSrc; it uses
// the general registers ctr, inc and tmp.
func (g *gen) setup(keyArg, ctrArg, incSrc, ctr, inc, tmp string) {
	g.op("MOVD\t$rot8<>(SB), %s", ctr)
	g.op("VLD1\t(%s), [V%d.B16]", ctr, rot8)
	g.op("MOVD\t%s, %s", keyArg, ctr)
	g.vectorKey(ctr)
	g.comment("Lane j's counter is counter + j*inc: low words at 256(R12), high at 272(R12).")
	g.op("MOVD\t%s, %s", ctrArg, ctr)
	g.op("MOVD\t%s, %s", incSrc, inc)
	g.laneCounters(ctr, inc, tmp)
}

// laneCounters stores the four lanes' counters ctr + j*inc, low words at
// 256(R12) and high words at 272(R12); it advances ctr and uses tmp.
func (g *gen) laneCounters(ctr, inc, tmp string) {
	for j := range 4 {
		if j > 0 {
			g.op("ADD\t%s, %s, %s", inc, ctr, ctr)
		}
		g.op("VMOV\t%s, V12.S[%d]", ctr, j)
		g.op("LSR\t$32, %s, %s", ctr, tmp)
		g.op("VMOV\t%s, V13.S[%d]", tmp, j)
	}
	g.op("FMOVQ\tF12, 256(R12)")
	g.op("FMOVQ\tF13, 272(R12)")
}

// The scalar lane of hash6NEON: its 16 state words in general registers,
// R23 its current block, R24-R26 scratch.
var (
	sreg  = [16]string{"R5", "R6", "R7", "R8", "R9", "R10", "R11", "R13", "R14", "R15", "R16", "R17", "R19", "R20", "R21", "R22"}
	stemp = [3]string{"R24", "R25", "R26"}
)

// scalarHalf is half on the scalar lane: four G halves one after the
// other (the out-of-order core overlaps them), message words loaded from
// the block at R23.
func (g *gen) scalarHalf(st step) {
	r1, r2 := 16, 12
	if st.second {
		r1, r2 = 8, 7
	}
	for k := range 4 {
		a, b, c, d := sreg[st.idx[k][0]], sreg[st.idx[k][1]], sreg[st.idx[k][2]], sreg[st.idx[k][3]]
		t := stemp[k%3]
		g.op("MOVWU\t%d(R23), %s", 4*st.msg[k], t)
		g.op("ADDW\t%s, %s, %s", t, a, a)
		g.op("ADDW\t%s, %s, %s", b, a, a)
		g.op("EORW\t%s, %s, %s", a, d, d)
		g.op("RORW\t$%d, %s", r1, d)
		g.op("ADDW\t%s, %s, %s", d, c, c)
		g.op("EORW\t%s, %s, %s", c, b, b)
		g.op("RORW\t$%d, %s", r2, b)
	}
}

// scalarInit sets the scalar lane's state words 8-15: IV, the counter at
// 296(R12), block length 64 and the flags in R24 (or at 288(R12)).
func (g *gen) scalarInit(flagsFromStack bool) {
	for i := range 4 {
		g.op("MOVW\t$0x%08x, %s", iv[i], sreg[8+i])
	}
	g.op("MOVWU\t296(R12), %s", sreg[12])
	g.op("MOVWU\t300(R12), %s", sreg[13])
	g.op("MOVW\t$64, %s", sreg[14])
	if flagsFromStack {
		g.op("MOVWU\t288(R12), %s", sreg[15])
	} else {
		g.op("MOVW\tR24, %s", sreg[15])
	}
}

func (g *gen) scalarFeedForward() {
	for i := range 8 {
		g.op("EORW\t%s, %s, %s", sreg[i+8], sreg[i], sreg[i])
	}
	g.op("ADD\t$64, R23, R23")
}

func (g *gen) scalarKey() {
	g.op("MOVD\tkey+8(FP), R24")
	for i := 0; i < 8; i += 2 {
		g.op("LDPW\t%d(R24), (%s, %s)", 4*i, sreg[i], sreg[i+1])
	}
}

func (g *gen) hash6() {
	g.text("hash6NEON", "in *[6144]byte, key *[8]uint32, counter uint64, flags uint32, out *[192]byte", "NOSPLIT, $304-40")
	g.comments(
		"Chunks 0-3 in the vector lanes (R0-R3), one block each an iteration;",
		"chunks 4 and 5 one after the other in the scalar lane (R23), two blocks",
		"an iteration. R4: iterations left after this one.",
	)
	g.op("MOVD\tin+0(FP), R0")
	g.lanePtrs("$1024")
	g.op("ADD\t$1024, R3, R23")
	g.op("MOVD\t$15, R4")
	g.comments(
		"R12: the transposed message words (256 bytes), the vector lanes'",
		"counters (256, 272), the scalar lane's second flags (288) and counter (296).",
	)
	g.op("MOVD\t$msg-304(SP), R12")
	g.setup("key+8(FP)", "counter+16(FP)", "$1", "R24", "R25", "R26")
	g.scalarKey()
	g.b.WriteString("\nloop6:\n")
	g.comment("Vector flags: CHUNK_START on the first block, CHUNK_END on the last.")
	g.op("MOVWU\tflags+24(FP), R24")
	g.op("CMP\t$15, R4")
	g.op("ORRW\t$1, R24, R25")
	g.op("CSELW\tEQ, R25, R24, R25")
	g.op("CMP\t$0, R4")
	g.op("ORRW\t$2, R25, R26")
	g.op("CSELW\tEQ, R26, R25, R25")
	g.op("MOVW\t$64, R26")
	g.op("MOVD\t$iv4<>(SB), R24")
	g.vectorBlock("R24", "R26", "R25")
	g.comments(
		"Scalar flags: its first block starts a chunk when R4 is 15 or 7, its",
		"second ends one when R4 is 8 or 0; its chunk is counter+4 until R4 < 8.",
	)
	g.op("MOVWU\tflags+24(FP), R24")
	g.op("AND\t$7, R4, R25")
	g.op("ORRW\t$2, R24, R26")
	g.op("CMP\t$0, R25")
	g.op("CSELW\tEQ, R26, R24, R26")
	g.op("MOVW\tR26, 288(R12)")
	g.op("ORRW\t$1, R24, R26")
	g.op("CMP\t$7, R25")
	g.op("CSELW\tEQ, R26, R24, R24")
	g.op("MOVD\tcounter+16(FP), R25")
	g.op("ADD\t$4, R25, R25")
	g.op("CMP\t$8, R4")
	g.op("CINC\tLT, R25, R25")
	g.op("MOVD\tR25, 296(R12)")
	g.scalarInit(false)
	st := steps()
	g.rounds(func(k int) {
		for q := 2 * k; q < 2*k+2; q++ {
			if q == len(st) {
				g.comment("The scalar lane's second block.")
				g.scalarFeedForward()
				g.scalarInit(true)
			}
			g.scalarHalf(st[q%len(st)])
		}
	})
	g.feedForward()
	g.scalarFeedForward()
	g.comments(
		"After its 16th block, store the scalar chunk's chaining value",
		"(out+128 for chunk 4, out+160 for chunk 5) and start again from the key.",
	)
	g.op("TST\t$7, R4")
	g.op("BNE\tnoend")
	g.op("MOVD\tout+32(FP), R24")
	g.op("ADD\t$160, R24, R24")
	g.op("CBZ\tR4, store")
	g.op("SUB\t$32, R24, R24")
	g.b.WriteString("\nstore:\n")
	for i := 0; i < 8; i += 2 {
		g.op("STPW\t(%s, %s), %d(R24)", sreg[i], sreg[i+1], 4*i)
	}
	g.scalarKey()
	g.b.WriteString("\nnoend:\n")
	g.op("SUBS\t$1, R4, R4")
	g.op("BPL\tloop6")
	g.b.WriteString("\n")
	g.op("MOVD\tout+32(FP), R24")
	g.storeVectorCVs("R24")
	g.op("RET")
}
