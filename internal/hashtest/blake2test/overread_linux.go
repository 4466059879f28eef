//go:build linux

package blake2test

import (
	"hash"
	"syscall"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoOverread runs hashtest.TestNoOverread for b's package on
// inputs of every length up to a block (the final-block kernel's masked
// loads), a block + 1, 3 blocks + 5 and a page of bytes.
func (b *BLAKE2) TestNoOverread(t *testing.T, blockSize int, sum func([]byte) []byte, mk func() hash.Hash) {
	page := syscall.Getpagesize()
	hashtest.TestNoOverread(t, b.Pkg, append(hashtest.UpTo(blockSize), blockSize+1, 3*blockSize+5, page), sum, mk)
}
