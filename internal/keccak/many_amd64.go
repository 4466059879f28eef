//go:build !purego

package keccak

// multiKernel reports whether a multi-state kernel runs here.
func multiKernel() bool { return multiStateKernel != 0 }

// multiWidth returns the states per group of a Multi's layout for n
// sponges: four where the few-lanes kernel takes them all or only the AVX2
// kernel runs, else eight.
func multiWidth(n int) int {
	if (n <= 4 && fewLanesKernel == kernelAVX512VLx4) || multiStateKernel == kernelAVX2x4 {
		return 4
	}
	return 8
}

// absorbKernel is absorb on the kernel that the layout chosen at Init
// decides. It reports false, having done nothing, if that kernel has been
// turned off since (tests do).
func (m *Multi) absorbKernel(in []byte, offs *[MultiMax]uint64, blocks int) bool {
	rcs := &rc[MaxRounds-m.rounds]
	switch {
	case m.width == 8 && multiStateKernel == kernelAVX512x8:
		absorbX8AVX512((*[200]uint64)(m.s[:200]), in, offs, blocks, m.kRate/8, rcs, m.rounds/12)
	case m.width == 4 && m.n <= 4 && fewLanesKernel == kernelAVX512VLx4:
		absorbX4AVX512VL((*[100]uint64)(m.s[:100]), in, (*[4]uint64)(offs[:4]), blocks, m.kRate/8, rcs, m.rounds/12)
	case m.width == 4 && multiStateKernel == kernelAVX2x4:
		absorbX4AVX2((*[100]uint64)(m.s[:100]), in, (*[4]uint64)(offs[:4]), blocks, m.kRate/8, rcs, m.rounds/12)
		if m.n > 4 {
			absorbX4AVX2((*[100]uint64)(m.s[100:]), in, (*[4]uint64)(offs[4:]), blocks, m.kRate/8, rcs, m.rounds/12)
		}
	default:
		return false
	}
	return true
}
