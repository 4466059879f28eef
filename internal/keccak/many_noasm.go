//go:build (!amd64 && !arm64) || purego

package keccak

func multiKernel() bool  { return false }
func multiWidth(int) int { return MultiMax }

func (m *Multi) absorbKernel([]byte, *[MultiMax]uint64, int) bool { return false }
