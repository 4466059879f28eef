//go:build !purego

package sha2

import "github.com/hashkit/hashkit/internal/cpu"

// The arm64 kernels, hand-written: SHA-256 on the Armv8.0 SHA2
// instructions (SHA256H, SHA256H2, SHA256SU0, SHA256SU1), SHA-512 on the
// Armv8.2 SHA512 ones (SHA512H, SHA512H2, SHA512SU0, SHA512SU1). Both use
// Advanced SIMD moves, adds and byte reversals, so each flag also needs
// ASIMD. useSHA2 also runs the PBKDF2 iteration loops (pbkdf2SHA2,
// pbkdf2x2SHA2) and HMAC-SHA-256's outer hash (outer256SHA2); the HMAC key
// setup and the one-shot finish run their portable code on the block
// kernels (block_noasm.go).
var useSHA2, use512SHA512 bool

func init() {
	cpu.RegisterKernel(cpu.Kernel{Pkg: "sha256", Name: "sha2", Role: cpu.RoleBlock, Flag: &useSHA2,
		Needs: cpu.ARM64SHA2 | cpu.ASIMD, Funcs: []string{"blockSHA2", "pbkdf2SHA2", "pbkdf2x2SHA2", "outer256SHA2"}})
	cpu.RegisterKernel(cpu.Kernel{Pkg: "sha512", Name: "sha512", Role: cpu.RoleBlock, Flag: &use512SHA512,
		Needs: cpu.ARM64SHA512 | cpu.ASIMD, Funcs: []string{"block512SHA512"}})
}

// maxAsmSize bounds the bytes one assembly call hashes: assembly cannot be
// preempted, so long inputs go in pieces.
const maxAsmSize = 64 << 10

//go:noescape
func blockSHA2(h *[8]uint32, p []byte)

//go:noescape
func block512SHA512(h *[8]uint64, p []byte)

//go:noescape
func pbkdf2SHA2(ih, oh, u, t *[8]uint32, n int)

//go:noescape
func pbkdf2x2SHA2(ih, oh *[8]uint32, u, t *[16]uint32, n int)

//go:noescape
func outer256SHA2(oh, h *[8]uint32, out *[32]byte)

func outer256(oh, h *[8]uint32, out *[32]byte) {
	if useSHA2 {
		outer256SHA2(oh, h, out)
		return
	}
	outer256Generic(oh, h, out)
}

func block256(h *[8]uint32, p []byte) {
	if !useSHA2 {
		block256Generic(h, p)
		return
	}
	for len(p) > 0 {
		n := min(len(p), maxAsmSize)
		blockSHA2(h, p[:n])
		p = p[n:]
	}
}

func block512(h *[8]uint64, p []byte) {
	if !use512SHA512 {
		block512Generic(h, p)
		return
	}
	for len(p) > 0 {
		n := min(len(p), maxAsmSize)
		block512SHA512(h, p[:n])
		p = p[n:]
	}
}

func pbkdf2Iter256(ih, oh, u, t *[8]uint32, n int) {
	if !useSHA2 {
		pbkdf2Iter256Generic(ih, oh, u, t, n)
		return
	}
	// 512 iterations hash 64 KiB: the bound of one assembly call.
	for n > 0 {
		k := min(n, maxAsmSize/(2*BlockSize256))
		pbkdf2SHA2(ih, oh, u, t, k)
		n -= k
	}
}

func pbkdf2Iter256x2(ih, oh *[8]uint32, u, t *[16]uint32, n int) {
	if !useSHA2 {
		pbkdf2Iter256x2Generic(ih, oh, u, t, n)
		return
	}
	// 256 iterations of two chains hash 64 KiB.
	for n > 0 {
		k := min(n, maxAsmSize/(4*BlockSize256))
		pbkdf2x2SHA2(ih, oh, u, t, k)
		n -= k
	}
}

// useAsm says whether this build has assembly kernels (for tests).
const useAsm = true
