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
	// The vector kernels are for cores whose vector instructions take one
	// cycle (see blake2s/block_simd_amd64.go).
	blake2gen.EmitFamily(blake2gen.Variant(4), blake2gen.SSE41)
	Generate()
}
