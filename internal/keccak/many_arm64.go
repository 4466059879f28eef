//go:build !purego

package keccak

// multiKernel reports whether a multi-state kernel runs here.
func multiKernel() bool { return multiStateKernel != 0 }

// multiWidth returns the states per group of a Multi's layout for n
// sponges: three for the three-state kernel, except where pairs need fewer
// kernel calls' time (one, two or four sponges: a three-state call costs
// more than a two-state one, if less than twice as much), two for the
// two-state kernel. Without a kernel the layout is any; it is eight.
func multiWidth(n int) int {
	switch {
	case multiStateKernel == kernelNEONx3 && !(multiStateRuns.Has(kernelNEONx2) && (n <= 2 || n == 4)):
		return 3
	case multiStateRuns.Has(kernelNEONx2):
		return 2
	}
	return MultiMax
}

// absorb feeds blocks kRate-byte blocks to each sponge j in use, read from
// in[offs[j]:], and permutes after each; offs[j] + blocks*kRate <=
// len(in) for every j < n. The sponges go through the kernel of the layout
// chosen at Init, three or two at a time; the unused states of a last group
// run beside a copy of sponge 0's input and are ignored. If that kernel has
// been turned off since Init (tests do), the portable code runs.
func (m *Multi) absorb(in []byte, offs *[MultiMax]uint64, blocks int) {
	rcs := &rc[MaxRounds-m.rounds]
	for j := m.n; j < MultiMax; j++ {
		offs[j] = offs[0]
	}
	switch {
	case m.width == 3 && multiStateKernel == kernelNEONx3:
		for g := 0; 3*g < m.n; g++ {
			o := [3]uint64{offs[0], offs[0], offs[0]}
			copy(o[:], offs[3*g:min(3*g+3, MultiMax)])
			absorbX3SHA3((*[75]uint64)(m.s[75*g:]), in, &o, blocks, m.kRate/8, rcs, m.rounds/12)
		}
	case m.width == 2 && multiStateRuns.Has(kernelNEONx2):
		for g := 0; 2*g < m.n; g++ {
			absorbX2SHA3((*[50]uint64)(m.s[50*g:]), in, (*[2]uint64)(offs[2*g:]), blocks, m.kRate/8, rcs, m.rounds/12)
		}
	default:
		m.absorbGeneric(in, offs, blocks)
	}
}
