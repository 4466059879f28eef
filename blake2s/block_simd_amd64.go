//go:build !purego

package blake2s

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
	useSSE41    = cpu.X86.HasSSE2 && cpu.X86.HasSSSE3 && cpu.X86.HasSSE41
)

func init() {
	cpu.Register("blake2s", "avx512vl", &useAVX512VL)
	cpu.Register("blake2s", "sse41", &useSSE41)
}

//go:noescape
func blocksSSE41(h *[8]uint32, c *[2]uint32, f0, f1 uint32, p []byte)

//go:noescape
func blocksAVX512VL(h *[8]uint32, c *[2]uint32, f0, f1 uint32, p []byte)

// lastAVX512VL is lastAVX512 with the rounds of blocksAVX512VL.
//
//go:noescape
func lastAVX512VL(h *[8]uint32, c *[2]uint32, f0, f1 uint32, p []byte)

// lastSSE41 is blocksSSE41 of the final block, the len(p) <= BlockSize
// bytes of p with zero padding, adding len(p) to the counter; it reads no
// byte past p's end.
//
//go:noescape
func lastSSE41(h *[8]uint32, c *[2]uint32, f0, f1 uint32, p []byte)

// lastVector compresses the final block with the vector kernel of
// blocksAsm, if that is the kernel in use, and reports whether it did.
func lastVector(h *[8]uint32, c *[2]uint32, f1 uint32, p []byte) bool {
	switch {
	case useBMI2:
		return false
	case useAVX512VL:
		lastAVX512VL(h, c, ^uint32(0), f1, p)
	case useSSE41:
		lastSSE41(h, c, ^uint32(0), f1, p)
	default:
		return false
	}
	return true
}

// haveAsm reports whether blocksAsm has a kernel to run.
func haveAsm() bool { return useBMI2 || useAVX512VL || useSSE41 }

// blocksAsm compresses the blocks of p, at most maxAsm bytes, with the
// first enabled kernel.
func blocksAsm(h *[8]uint32, c *[2]uint32, f0, f1 uint32, p []byte) {
	switch {
	case useBMI2:
		blocksBMI2(h, c, f0, f1, p)
	case useAVX512VL:
		blocksAVX512VL(h, c, f0, f1, p)
	default:
		blocksSSE41(h, c, f0, f1, p)
	}
}
