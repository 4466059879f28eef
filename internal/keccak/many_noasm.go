//go:build !amd64 || purego

package keccak

func multiKernel() bool { return false }
func multiWide() bool   { return true }

func (m *Multi) absorb(in []byte, offs *[MultiMax]uint64, blocks int) {
	m.absorbGeneric(in, offs, blocks)
}
