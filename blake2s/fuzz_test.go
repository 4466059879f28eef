package blake2s

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/hashtest/blake2test"
)

// The fuzz targets' bodies are shared with the other BLAKE2 package
// (blake2test); only the kernels and the state format are this package's.

func FuzzBlocks(f *testing.F) { blake2test.FuzzBlocks(f, b2.Pkg, BlockSize, blocks, blocksGeneric) }

func FuzzLastBlock(f *testing.F) {
	blake2test.FuzzLastBlock(f, b2.Pkg, BlockSize, lastBlock, lastBlockGeneric)
}

func FuzzSplit(f *testing.F) { b2.FuzzSplit(f) }

func FuzzXOF(f *testing.F) { b2.FuzzXOF(f) }

// FuzzUnmarshal feeds arbitrary bytes to UnmarshalBinary: it must not panic,
// and an accepted state must marshal back to the same bytes.
func FuzzUnmarshal(f *testing.F) {
	hashtest.FuzzUnmarshal(f, newUnkeyed(Size), make([]byte, 100), state.Magic, "", nil)
}
