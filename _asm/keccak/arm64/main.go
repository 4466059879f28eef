// Command arm64 writes the arm64 single-state kernels of internal/keccak,
// keccakARM64 and keccakARM64Vec: Keccak-p[1600] with the 25 lanes in
// general registers. avo writes amd64 only, so this is a plain Go program
// that prints Go assembly. Declarations: internal/keccak/p1600_arm64.go.
//
// The round is bound by the number of integer operations (three or four
// integer pipes on Neoverse cores), so the kernels do without every one
// they can:
//
//   - ρ costs nothing: a lane is kept rotated by a "frame" known to the
//     generator (the lane is its register rotated left by the frame), and
//     EOR and BIC take a ROR-shifted register as second operand, so each
//     rotation is folded into the next operation that reads the lane.
//     Frames drift from round to round; the 24 rounds are unrolled, so the
//     generator knows every frame, and only the exit (and the entry of a
//     shorter permutation) rotates lanes into place.
//   - π costs nothing either: it only renames registers, which the
//     generator tracks.
//   - χ is BIC and EOR (no NOT), θ's D[x] = C[x-1] ^ rot(C[x+1], 1) is one
//     EOR. A round is then 101 integer operations: 20 for the column
//     parities, 5 for D, 25 to apply it, 50 for χ and one for ι.
//
// keccakARM64Vec takes ten of them off the integer pipes: two of χ's five
// rows move to vector registers (FMOV, one integer-pipe operation each),
// are rotated to a common frame there (SHL and SRI) and computed with BIC
// and EOR on the vector pipes, and come back with FMOV (a vector-pipe
// operation). keccakARM64 keeps all five rows in general registers, for
// cores whose moves between the register files are slow.
//
// Go assembly leaves 27 usable registers (R0-R17, R19-R26, R30 once saved):
// the 25 lanes and two temporaries. The parities C go through the stack;
// χ, which needs three temporaries for a row computed
// in place, parks one output of each row on the stack. Loads and stores
// run on their own pipes, so these cost no integer operation.
package main

//go:generate go run . -out ../../../internal/keccak/p1600_arm64.s

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
	"slices"

	"github.com/hashkit/hashkit/internal/keccak"
)

// usable are the registers the kernel may use: not R18 (platform), R27
// (the assembler's scratch register), R28 (g) or R29 (frame pointer). R30
// is free because the function has a frame, so LR is saved.
var usable = []string{
	"R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11", "R12",
	"R13", "R14", "R15", "R16", "R17", "R19", "R20", "R21", "R22", "R23", "R24", "R25",
	"R26", "R30",
}

// Stack slots (pseudo-SP offsets) of the frame.
const (
	frameSize = 80
	slotRC    = "rc-8(SP)"     // address of the round constants
	slotP     = "p-16(SP)"     // next input block
	slotN     = "n-24(SP)"     // input bytes left
	slotSpill = "spill-32(SP)" // keccakARM64 parks a χ output here
	slotLR    = "lr-80(SP)"    // R30: the assembler saves it but restores it only in non-leaf functions
)

// neonRows are the rows of χ that keccakARM64Vec computes in vector
// registers (see the package comment).
var neonRows = []int{3, 4}

func slotC(x int) string { return fmt.Sprintf("c%d-%d(SP)", x, 40+8*x) }

// state is where each lane is during code generation.
type state struct {
	reg   [25]string // register of lane x+5y
	frame [25]int    // the lane is its register rotated left by frame (mod 64)
	free  [2]string  // the two temporaries
}

var out bytes.Buffer

func emit(format string, args ...any) {
	fmt.Fprintf(&out, "\t"+format+"\n", args...)
}

func label(name string) { fmt.Fprintf(&out, "%s:\n", name) }

func comment(format string, args ...any) {
	fmt.Fprintf(&out, "\t// "+format+"\n", args...)
}

// rot is the operand "r rotated right by k" (k mod 64).
func rot(r string, k int) string {
	k = ((k % 64) + 64) % 64
	if k == 0 {
		return r
	}
	return fmt.Sprintf("%s@>%d", r, k)
}

