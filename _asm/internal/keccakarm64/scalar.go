// Package keccakarm64 holds what the arm64 Keccak-p[1600] generators share
// (_asm/keccak/arm64, neonx2, neonx3 and sha3): the scalar round emitter,
// with the 25 lanes of a state in general registers (the design is
// described in _asm/keccak/arm64), the two-state round of SHA3 instructions
// on vector registers (described in _asm/keccak/neonx2), and the file header
// with the round constants (Header). They print Go assembly text, since avo
// writes amd64 only.
package keccakarm64

import (
	"bytes"
	"fmt"
	"log"
	"slices"

	"github.com/hashkit/hashkit/internal/keccak"
)

// Usable are the registers the kernel may use: not R18 (platform), R27
// (the assembler's scratch register), R28 (g) or R29 (frame pointer). R30
// is free because the function has a frame, so LR is saved.
var Usable = []string{
	"R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11", "R12",
	"R13", "R14", "R15", "R16", "R17", "R19", "R20", "R21", "R22", "R23", "R24", "R25",
	"R26", "R30",
}

// Stack slots (pseudo-SP offsets) of the frame.
const (
	FrameSize = 80
	SlotRC    = "rc-8(SP)"     // address of the round constants
	SlotP     = "p-16(SP)"     // next input block
	SlotN     = "n-24(SP)"     // input bytes left
	SlotSpill = "spill-32(SP)" // keccakARM64 parks a χ output here
	SlotLR    = "lr-80(SP)"    // R30: the assembler saves it but restores it only in non-leaf functions
)

// NeonRows are the rows of χ that keccakARM64Vec computes in vector
// registers (see the package comment).
var NeonRows = []int{3, 4}

func SlotC(x int) string { return fmt.Sprintf("c%d-%d(SP)", x, 40+8*x) }

// State is where each lane is during code generation.
type State struct {
	Reg   [25]string // register of lane x+5y
	Frame [25]int    // the lane is its register rotated left by frame (mod 64)
	Free  [2]string  // the two temporaries
}

// Start returns the state at round 0: the lanes in frame 0 in the first 25
// usable registers, the last two free.
func Start() State {
	var s State
	copy(s.Reg[:], Usable[:25])
	s.Free = [2]string{Usable[25], Usable[26]}
	return s
}

// Gen writes the instructions the emitters produce to Out.
type Gen struct{ Out *bytes.Buffer }

// Emit writes one instruction line.
func (g Gen) Emit(format string, args ...any) {
	fmt.Fprintf(g.Out, "\t"+format+"\n", args...)
}

// Label writes a label.
func (g Gen) Label(name string) { fmt.Fprintf(g.Out, "%s:\n", name) }

// Comment writes a comment line.
func (g Gen) Comment(format string, args ...any) {
	fmt.Fprintf(g.Out, "\t// "+format+"\n", args...)
}

// Rot is the operand "r rotated right by k" (k mod 64).
func Rot(r string, k int) string {
	k = ((k % 64) + 64) % 64
	if k == 0 {
		return r
	}
	return fmt.Sprintf("%s@>%d", r, k)
}

// Combining a lane in register v (frame fv) with one in w (frame fw) in v's
// frame takes w as the operand Rot(w, fv-fw): rotl(w, fw) = rotl(ror(w,
// fv-fw), fv).

