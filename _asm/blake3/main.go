// Command blake3 generates the amd64 kernels of the blake3 package:
// 16-way AVX-512 (any 1 to 16 lanes), 8-way AVX2 and 4-way SSE4.1
// chunk and parent hashing, and 16-way AVX-512 extended output.
// Declarations: blake3/compress_amd64.go.
//
// One block at a time (the last blocks of a chunk, short messages, the
// root) runs either the scalar kernels compressBMI2 and compressCVBMI2, the
// BLAKE2s kernel's rounds with BLAKE3's schedule, start and end
// (_asm/internal/blake2gen): the work vector in general-purpose registers,
// rotations by RORX; or the row kernels of rows.go (compressRows*,
// compressCVRows*, and compressBlocksRows* for the blocks of one chunk in a
// row): the work vector as four XMM rows. One block is bound by the latency
// of the G chain; the rows follow it in one-cycle vector operations where
// the core has them (Intel, Zen 2-4), and lose where vector integer
// operations take two cycles (Zen 5). internal/cpu's dispatch table picks
// between them per CPU.
package main

//go:generate go run . -out ../../blake3/compress_amd64.s -pkg blake3
//go:generate go run . -kernels many -out ../../blake3/many_amd64.s -pkg blake3

import (
	"flag"

	. "github.com/mmcloughlin/avo/build"

	"github.com/hashkit/hashkit/_asm/internal/blake2gen"
	_ "github.com/hashkit/hashkit/blake3"
)

// iv is the BLAKE3 (and SHA-256) initial chaining value.
var iv = [8]uint32{
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
}

// msgPermutation is the permutation of message words between rounds
// (BLAKE3 specification, table 2).
var msgPermutation = [16]int{2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8}

// schedule[r][i] is the index in the original block of message word i of
// round r: the permutation applied r times.
var schedule = func() (s [7][16]int) {
	for i := range 16 {
		s[0][i] = i
	}
	for r := 1; r < 7; r++ {
		for i := range 16 {
			s[r][i] = s[r-1][msgPermutation[i]]
		}
	}
	return s
}()

const (
	flagChunkStart = 1
	flagChunkEnd   = 2
	flagParent     = 4
	flagRoot       = 8
	chunkLen       = 1024
)

// -kernels many writes, to a file of its own, the kernels of the batch
// functions (hashManyAVX512, hashManyAVX512VL, hashManyAVX2 and
// hashManySSE41, declared in blake3/many_amd64.go).
var kernels = flag.String("kernels", "", `"many" for the batch kernel, else the others`)

func main() {
	flag.Parse()
	Package("github.com/hashkit/hashkit/blake3")
	ConstraintExpr("!purego")
	if *kernels == "many" {
		genMany16()
		genManyVL8()
		genNarrow(narrow{lanes: 8, avx: true, many: true})
		genNarrow(narrow{lanes: 4, many: true})
		Generate()
		return
	}
	genWide16(false)
	genWide16(true)
	genWide16Copy()
	genWide16CopyNT()
	genWide16CopyPF()
	genWide8VL()
	genOutput16()
	for _, avx := range []bool{true, false} {
		lanes := map[bool]int{true: 8, false: 4}[avx]
		genNarrow(narrow{lanes: lanes, avx: avx})
		genNarrow(narrow{lanes: lanes, avx: avx, parents: true})
	}
	genNarrow(narrow{lanes: 8, avx: true, copying: true})
	genCopyNT(true)
	genCopyNT(false)
	genCopyNTShift()
	blake2gen.EmitBLAKE3("compressBMI2", iv, schedule[:], blake2gen.BLAKE3Out)
	blake2gen.EmitBLAKE3("compressCVBMI2", iv, schedule[:], blake2gen.BLAKE3CV)
	blake2gen.EmitBLAKE3("sumAVX512", iv, schedule[:], blake2gen.BLAKE3Sum)
	for _, isa := range []rowsISA{rowsAVX512, rowsAVX, rowsSSE41} {
		genRows(isa, false)
		genRows(isa, true)
		genRowsBlocks(isa)
	}
	for _, isa := range []rowsISA{rowsAVX512, rowsAVX, rowsSSE41} {
		genSumRows(isa)
	}
	Generate()
}