// Combining a lane in register v (frame fv) with one in w (frame fw) in v's
// frame takes w as the operand rot(w, fv-fw): rotl(w, fw) = rotl(ror(w,
// fv-fw), fv).

// round emits round ir of Keccak-f[1600], with the rows vrows of χ in
// vector registers, and updates s.
func round(s *state, ir int, plane0 bool, vrows []int) {
	comment("Round %d: θ's column parities C[x], stored on the stack", ir)
	t0, t1 := s.free[0], s.free[1]
	var fc [5]int
	for x := range 5 {
		l0, l1 := x, x+5
		emit("EOR\t%s, %s, %s", rot(s.reg[l1], s.frame[l0]-s.frame[l1]), s.reg[l0], t0)
		for y := 2; y < 5; y++ {
			l := x + 5*y
			emit("EOR\t%s, %s, %s", rot(s.reg[l], s.frame[l0]-s.frame[l]), t0, t0)
		}
		fc[x] = s.frame[l0]
		emit("MOVD\t%s, %s", t0, slotC(x))
	}
	comment("θ: D[x] = C[x-1] ^ rot(C[x+1], 1), applied to column x")
	for x := range 5 {
		xm, xp := (x+4)%5, (x+1)%5
		emit("MOVD\t%s, %s", slotC(xm), t0)
		emit("MOVD\t%s, %s", slotC(xp), t1)
		// rot(C[x+1], 1) is C[x+1]'s register in frame fc[xp]+1.
		emit("EOR\t%s, %s, %s", rot(t1, fc[xm]-(fc[xp]+1)), t0, t0)
		fd := fc[xm]
		for y := range 5 {
			l := x + 5*y
			emit("EOR\t%s, %s, %s", rot(t0, s.frame[l]-fd), s.reg[l], s.reg[l])
		}
	}
	// ρ: only the frames change.
	for l := range 25 {
		s.frame[l] = (s.frame[l] + keccak.RhoOffset(l)) % 64
	}
	if !plane0 && len(vrows) == 0 {
		chiScalar(s, ir)
		return
	}
	if !plane0 {
		chiVector(s, ir, vrows)
		return
	}
	comment("π and χ of the first plane only; ι")
	// Only row 0 is computed: every other lane's register is free.
	br, bf := rowInputs(s, 0)
	free := []string{s.free[0], s.free[1]}
	for l := range 25 {
		if !slices.Contains(br[:], s.reg[l]) {
			free = append(free, s.reg[l])
		}
	}
	tmp := free[0]
	var reg [5]string
	var frame [5]int
	for x := range 5 {
		reg[x] = free[1+x]
		frame[x] = chiLane(ir, br, bf, x, tmp, reg[x])
	}
	emit("MOVD\t%s, %s", slotRC, tmp)
	emit("MOVD\t%d(%s), %s", 8*ir, tmp, tmp)
	emit("EOR\t%s, %s, %s", rot(tmp, frame[0]), reg[0], reg[0])
	for x := range 5 {
		s.reg[x], s.frame[x] = reg[x], frame[x]
	}
	s.free = [2]string{tmp, br[0]}
}

// rowInputs returns the registers and frames of χ's inputs for row y:
// b[x] = lane ((x+3y)%5, x) after ρ.
func rowInputs(s *state, y int) (br [5]string, bf [5]int) {
	for x := range 5 {
		l := (x+3*y)%5 + 5*x
		br[x], bf[x] = s.reg[l], s.frame[l]
	}
	return br, bf
}

