//go:build !purego

package argon2

import "github.com/hashkit/hashkit/internal/cpu"

// The kernels (blamka_arm64.s, written by _asm/arm64/argon2): neon runs the
// row and column rounds of the BlaMka compression two permutations at a
// time, two words per register, with the permuted rows on the stack; sha3
// is the same code with each xor-and-rotate of G done by one XAR, an
// instruction of the SHA3 extension (Neoverse V1 and N2, Apple M1 and
// later; not the Neoverse N1).
var useSHA3, useNEON bool

func init() {
	cpu.RegisterKernel(cpu.Kernel{Pkg: "argon2", Name: "sha3", Role: cpu.RoleBlock, Flag: &useSHA3,
		Needs: cpu.ARM64SHA3 | cpu.ASIMD, Funcs: []string{"compressSHA3", "compressXorSHA3"}})
	cpu.RegisterKernel(cpu.Kernel{Pkg: "argon2", Name: "neon", Role: cpu.RoleBlock, Flag: &useNEON,
		Needs: cpu.ASIMD, Funcs: []string{"compressNEON", "compressXorNEON"}})
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
	switch {
	case useSHA3 && xor:
		compressXorSHA3(out, x, y)
	case useSHA3:
		compressSHA3(out, x, y)
	case useNEON && xor:
		compressXorNEON(out, x, y)
	case useNEON:
		compressNEON(out, x, y)
	default:
		compressGeneric(out, x, y, xor)
	}
}

// prefetchBlock is a hint the arm64 build does not give: the prefetching
// was measured only with an amd64 kernel.
func prefetchBlock(b *block) {}

const usePrefetch = false

func prefetchAhead() bool { return false }
