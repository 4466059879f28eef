// Command blake2s generates the amd64 kernel of the blake2s package: the
// scalar BMI2 compression function (see _asm/internal/blake2gen).
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
	blake2gen.Emit(blake2gen.Kernel{
		Name:   "blocksBMI2",
		Word:   4,
		Rounds: 10,
		Rot:    [4]int{16, 12, 8, 7},
		IV: [8]uint64{
			0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
			0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
		},
	})
	Generate()
}