// chiLane emits out[x] = b[x] ^ (^b[x+1] & b[x+2]) of round ir into dst,
// through tmp, and returns its frame: b[x]'s or, in the round before an
// entry or the exit, b[x+2]'s if that one is 0, which saves a rotation
// there.
func chiLane(ir int, br [5]string, bf [5]int, x int, tmp, dst string) int {
	x1, x2 := (x+1)%5, (x+2)%5
	// tmp = b[x+2] &^ b[x+1], in b[x+2]'s frame
	emit("BIC\t%s, %s, %s", rot(br[x1], bf[x2]-bf[x1]), br[x2], tmp)
	if (ir+1)%4 == 0 && bf[x] != 0 && bf[x2] == 0 {
		emit("EOR\t%s, %s, %s", rot(br[x], bf[x2]-bf[x]), tmp, dst)
		return bf[x2]
	}
	emit("EOR\t%s, %s, %s", rot(tmp, bf[x]-bf[x2]), br[x], dst)
	return bf[x]
}

// chiVector emits π, χ and ι of round ir with the rows vrows in vector
// registers: moved over (which frees their general registers for the other
// rows) and rotated into the frame of their b[0], χ with BIC and EOR, and
// moved back at the end of the round.
func chiVector(s *state, ir int, vrows []int) {
	comment("π and χ: rows %v in vector registers, the others in general ones; ι", vrows)
	var next state
	free := []string{s.free[0], s.free[1]}
	alloc := func() string {
		r := free[0]
		free = free[1:]
		return r
	}
	release := func(r ...string) { free = append(free, r...) }
	for k, y := range vrows {
		br, _ := rowInputs(s, y)
		for x := range 5 {
			emit("FMOVD\t%s, F%d", br[x], 10*k+x)
			release(br[x])
		}
	}
	for k, y := range vrows {
		_, bf := rowInputs(s, y)
		var v [5]int
		for x := range 5 {
			v[x] = 10*k + x
			if r := ((bf[x]-bf[0])%64 + 64) % 64; r != 0 {
				d := 10*k + 5 + x
				emit("VSHL\t$%d, V%d.D2, V%d.D2", r, v[x], d)
				emit("VSRI\t$%d, V%d.D2, V%d.D2", 64-r, v[x], d)
				v[x] = d
			}
		}
		for x := range 5 {
			t := 20 + 5*k + x
			n, m := v[(x+2)%5], v[(x+1)%5]
			// BIC Vt.8B, Vn.8B, Vm.8B (t = b[x+2] &^ b[x+1]), which Go's
			// assembler does not know
			emit("WORD\t$%#08x // BIC V%d.B8, V%d.B8, V%d.B8", 0x0e601c00|m<<16|n<<5|t, m, n, t)
			emit("VEOR\tV%d.B8, V%d.B8, V%d.B8", v[x], t, t)
		}
	}
	for y := range 5 {
		if slices.Contains(vrows, y) {
			continue
		}
		br, bf := rowInputs(s, y)
		tmp := alloc()
		for x := range 5 {
			dst := alloc()
			next.reg[x+5*y] = dst
			next.frame[x+5*y] = chiLane(ir, br, bf, x, tmp, dst)
		}
		if y == 0 {
			emit("MOVD\t%s, %s", slotRC, tmp)
			emit("MOVD\t%d(%s), %s", 8*ir, tmp, tmp)
			emit("EOR\t%s, %s, %s", rot(tmp, next.frame[0]), next.reg[0], next.reg[0])
		}
		release(tmp)
		release(br[:]...)
	}
	for k, y := range vrows {
		_, bf := rowInputs(s, y)
		for x := range 5 {
			dst := alloc()
			emit("FMOVD\tF%d, %s", 20+5*k+x, dst)
			next.reg[x+5*y], next.frame[x+5*y] = dst, bf[0]
		}
	}
	if len(free) != 2 {
		log.Fatalf("round %d: %d free registers at the end", ir, len(free))
	}
	next.free = [2]string{free[0], free[1]}
	*s = next
}

