package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// scalarRounds emits the SHA-2 rounds (FIPS 180-4 sections 6.2.2 and 6.4.2
// step 3) on general-purpose registers, for 32-bit (SHA-256) or 64-bit
// (SHA-512) words. W[t]+K[t] is read from the stack, where the vector code
// interleaved with the rounds has stored it.
//
// The eight working variables are not moved: round t renames them, so the
// register that held h receives the new a and the one that held d the new e.
// Each round is arranged so that the chain from e to the next e is four
// operations deep (d+h+K+W and Ch are added to d before Σ1 is ready), and
// the chain from a to the next a is four too: Maj(a,b,c) is a&(b^c) + b&c,
// where b^c is the a^b of the round before (the two terms have no common
// bits, so + is |), and the new a is computed as new e - old d + Maj + Σ0(a)
// so that T1 is never formed on its own: 24 ALU operations a round (plus
// three register moves), with both chains as short as the definition
// allows.
//
// A core with four ALU ports that also runs the vector message schedule on
// three of them (Intel's Skylake and Sunny Cove) is bound by those ports,
// not by the chains, so the lean rounds take fewer operations for a longer
// chain: T1 is formed, the new e is d + T1 (five operations from e), and
// Maj(a,b,c) is (a^b)&(b^c) ^ b, 22 ALU operations a round (plus two
// moves).
type scalarRounds struct {
	wide   bool   // 64-bit words
	lean   bool   // the lean rounds
	sigma1 [3]int // Σ1 rotations
	sigma0 [3]int // Σ0 rotations
}

var (
	sha256Rounds = scalarRounds{wide: false, sigma1: [3]int{6, 11, 25}, sigma0: [3]int{2, 13, 22}}
	sha512Rounds = scalarRounds{wide: true, sigma1: [3]int{14, 18, 41}, sigma0: [3]int{28, 34, 39}}
	sha256Lean   = scalarRounds{wide: false, lean: true, sigma1: sha256Rounds.sigma1, sigma0: sha256Rounds.sigma0}
	sha512Lean   = scalarRounds{wide: true, lean: true, sigma1: sha512Rounds.sigma1, sigma0: sha512Rounds.sigma0}
)

func (s *scalarRounds) gp() GPVirtual {
	if s.wide {
		return GP64()
	}
	return GP32()
}

// two emits the 64-bit form q of a two-operand instruction for SHA-512 and
// the 32-bit form l for SHA-256.
func (s *scalarRounds) two(q, l func(x, y Op), x, y Op) {
	if s.wide {
		q(x, y)
	} else {
		l(x, y)
	}
}

func (s *scalarRounds) add(x, y Op) { s.two(ADDQ, ADDL, x, y) }
func (s *scalarRounds) sub(x, y Op) { s.two(SUBQ, SUBL, x, y) }
func (s *scalarRounds) and(x, y Op) { s.two(ANDQ, ANDL, x, y) }
func (s *scalarRounds) xor(x, y Op) { s.two(XORQ, XORL, x, y) }
func (s *scalarRounds) mov(x, y Op) { s.two(MOVQ, MOVL, x, y) }

// lea sets dst = x + y.
func (s *scalarRounds) lea(x, y Register, dst Op) {
	s.two(LEAQ, LEAL, Mem{Base: x, Index: y, Scale: 1}, dst)
}

// andn sets dst = ^x & y.
func (s *scalarRounds) andn(x, y, dst Op) {
	if s.wide {
		ANDNQ(y, x, dst)
	} else {
		ANDNL(y, x, dst)
	}
}

func (s *scalarRounds) rorx(n int, x, dst Op) {
	if s.wide {
		RORXQ(Imm(uint64(n)), x, dst)
	} else {
		RORXL(Imm(uint64(n)), x, dst)
	}
}

// end ends a kernel's loop over blocks of size bytes: it adds the block's
// result to the chaining value at hc, advances p and jumps back to label
// loop until p reaches end, then stores the state to h and returns (label
// done, where the kernel jumps when there is no block).
func (s *scalarRounds) end(st *state, hc Mem, p Register, end Op, size uint64, loop, done string) {
	s.addState(st, hc)
	ADDQ(Imm(size), p)
	CMPQ(p, end)
	JNE(LabelRef(loop))
	s.storeState(st, Load(Param("h"), GP64()))
	VZEROUPPER()
	Label(done)
	RET()
}

// bigSigma sets dst = ROTR(x, r[0]) ^ ROTR(x, r[1]) ^ ROTR(x, r[2]), Σ0 or
// Σ1 of FIPS 180-4 section 4.1.2 and 4.1.3, using t.
func (s *scalarRounds) bigSigma(r [3]int, x, dst, t Op) {
	s.rorx(r[0], x, dst)
	s.rorx(r[1], x, t)
	s.xor(t, dst)
	s.rorx(r[2], x, t)
	s.xor(t, dst)
}

