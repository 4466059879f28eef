//go:build !purego

package sha1

import "github.com/hashkit/hashkit/internal/cpu"

// blockSHA1 hashes the whole blocks of p with the Armv8.0 SHA1
// instructions (SHA1C, SHA1P, SHA1M, SHA1H, SHA1SU0, SHA1SU1) and Advanced
// SIMD adds and byte reversals. Hand-written.
//
//go:noescape
func blockSHA1(h *[5]uint32, p []byte)

// blockKernel is the block role's dispatch variable: kernelSHA1 where that
// kernel runs, 0 for the portable code.
var blockKernel cpu.KernelID

const kernelSHA1 cpu.KernelID = 1

func init() {
	cpu.RegisterRole("sha1", cpu.RoleBlock, &blockKernel,
		cpu.Kernel{Name: "sha1", ID: kernelSHA1, Needs: cpu.ARM64SHA1 | cpu.ASIMD, Funcs: []string{"blockSHA1", "pbkdf2SHA1", "pbkdf2x2SHA1"}})
}

// block runs on at most preempt.Piece bytes at a time (Write's pieces).
func block(h *[5]uint32, p []byte) {
	if blockKernel == kernelSHA1 {
		blockSHA1(h, p)
	} else {
		blockGeneric(h, p)
	}
}

func finishOneCall(out *[Size]byte, h *[5]uint32, rest []byte, total uint64) bool { return false }

// pbkdf2SHA1 is PBKDF2Iter on the SHA1 instructions, the keyed states, u
// and t in registers throughout. Hand-written.
//
//go:noescape
func pbkdf2SHA1(ih, oh, u, t *[5]uint32, n int)

// pbkdf2x2SHA1 is PBKDF2Iterx2 on the SHA1 instructions, the rounds of the
// two chains interleaved. Hand-written.
//
//go:noescape
func pbkdf2x2SHA1(ih, oh *[5]uint32, u, t *[10]uint32, n int)

// pbkdf2Asm reports whether the block kernel in use has PBKDF2 loops;
// pbkdf2IterAsm and pbkdf2Iterx2Asm run them.
func pbkdf2Asm() bool { return blockKernel == kernelSHA1 }

func pbkdf2IterAsm(ih, oh, u, t *[5]uint32, n int)               { pbkdf2SHA1(ih, oh, u, t, n) }
func pbkdf2Iterx2Asm(ih, oh *[5]uint32, u, t *[10]uint32, n int) { pbkdf2x2SHA1(ih, oh, u, t, n) }
