// Command blake2s generates the amd64 kernel of the blake2s package: the
// scalar BMI2 compression function and its final-block variant with AVX-512BW
// masked loads, and the vector kernels with one row of the work vector per
// register (see _asm/internal/blake2gen).
// Declaration: blake2s/block_amd64.go.
package main

//go:generate go run . -out ../../blake2s/block_amd64.s -pkg blake2s

import (
	. "github.com/mmcloughlin/avo/build"

	"github.com/hashkit/hashkit/_asm/internal/blake2gen"
	_ "github.com/hashkit/hashkit/blake2s"
)

func main() {
	Package("github.com/hashkit/hashkit/blake2s")
	ConstraintExpr("!purego")
	k := blake2gen.Kernel{
		Name:   "blocksBMI2",
		Word:   4,
		Rounds: 10,
		Rot:    [4]int{16, 12, 8, 7},
		IV: [8]uint64{
			0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
			0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
		},
	}
	blake2gen.Emit(k)
	// The final block of a one-shot hash, read in place.
	k.Name, k.Last = "lastAVX512", true
	blake2gen.Emit(k)
	// Rows in vector registers, for cores whose vector instructions take
	// one cycle (see blake2s/block_simd_amd64.go).
	k.Name, k.Last = "blocksSSE41", false
	blake2gen.EmitVector(k, blake2gen.SSE41)
	k.Name = "blocksAVX512VL"
	blake2gen.EmitVector(k, blake2gen.AVX512)
	k.Name, k.Last = "lastAVX512VL", true
	blake2gen.EmitVector(k, blake2gen.AVX512)
	k.Name = "lastSSE41"
	blake2gen.EmitVector(k, blake2gen.SSE41)
	Generate()
}
