//go:build linux

package hashtest

import (
	"hash"
	"syscall"
	"testing"
)

// TestNoOverread runs the package-level TestNoOverread for b's package on
// inputs of every length up to a block (the final-block kernel's masked
// loads), a block + 1, 3 blocks + 5 and a page of bytes.
func (b *BLAKE2) TestNoOverread(t *testing.T, blockSize int, sum func([]byte) []byte, mk func() hash.Hash) {
	page := syscall.Getpagesize()
	TestNoOverread(t, b.Pkg, append(UpTo(blockSize), blockSize+1, 3*blockSize+5, page), sum, mk)
}
