//go:build (!amd64 && !arm64) || purego

package keccak

// leavesKernel hashes no leaves where there is no multi-state kernel.
func leavesKernel(dst, data []byte, n, leafLen, rate, rounds int, ds byte, cvLen int) int {
	return 0
}

// leavesAfterKernel does nothing where there is no multi-state kernel.
func leavesAfterKernel(a *[25]uint64, dst, data []byte, n, leafLen, rate, rounds int, ds byte, cvLen int) int {
	return 0
}
