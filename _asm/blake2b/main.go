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
	// The vector kernels are for cores whose vector instructions take one
	// cycle (see blake2b/block_simd_amd64.go).
	blake2gen.EmitFamily(blake2gen.Variant(8), blake2gen.AVX2)
	Generate()
}
