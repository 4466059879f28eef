//go:build !purego

package sha2

import (
	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/preempt"
)

// The arm64 kernels, hand-written: SHA-256 on the Armv8.0 SHA2
// instructions (SHA256H, SHA256H2, SHA256SU0, SHA256SU1), SHA-512 on the
// Armv8.2 SHA512 ones (SHA512H, SHA512H2, SHA512SU0, SHA512SU1). Both use
// Advanced SIMD moves, adds and byte reversals, so each also needs ASIMD.
// sha256/sha2 also runs the PBKDF2 iteration loops (pbkdf2SHA2,
// pbkdf2x2SHA2) and HMAC-SHA-256's outer hash (outer256SHA2). The one-call
// finish of a message and the HMAC key setup (sum256SHA2, hmacKeys256SHA2)
// are a role of their own, as on amd64, so that they can be switched off
// apart from the block loop. Each role has one kernel; its dispatch
// variable holds that kernel's ID where it runs (0: the portable code).
var block256Kernel, oneCall256Kernel, block512Kernel cpu.KernelID

const (
	kernelSHA2 cpu.KernelID = iota + 1
	kernelOneCall
	kernelSHA512
)

func init() {
	cpu.RegisterRole("sha256", cpu.RoleBlock, &block256Kernel,
		cpu.Kernel{Name: "sha2", ID: kernelSHA2, Needs: cpu.ARM64SHA2 | cpu.ASIMD, Funcs: []string{"blockSHA2", "pbkdf2SHA2", "pbkdf2x2SHA2", "outer256SHA2"}})
	// The SHA2 rounds with the tail of the message or the key assembled by
	// TBL (ASIMD) from loads that stay inside it.
	cpu.RegisterRole("sha256", cpu.RoleOneCall, &oneCall256Kernel,
		cpu.Kernel{Name: "onecall", ID: kernelOneCall, Needs: cpu.ARM64SHA2 | cpu.ASIMD, Funcs: []string{"sum256SHA2", "hmacKeys256SHA2"}})
	cpu.RegisterRole("sha512", cpu.RoleBlock, &block512Kernel,
		cpu.Kernel{Name: "sha512", ID: kernelSHA512, Needs: cpu.ARM64SHA512 | cpu.ASIMD, Funcs: []string{"block512SHA512"}})
}

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

//go:noescape
func sum256SHA2(out *[32]byte, h *[8]uint32, p []byte, total uint64)

// finish256OneCall is finish256 in one assembly call (sum256SHA2) when the
// kernel is in use and rest is short enough for one call: it writes the
// hash to out, leaves h unchanged and returns true; otherwise it returns
// false and does nothing.
func finish256OneCall(out *[Size256]byte, h *[8]uint32, rest []byte, total uint64) bool {
	if oneCall256Kernel != kernelOneCall || len(rest) > preempt.Piece {
		return false
	}
	sum256SHA2(out, h, rest, total)
	return true
}

//go:noescape
func hmacKeys256SHA2(iv *[8]uint32, key []byte, ih, oh *[8]uint32)

// hmacKeys256OneCall sets ih and oh to HMAC's keyed chaining values for a
// key of at most one block in one call (hmacKeys256SHA2) and returns true
// when the kernel can run, and false otherwise.
func hmacKeys256OneCall(iv *[8]uint32, key []byte, ih, oh *[8]uint32) bool {
	if oneCall256Kernel != kernelOneCall || len(key) > BlockSize256 {
		return false
	}
	hmacKeys256SHA2(iv, key, ih, oh)
	return true
}

func outer256(oh, h *[8]uint32, out *[32]byte) {
	if block256Kernel == kernelSHA2 {
		outer256SHA2(oh, h, out)
		return
	}
	outer256Generic(oh, h, out)
}

func block256(h *[8]uint32, p []byte) {
	if block256Kernel != kernelSHA2 {
		block256Generic(h, p)
		return
	}
	preempt.Blocks(len(p), BlockSize256, func(i, j int) { blockSHA2(h, p[i:j]) })
}

func block512(h *[8]uint64, p []byte) {
	if block512Kernel != kernelSHA512 {
		block512Generic(h, p)
		return
	}
	preempt.Blocks(len(p), BlockSize512, func(i, j int) { block512SHA512(h, p[i:j]) })
}

// pbkdf2Asm256 reports whether the block kernel in use has PBKDF2 loops;
// pbkdf2Iter256Asm and pbkdf2Iter256x2Asm run them.
func pbkdf2Asm256() bool { return block256Kernel == kernelSHA2 }

func pbkdf2Iter256Asm(ih, oh, u, t *[8]uint32, n int)               { pbkdf2SHA2(ih, oh, u, t, n) }
func pbkdf2Iter256x2Asm(ih, oh *[8]uint32, u, t *[16]uint32, n int) { pbkdf2x2SHA2(ih, oh, u, t, n) }

// useAsm says whether this build has assembly kernels (for tests).
const useAsm = true
