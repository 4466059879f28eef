//go:build !purego

package argon2

import "github.com/hashkit/hashkit/internal/cpu"

// The kernels (blamka_arm64.s, written by _asm/arm64/argon2), best first:
// sha3 runs the row and column rounds of the BlaMka compression two
// permutations at a time, two words per register, with the permuted rows
// on the stack, each xor-and-rotate of G done by one XAR, an instruction of
// the SHA3 extension (Neoverse V1 and N2, Apple M1 and later; not the
// Neoverse N1); neon is the same code with plain Advanced SIMD rotations.
// blockKernel is the role's dispatch variable, set to the ID of the kernel
// that runs (0: the portable code).
var blockKernel cpu.KernelID

const (
	kernelSHA3 cpu.KernelID = iota + 1
	kernelNEON
)

func init() {
	cpu.RegisterRole("argon2", cpu.RoleBlock, &blockKernel,
		cpu.Kernel{Name: "sha3", ID: kernelSHA3, Needs: cpu.ARM64SHA3 | cpu.ASIMD, Funcs: []string{"compressSHA3", "compressXorSHA3"}},
		cpu.Kernel{Name: "neon", ID: kernelNEON, Needs: cpu.ASIMD, Funcs: []string{"compressNEON", "compressXorNEON"}})
}

//go:noescape
func compressSHA3(out, x, y *block)

//go:noescape
func compressXorSHA3(out, x, y *block)

//go:noescape
func compressNEON(out, x, y *block)

//go:noescape
func compressXorNEON(out, x, y *block)

func compress(out, x, y *block, xor bool) {
	switch blockKernel {
	case kernelSHA3:
		if xor {
			compressXorSHA3(out, x, y)
		} else {
			compressSHA3(out, x, y)
		}
	case kernelNEON:
		if xor {
			compressXorNEON(out, x, y)
		} else {
			compressNEON(out, x, y)
		}
	default:
		compressGeneric(out, x, y, xor)
	}
}

// prefetchBlock is a hint the arm64 build does not give: the prefetching
// was measured only with an amd64 kernel.
func prefetchBlock(b *block) {}

func usePrefetch() bool { return false }

func prefetchAhead() bool { return false }
