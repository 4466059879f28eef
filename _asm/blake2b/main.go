// Command blake2b generates the amd64 kernel of the blake2b package: the
// scalar BMI2 compression function and its final-block variant with AVX-512BW
// masked loads, and the vector kernels with one row of the work vector per
// register (see _asm/internal/blake2gen).
// Declaration: blake2b/block_amd64.go.
package main

//go:generate go run . -out ../../blake2b/block_amd64.s -pkg blake2b

import (
	. "github.com/mmcloughlin/avo/build"

	"github.com/hashkit/hashkit/_asm/internal/blake2gen"
	_ "github.com/hashkit/hashkit/blake2b"
)

func main() {
	Package("github.com/hashkit/hashkit/blake2b")
	ConstraintExpr("!purego")
	k := blake2gen.Kernel{
		Name:   "blocksBMI2",
		Word:   8,
		Rounds: 12,
		Rot:    [4]int{32, 24, 16, 63},
		IV: [8]uint64{
			0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
			0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
		},
	}
	blake2gen.Emit(k)
	// The final block of a one-shot hash, read in place.
	k.Name, k.Last = "lastAVX512", true
	blake2gen.Emit(k)
	// Rows in vector registers, for cores whose vector instructions take
	// one cycle (see blake2b/block_simd_amd64.go).
	k.Name, k.Last = "blocksAVX2", false
	blake2gen.EmitVector(k, blake2gen.AVX2)
	k.Name = "blocksAVX512VL"
	blake2gen.EmitVector(k, blake2gen.AVX512)
	k.Name, k.Last = "lastAVX512VL", true
	blake2gen.EmitVector(k, blake2gen.AVX512)
	k.Name = "lastAVX2"
	blake2gen.EmitVector(k, blake2gen.AVX2)
	Generate()
}
