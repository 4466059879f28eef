//go:build (amd64 || arm64) && !purego

package blake2b

import "github.com/hashkit/hashkit/internal/preempt"

// blocks compresses the 128-byte blocks of p into h; see blocksGeneric.
// Each GOARCH's file says whether a kernel is enabled (haveAsm) and calls
// it (blocksAsm); assembly cannot be preempted, so the kernel gets at most
// preempt.Piece bytes a call, with a preemption point between two.
func blocks(h *[8]uint64, c *[2]uint64, f0, f1 uint64, p []byte) {
	if !haveAsm() {
		blocksGeneric(h, c, f0, f1, p)
		return
	}
	// The kernels take whole blocks (blocksGeneric ignores a tail).
	preempt.Blocks(len(p), BlockSize, func(i, j int) { blocksAsm(h, c, f0, f1, p[i:j]) })
}
