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
// loads), a block + 1, 3 blocks + 5 and a page of bytes, through the
// 32-byte one-shot function and hasher.
func (b *BLAKE2) TestNoOverread(t *testing.T) {
	page := syscall.Getpagesize()
	mk := func() hash.Hash { return b.mustNew(t, 32, nil) }
	hashtest.TestNoOverread(t, b.Pkg, append(hashtest.UpTo(b.BlockSize), b.BlockSize+1, 3*b.BlockSize+5, page), b.sumOf(32), mk)
}
