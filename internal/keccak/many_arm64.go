//go:build !purego

package keccak

// multiKernel reports whether a multi-state kernel runs here.
func multiKernel() bool { return useNEONx2 }

// multiShift returns log2 of the states per group of a Multi's layout: two
// for the two-state kernel.
func multiShift(int) int {
	if useNEONx2 {
		return 1
	}
	return 3
}

// absorb feeds blocks kRate-byte blocks to each sponge j in use, read from
// in[offs[j]:], and permutes after each; offs[j] + blocks*kRate <=
// len(in) for every j < n. The sponges go through the kernel two at a
// time; an odd last one runs beside a copy of sponge 0's input, whose state
// is ignored. If the kernel has been turned off since Init (tests do), the
// portable code runs.
func (m *Multi) absorb(in []byte, offs *[MultiMax]uint64, blocks int) {
	if m.shift != 1 || !useNEONx2 {
		m.absorbGeneric(in, offs, blocks)
		return
	}
	rcs := &rc[MaxRounds-m.rounds]
	for j := m.n; j < MultiMax; j++ {
		offs[j] = offs[0]
	}
	for g := 0; 2*g < m.n; g++ {
		absorbX2SHA3((*[50]uint64)(m.s[50*g:]), in, (*[2]uint64)(offs[2*g:]), blocks, m.kRate/8, rcs, m.rounds/12)
	}
}