// state holds the registers of one compression.
type state struct {
	v          [8]GPVirtual // v[i] holds variable i (a=0 ... h=7) before round 0
	bc         GPVirtual    // b^c of the current round
	y0, y1, y2 GPVirtual
}

// newState allocates the registers of a compression and moves h[0..7] (at
// hp) into them and into hc.
func (s *scalarRounds) newState(hp Register, hc Mem) *state {
	st := &state{}
	for i := range st.v {
		st.v[i] = s.gp()
	}
	st.bc, st.y0, st.y1, st.y2 = s.gp(), s.gp(), s.gp(), s.gp()
	s.loadState(st, hp, hc)
	return st
}

// begin sets up b^c before round 0.
func (s *scalarRounds) begin(st *state) {
	s.mov(st.v[1], st.bc)
	s.xor(st.v[2], st.bc)
}

// round emits round t; wk is the memory holding W[t]+K[t].
func (s *scalarRounds) round(st *state, t int, wk Mem) {
	v := func(i int) GPVirtual { return st.v[((i-t)%8+8)%8] }
	a, b, c, d, e, f, g, h := v(0), v(1), v(2), v(3), v(4), v(5), v(6), v(7)
	y0, y1, y2, bc := st.y0, st.y1, st.y2, st.bc
	if s.lean {
		s.add(wk, h)     // h + K[t] + W[t]
		s.andn(e, g, y2) // ^e & g
		s.mov(e, y1)
		s.and(f, y1)  // e & f
		s.add(y1, y2) // Ch(e,f,g)
		s.add(y2, h)
		s.bigSigma(s.sigma1, e, y0, y1) // Σ1(e)
		s.add(y0, h)                    // T1
		s.add(h, d)                     // new e = d + T1
		s.mov(a, y2)
		s.xor(b, y2)  // a^b is the next round's b^c
		s.and(y2, bc) // (a^b) & (b^c)
		s.xor(b, bc)  // Maj(a,b,c)
		s.add(bc, h)
		s.bigSigma(s.sigma0, a, y0, y1) // Σ0(a)
		s.add(y0, h)                    // new a = T1 + Maj + Σ0(a)
		st.bc, st.y2 = y2, bc
		return
	}

	s.mov(b, y1)
	s.and(c, y1)     // b & c
	s.sub(d, y1)     // b&c - d, so that new a = new e + Maj - d + Σ0(a)
	s.add(wk, h)     // h + K[t] + W[t]
	s.andn(e, g, y2) // ^e & g
	s.add(h, d)
	s.mov(e, h)
	s.and(f, h)  // e & f (h is free now)
	s.add(h, y2) // Ch(e,f,g)
	s.add(y2, d)
	s.bigSigma(s.sigma1, e, y0, h)  // Σ1(e)
	s.add(y0, d)                    // new e = d + T1
	s.and(a, bc)                    // a & (b^c)
	s.add(y1, bc)                   // Maj(a,b,c) - old d
	s.lea(d, bc, h)                 // T1 + Maj
	s.bigSigma(s.sigma0, a, y0, y1) // Σ0(a)
	s.add(y0, h)                    // new a = T1 + T2
	s.mov(a, y2)
	s.xor(b, y2) // a^b is the next round's b^c
	st.bc, st.y2 = y2, bc
}

// The chaining value lives in the working registers during a block and in
// an 8-word copy hc in the kernel's frame between blocks; h is read once
// before the first block and written once after the last. Adding from h
// through a pointer reloaded from the arguments after every block instead
// cost every call of two or more blocks about one block's time, most likely
// a memory-ordering replay: the next block's load of h ran before the
// previous block's store to h had its address.

// loadState moves h[0..7] (at hp) into the working registers and hc.
func (s *scalarRounds) loadState(st *state, hp Register, hc Mem) {
	size := s.wordSize()
	for i := range st.v {
		s.mov(Mem{Base: hp, Disp: size * i}, st.v[i])
		s.mov(st.v[i], hc.Offset(size*i))
	}
}

// addState adds hc into the working registers and stores the sum back in
// hc (FIPS 180-4 step 4).
func (s *scalarRounds) addState(st *state, hc Mem) {
	size := s.wordSize()
	for i := range st.v {
		s.add(hc.Offset(size*i), st.v[i])
		s.mov(st.v[i], hc.Offset(size*i))
	}
}

// storeState writes the working registers to h[0..7] at hp.
func (s *scalarRounds) storeState(st *state, hp Register) {
	size := s.wordSize()
	for i := range st.v {
		s.mov(st.v[i], Mem{Base: hp, Disp: size * i})
	}
}

func (s *scalarRounds) wordSize() int {
	if s.wide {
		return 8
	}
	return 4
}
