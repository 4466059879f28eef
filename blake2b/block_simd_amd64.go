//go:build !purego

package blake2b

import "github.com/hashkit/hashkit/internal/cpu"

// The vector kernels keep one row of the work vector per register and run
// the four G functions of a step as one instruction each. G then is one
// long dependency chain, so they pay where vector instructions take one
// cycle (Intel cores, AMD Zen 2 to 4) and lose to the scalar kernel where
// they take two (Zen 5). They are registered after the scalar kernel, which
// the dispatch below keeps preferring while it is enabled. useAVX512VL
// selects blocksAVX512VL and lastAVX512VL, so it needs the features of both.
var (
	useAVX512VL = cpu.X86.HasAVX && cpu.X86.HasAVX2 && cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL && cpu.X86.HasAVX512BW && cpu.X86.HasBMI2
	useAVX2     = cpu.X86.HasAVX && cpu.X86.HasAVX2
)

func init() {
	cpu.Register("blake2b", "avx512vl", &useAVX512VL)
	cpu.Register("blake2b", "avx2", &useAVX2)
}

//go:noescape
func blocksAVX2(h *[8]uint64, c *[2]uint64, f0, f1 uint64, p []byte)

//go:noescape
func blocksAVX512VL(h *[8]uint64, c *[2]uint64, f0, f1 uint64, p []byte)

// lastAVX512VL is lastAVX512 with the rounds of blocksAVX512VL.
//
//go:noescape
func lastAVX512VL(h *[8]uint64, c *[2]uint64, f0, f1 uint64, p []byte)

// lastAVX2 is blocksAVX2 of the final block, the len(p) <= BlockSize
// bytes of p with zero padding, adding len(p) to the counter; it reads no
// byte past p's end.
//
//go:noescape
func lastAVX2(h *[8]uint64, c *[2]uint64, f0, f1 uint64, p []byte)

// lastVector compresses the final block with the vector kernel of
// blocksAsm, if that is the kernel in use, and reports whether it did.
func lastVector(h *[8]uint64, c *[2]uint64, f1 uint64, p []byte) bool {
	switch {
	case useBMI2:
		return false
	case useAVX512VL:
		lastAVX512VL(h, c, ^uint64(0), f1, p)
	case useAVX2:
		lastAVX2(h, c, ^uint64(0), f1, p)
	default:
		return false
	}
	return true
}

// haveAsm reports whether blocksAsm has a kernel to run.
func haveAsm() bool { return useBMI2 || useAVX512VL || useAVX2 }

// blocksAsm compresses the blocks of p, at most maxAsm bytes, with the
// first enabled kernel.
func blocksAsm(h *[8]uint64, c *[2]uint64, f0, f1 uint64, p []byte) {
	switch {
	case useBMI2:
		blocksBMI2(h, c, f0, f1, p)
	case useAVX512VL:
		blocksAVX512VL(h, c, f0, f1, p)
	default:
		blocksAVX2(h, c, f0, f1, p)
	}
}