// Round emits round ir of Keccak-f[1600], with the rows vrows of χ in
// vector registers, and updates s.
func (g Gen) Round(s *State, ir int, plane0 bool, vrows []int) {
	g.Comment("Round %d: θ's column parities C[x], stored on the stack", ir)
	t0, t1 := s.Free[0], s.Free[1]
	var fc [5]int
	for x := range 5 {
		l0, l1 := x, x+5
		g.Emit("EOR\t%s, %s, %s", Rot(s.Reg[l1], s.Frame[l0]-s.Frame[l1]), s.Reg[l0], t0)
		for y := 2; y < 5; y++ {
			l := x + 5*y
			g.Emit("EOR\t%s, %s, %s", Rot(s.Reg[l], s.Frame[l0]-s.Frame[l]), t0, t0)
		}
		fc[x] = s.Frame[l0]
		g.Emit("MOVD\t%s, %s", t0, SlotC(x))
	}
	g.Comment("θ: D[x] = C[x-1] ^ rot(C[x+1], 1), applied to column x")
	for x := range 5 {
		xm, xp := (x+4)%5, (x+1)%5
		g.Emit("MOVD\t%s, %s", SlotC(xm), t0)
		g.Emit("MOVD\t%s, %s", SlotC(xp), t1)
		// rot(C[x+1], 1) is C[x+1]'s register in frame fc[xp]+1.
		g.Emit("EOR\t%s, %s, %s", Rot(t1, fc[xm]-(fc[xp]+1)), t0, t0)
		fd := fc[xm]
		for y := range 5 {
			l := x + 5*y
			g.Emit("EOR\t%s, %s, %s", Rot(t0, s.Frame[l]-fd), s.Reg[l], s.Reg[l])
		}
	}
	// ρ: only the frames change.
	for l := range 25 {
		s.Frame[l] = (s.Frame[l] + keccak.RhoOffset(l)) % 64
	}
	if !plane0 && len(vrows) == 0 {
		g.chiScalar(s, ir)
		return
	}
	if !plane0 {
		g.chiVector(s, ir, vrows)
		return
	}
	g.Comment("π and χ of the first plane only; ι")
	// Only row 0 is computed: every other lane's register is free.
	br, bf := g.rowInputs(s, 0)
	free := []string{s.Free[0], s.Free[1]}
	for l := range 25 {
		if !slices.Contains(br[:], s.Reg[l]) {
			free = append(free, s.Reg[l])
		}
	}
	tmp := free[0]
	var reg [5]string
	var frame [5]int
	for x := range 5 {
		reg[x] = free[1+x]
		frame[x] = g.chiLane(ir, br, bf, x, tmp, reg[x])
	}
	g.Emit("MOVD\t%s, %s", SlotRC, tmp)
	g.Emit("MOVD\t%d(%s), %s", 8*ir, tmp, tmp)
	g.Emit("EOR\t%s, %s, %s", Rot(tmp, frame[0]), reg[0], reg[0])
	for x := range 5 {
		s.Reg[x], s.Frame[x] = reg[x], frame[x]
	}
	s.Free = [2]string{tmp, br[0]}
}

// rowInputs returns the registers and frames of χ's inputs for row y:
// b[x] = lane ((x+3y)%5, x) after ρ.
func (g Gen) rowInputs(s *State, y int) (br [5]string, bf [5]int) {
	for x := range 5 {
		l := (x+3*y)%5 + 5*x
		br[x], bf[x] = s.Reg[l], s.Frame[l]
	}
	return br, bf
}

// chiLane emits out[x] = b[x] ^ (^b[x+1] & b[x+2]) of round ir into dst,
// through tmp, and returns its frame: b[x]'s or, in the round before an
// entry or the exit, b[x+2]'s if that one is 0, which saves a rotation
// there.
func (g Gen) chiLane(ir int, br [5]string, bf [5]int, x int, tmp, dst string) int {
	x1, x2 := (x+1)%5, (x+2)%5
	// tmp = b[x+2] &^ b[x+1], in b[x+2]'s frame
	g.Emit("BIC\t%s, %s, %s", Rot(br[x1], bf[x2]-bf[x1]), br[x2], tmp)
	if (ir+1)%4 == 0 && bf[x] != 0 && bf[x2] == 0 {
		g.Emit("EOR\t%s, %s, %s", Rot(br[x], bf[x2]-bf[x]), tmp, dst)
		return bf[x2]
	}
	g.Emit("EOR\t%s, %s, %s", Rot(tmp, bf[x]-bf[x2]), br[x], dst)
	return bf[x]
}

