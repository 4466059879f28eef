//go:build linux

package hashtest

import (
	"hash"
	"syscall"
	"testing"
)

// TestNoOverread runs the package-level TestNoOverread for b's package on
// inputs of 0, 1, a block ± 1, 3 blocks + 5 and a page of bytes.
func (b *BLAKE2) TestNoOverread(t *testing.T, blockSize int, sum func([]byte) []byte, mk func() hash.Hash) {
	page := syscall.Getpagesize()
	TestNoOverread(t, b.Pkg, []int{0, 1, blockSize - 1, blockSize, blockSize + 1, 3*blockSize + 5, page}, sum, mk)
}
