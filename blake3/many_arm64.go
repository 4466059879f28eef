//go:build !purego

package blake3

import (
	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/preempt"
)

// The batch functions hash four messages at a time on hash4NEON, through
// its second name hashMany4NEON: blake3's "manyneon" of role many, as on
// amd64. manyKernel holds its ID where it runs (0: the portable code).
var manyKernel cpu.KernelID

const kernelManyNEON cpu.KernelID = 1

func init() {
	cpu.RegisterRole("blake3", cpu.RoleMany, &manyKernel,
		cpu.Kernel{Name: "manyneon", ID: kernelManyNEON, Needs: cpu.ASIMD, Funcs: []string{"hashMany4NEON"}})
}

//go:noescape
func hashMany4NEON(in *byte, stride, blocks int, last *byte, lastStride int, lastLen uint32, key *[8]uint32, counter, inc uint64, flags, start, end uint32, out *[4 * cvLen]byte)

// sumManyKernel hashes the n inputs of msgLen bytes (at most a chunk),
// four at a time, and returns how many it did. Each message is one chunk
// and the root: counter 0, CHUNK_START on its first block, CHUNK_END and
// ROOT on its last, whose chaining value is the hash.
func sumManyKernel(out, data []byte, n, msgLen int, key *[8]uint32, flags uint32) int {
	if manyKernel != kernelManyNEON {
		return 0
	}
	blocks, lastLen := lastBlock(msgLen)
	// Last blocks shorter than 64 bytes are copied here, zero-padded; each
	// copy overwrites the same bytes, so the padding stays zero.
	var pad [4 * BlockSize]byte
	var pc preempt.Counter // a preemption point per preempt.Piece
	done := 0
	for ; n-done >= 4; done += 4 {
		in := data[done*msgLen : (done+4)*msgLen]
		first, last, lastStride := &pad[0], &pad[0], BlockSize
		if blocks > 0 {
			first = &in[0]
		}
		if lastLen == BlockSize {
			last, lastStride = &in[blocks*BlockSize], msgLen
		} else {
			for j := range 4 {
				copy(pad[j*BlockSize:], in[j*msgLen+blocks*BlockSize:(j+1)*msgLen])
			}
		}
		hashMany4NEON(first, msgLen, blocks, last, lastStride, uint32(lastLen), key, 0, 0, flags, flagChunkStart, flagChunkEnd|flagRoot, (*[4 * cvLen]byte)(out[done*Size:]))
		pc.Add(4 * msgLen)
	}
	return done
}