// chiScalar emits π, χ and ι of round ir with every row in general
// registers. A row computed in place needs three temporaries and there are
// two, so each row parks its first output on the stack until the row is
// done.
func chiScalar(s *state, ir int) {
	comment("π and χ, row by row; ι")
	t0, t1 := s.free[0], s.free[1]
	var next state
	for y := range 5 {
		br, bf := rowInputs(s, y)
		chi := func(x int, dst string) {
			next.reg[x+5*y] = dst
			next.frame[x+5*y] = chiLane(ir, br, bf, x, t0, dst)
		}
		chi(0, t0)
		emit("MOVD\t%s, %s", t0, slotSpill)
		chi(1, t1)
		chi(2, br[2])
		chi(3, br[3])
		chi(4, br[4])
		emit("MOVD\t%s, %s", slotSpill, br[0])
		next.reg[5*y] = br[0]
		if y == 0 {
			emit("MOVD\t%s, %s", slotRC, t0)
			emit("MOVD\t%d(%s), %s", 8*ir, t0, t0)
			emit("EOR\t%s, %s, %s", rot(t0, next.frame[0]), br[0], br[0])
		}
		// The next row's temporaries: b[1]'s register and t0 (t1 holds out[1]).
		t1 = br[1]
	}
	next.free = [2]string{t0, t1}
	*s = next
}

// load emits the loads of the state from the array at ptr into s's
// registers, rotated into s's frames.
func load(s *state, ptr string) {
	for l := 0; l < 25; l += 2 {
		if l+1 < 25 {
			emit("LDP\t%d(%s), (%s, %s)", 8*l, ptr, s.reg[l], s.reg[l+1])
		} else {
			emit("MOVD\t%d(%s), %s", 8*l, ptr, s.reg[l])
		}
	}
	for l := range 25 {
		if s.frame[l] != 0 {
			emit("ROR\t$%d, %s, %s", s.frame[l], s.reg[l], s.reg[l])
		}
	}
}

// store emits the rotations of the lanes back to frame 0 and their stores
// (lanes 0..n-1) to the array at ptr.
func store(s *state, ptr string, n int) {
	for l := range n {
		if s.frame[l] != 0 {
			emit("ROR\t$%d, %s, %s", 64-s.frame[l], s.reg[l], s.reg[l])
		}
	}
	for l := 0; l < n; l += 2 {
		if l+1 < n {
			emit("STP\t(%s, %s), %d(%s)", s.reg[l], s.reg[l+1], 8*l, ptr)
		} else {
			emit("MOVD\t%s, %d(%s)", s.reg[l], 8*l, ptr)
		}
	}
}

