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

// absorbKernel is absorb on the kernel of the layout chosen at Init, three
// or two sponges at a time. It reports false, having done nothing, if that
// kernel has been turned off since (tests do).
func (m *Multi) absorbKernel(in []byte, offs *[MultiMax]uint64, blocks int) bool {
	rcs := &rc[MaxRounds-m.rounds]
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
		return false
	}
	return true
}
