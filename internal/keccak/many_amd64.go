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

// absorb feeds blocks kRate-byte blocks to each sponge j in use, read from
// in[offs[j]:], and permutes after each; offs[j] + blocks*kRate <=
// len(in) for every j < n (unused states read sponge 0's input and are
// ignored). The layout chosen at Init decides the kernel; if that kernel
// has been turned off since (tests do), the portable code runs.
func (m *Multi) absorb(in []byte, offs *[MultiMax]uint64, blocks int) {
	rcs := &rc[MaxRounds-m.rounds]
	for j := m.n; j < MultiMax; j++ {
		offs[j] = offs[0]
	}
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
		m.absorbGeneric(in, offs, blocks)
	}
}