func main() {
	outFile := flag.String("out", "", "output file")
	flag.Parse()
	log.SetFlags(0)

	fmt.Fprintf(&out, "// Code generated by command: go run main.go -out %s. DO NOT EDIT.\n\n", "../../../internal/keccak/p1600_arm64.s")
	fmt.Fprintf(&out, "//go:build !purego\n\n#include \"textflag.h\"\n\n")
	for ir := range keccak.MaxRounds {
		fmt.Fprintf(&out, "DATA rcARM64<>+%d(SB)/8, $%#016x\n", 8*ir, keccak.RoundConstant(ir))
	}
	fmt.Fprintf(&out, "GLOBL rcARM64<>(SB), RODATA|NOPTR, $%d\n", 8*keccak.MaxRounds)
	kernel("keccakARM64", nil)
	kernel("keccakARM64Vec", neonRows)

	if *outFile == "" {
		os.Stdout.Write(out.Bytes())
		return
	}
	if err := os.WriteFile(*outFile, out.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
}

// kernel emits the function name, with the rows vrows of χ in vector
// registers.
func kernel(name string, vrows []int) {
	// The state at the start of each round.
	var at [keccak.MaxRounds + 1]state
	var s state
	copy(s.reg[:], usable[:25])
	s.free = [2]string{usable[25], usable[26]}
	at[0] = s
	var body bytes.Buffer
	for ir := range keccak.MaxRounds {
		saved := out
		out = bytes.Buffer{}
		if ir%4 == 0 {
			label(fmt.Sprintf("round%d", ir))
		}
		if ir == keccak.MaxRounds-1 {
			comment("p1600Plane0 computes only the first plane of the last round")
			emit("MOVBU\tplane0+48(FP), %s", s.free[0])
			emit("CBNZ\t%s, plane0", s.free[0])
		}
		round(&s, ir, false, vrows)
		body.Write(out.Bytes())
		out = saved
		at[ir+1] = s
	}
	final := s
	// The last round again computing only the first plane, for
	// p1600Plane0.
	plane := at[keccak.MaxRounds-1]
	saved := out
	out = bytes.Buffer{}
	round(&plane, keccak.MaxRounds-1, true, vrows)
	planeRound := out.Bytes()
	out = saved

	fmt.Fprintf(&out, "\n// func %s(a *[25]uint64, p []byte, lanes int, rounds int, plane0 bool)\n", name)
	if len(vrows) > 0 {
		fmt.Fprintf(&out, "// Requires: ASIMD\n")
	}
	fmt.Fprintf(&out, "TEXT ·%s(SB), NOSPLIT, $%d-49\n", name, frameSize)
	emit("MOVD\tR30, %s", slotLR)
	emit("MOVD\t$rcARM64<>(SB), R0")
	emit("MOVD\tR0, %s", slotRC)
	emit("MOVD\tp_base+8(FP), R1")
	emit("MOVD\tp_len+16(FP), R2")
	emit("MOVD\tR1, %s", slotP)
	emit("MOVD\tR2, %s", slotN)
	label("block")
	comment("XOR the next whole block of lanes lanes, if any, into the state in memory")
	emit("MOVD\ta+0(FP), R0")
	emit("MOVD\tlanes+32(FP), R3")
	emit("CBZ\tR3, permute")
	emit("MOVD\t%s, R2", slotN)
	emit("LSL\t$3, R3, R4")
	emit("CMP\tR4, R2")
	emit("BLO\tret")
	emit("SUB\tR4, R2, R2")
	emit("MOVD\tR2, %s", slotN)
	emit("MOVD\t%s, R1", slotP)
	label("xor")
	emit("MOVD.P\t8(R1), R4")
	emit("MOVD\t(R0), R5")
	emit("EOR\tR4, R5, R5")
	emit("MOVD.P\tR5, 8(R0)")
	emit("SUB\t$1, R3, R3")
	emit("CBNZ\tR3, xor")
	emit("MOVD\tR1, %s", slotP)
	emit("MOVD\ta+0(FP), R0")
	label("permute")
	comment("rounds is a multiple of 4: enter the unrolled rounds at round 24-rounds")
	emit("MOVD\trounds+40(FP), R3")
	emit("CMP\t$%d, R3", keccak.MaxRounds)
	emit("BNE\tshorter")
	// Round 0's lanes are in frame 0 in the first 25 registers; R0 is
	// lane 0's, so the pointer moves to a temporary first.
	emit("MOVD\tR0, %s", at[0].free[0])
	load(&at[0], at[0].free[0])
	out.Write(body.Bytes())
	comment("Rotate the lanes back, store them, and go on to the next block")
	emit("MOVD\ta+0(FP), %s", final.free[0])
	store(&final, final.free[0], 25)
	emit("MOVD\tlanes+32(FP), R0")
	emit("CBNZ\tR0, block")
	label("ret")
	emit("MOVD\t%s, R30", slotLR)
	emit("RET")
	// The entries of shorter permutations, after the loop so that the
	// block loop is one address range (scripts/mca).
	label("shorter")
	for ir := 4; ir < keccak.MaxRounds; ir += 4 {
		emit("CMP\t$%d, R3", keccak.MaxRounds-ir)
		emit("BEQ\tenter%d", ir)
	}
	for ir := 4; ir < keccak.MaxRounds; ir += 4 {
		label(fmt.Sprintf("enter%d", ir))
		e := at[ir]
		emit("MOVD\tR0, %s", e.free[0])
		load(&e, e.free[0])
		emit("JMP\tround%d", ir)
	}
	label("plane0")
	out.Write(planeRound)
	emit("MOVD\ta+0(FP), %s", plane.free[0])
	store(&plane, plane.free[0], 5)
	emit("MOVD\t%s, R30", slotLR)
	emit("RET")
}