// chiVector emits π, χ and ι of round ir with the rows vrows in vector
// registers: moved over (which frees their general registers for the other
// rows) and rotated into the frame of their b[0], χ with BIC and EOR, and
// moved back at the end of the round.
func (g Gen) chiVector(s *State, ir int, vrows []int) {
	g.Comment("π and χ: rows %v in vector registers, the others in general ones; ι", vrows)
	var next State
	free := []string{s.Free[0], s.Free[1]}
	alloc := func() string {
		r := free[0]
		free = free[1:]
		return r
	}
	release := func(r ...string) { free = append(free, r...) }
	for k, y := range vrows {
		br, _ := g.rowInputs(s, y)
		for x := range 5 {
			g.Emit("FMOVD\t%s, F%d", br[x], 10*k+x)
			release(br[x])
		}
	}
	for k, y := range vrows {
		_, bf := g.rowInputs(s, y)
		var v [5]int
		for x := range 5 {
			v[x] = 10*k + x
			if r := ((bf[x]-bf[0])%64 + 64) % 64; r != 0 {
				d := 10*k + 5 + x
				g.Emit("VSHL\t$%d, V%d.D2, V%d.D2", r, v[x], d)
				g.Emit("VSRI\t$%d, V%d.D2, V%d.D2", 64-r, v[x], d)
				v[x] = d
			}
		}
		for x := range 5 {
			t := 20 + 5*k + x
			n, m := v[(x+2)%5], v[(x+1)%5]
			// BIC Vt.8B, Vn.8B, Vm.8B (t = b[x+2] &^ b[x+1]), which Go's
			// assembler does not know
			g.Emit("WORD\t$%#08x // BIC V%d.B8, V%d.B8, V%d.B8", 0x0e601c00|m<<16|n<<5|t, m, n, t)
			g.Emit("VEOR\tV%d.B8, V%d.B8, V%d.B8", v[x], t, t)
		}
	}
	for y := range 5 {
		if slices.Contains(vrows, y) {
			continue
		}
		br, bf := g.rowInputs(s, y)
		tmp := alloc()
		for x := range 5 {
			dst := alloc()
			next.Reg[x+5*y] = dst
			next.Frame[x+5*y] = g.chiLane(ir, br, bf, x, tmp, dst)
		}
		if y == 0 {
			g.Emit("MOVD\t%s, %s", SlotRC, tmp)
			g.Emit("MOVD\t%d(%s), %s", 8*ir, tmp, tmp)
			g.Emit("EOR\t%s, %s, %s", Rot(tmp, next.Frame[0]), next.Reg[0], next.Reg[0])
		}
		release(tmp)
		release(br[:]...)
	}
	for k, y := range vrows {
		_, bf := g.rowInputs(s, y)
		for x := range 5 {
			dst := alloc()
			g.Emit("FMOVD\tF%d, %s", 20+5*k+x, dst)
			next.Reg[x+5*y], next.Frame[x+5*y] = dst, bf[0]
		}
	}
	if len(free) != 2 {
		log.Fatalf("round %d: %d free registers at the end", ir, len(free))
	}
	next.Free = [2]string{free[0], free[1]}
	*s = next
}

// chiScalar emits π, χ and ι of round ir with every row in general
// registers. A row computed in place needs three temporaries and there are
// two, so each row parks its first output on the stack until the row is
// done.
func (g Gen) chiScalar(s *State, ir int) {
	g.Comment("π and χ, row by row; ι")
	t0, t1 := s.Free[0], s.Free[1]
	var next State
	for y := range 5 {
		br, bf := g.rowInputs(s, y)
		chi := func(x int, dst string) {
			next.Reg[x+5*y] = dst
			next.Frame[x+5*y] = g.chiLane(ir, br, bf, x, t0, dst)
		}
		chi(0, t0)
		g.Emit("MOVD\t%s, %s", t0, SlotSpill)
		chi(1, t1)
		chi(2, br[2])
		chi(3, br[3])
		chi(4, br[4])
		g.Emit("MOVD\t%s, %s", SlotSpill, br[0])
		next.Reg[5*y] = br[0]
		if y == 0 {
			g.Emit("MOVD\t%s, %s", SlotRC, t0)
			g.Emit("MOVD\t%d(%s), %s", 8*ir, t0, t0)
			g.Emit("EOR\t%s, %s, %s", Rot(t0, next.Frame[0]), br[0], br[0])
		}
		// The next row's temporaries: b[1]'s register and t0 (t1 holds out[1]).
		t1 = br[1]
	}
	next.Free = [2]string{t0, t1}
	*s = next
}
