//go:build (!amd64 && !arm64) || purego

package keccak

func multiKernel() bool  { return false }
func multiWidth(int) int { return MultiMax }

func (m *Multi) absorb(in []byte, offs *[MultiMax]uint64, blocks int) {
	m.absorbGeneric(in, offs, blocks)
}
