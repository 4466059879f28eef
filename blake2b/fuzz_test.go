package blake2b

import (
	"bytes"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/hashtest/blake2test"
)

// FuzzBlocks compares the compression under every kernel with
// blocksGeneric, on any input, chaining value, counter and flags.
func FuzzBlocks(f *testing.F) {
	f.Add(make([]byte, 3*BlockSize), uint64(1), uint64(0), uint64(0), true, false)
	f.Add(bytes.Repeat([]byte{0xff}, BlockSize), uint64(5), ^uint64(0)-5, uint64(7), false, true)
	f.Add(bytes.Repeat([]byte{0x5a}, 4*BlockSize), uint64(9), ^uint64(0)-2*BlockSize, ^uint64(0), false, false)
	f.Fuzz(func(t *testing.T, in []byte, seed, t0, t1 uint64, final, lastNode bool) {
		var f0, f1 uint64
		if final {
			f0 = ^uint64(0)
		}
		if lastNode {
			f1 = ^uint64(0)
		}
		blake2test.CheckBlocks(t, "blake2b", BlockSize, seed, t0, t1, f0, f1, in, blocks, blocksGeneric)
	})
}

// FuzzSplit checks that writing in, split at two points, equals the one-shot
// sum, keyed and unkeyed, and that the marshaled state resumes correctly.
func FuzzSplit(f *testing.F) {
	f.Add([]byte("hello, world"), uint16(3), uint16(5), []byte(nil), uint8(64))
	f.Add(make([]byte, 600), uint16(128), uint16(256), []byte("key"), uint8(20))
	f.Fuzz(func(t *testing.T, in []byte, i, j uint16, key []byte, size uint8) {
		b2.CheckSplit3(t, in, int(i), int(j), key, int(size), func(b []byte) []byte { s := Sum512(b); return s[:] })
	})
}

// FuzzUnmarshal feeds arbitrary bytes to UnmarshalBinary: it must not panic,
// and an accepted state must marshal back to the same bytes.
func FuzzUnmarshal(f *testing.F) {
	hashtest.FuzzUnmarshal(f, newUnkeyed(Size), make([]byte, 200), state.Magic, "", nil)
}

// FuzzXOF checks that reading the output in pieces of the given sizes
// equals one read, for any output length, and that reads stop at it.
func FuzzXOF(f *testing.F) {
	f.Add(uint32(100), []byte("in"), []byte{1, 63, 64, 65})
	f.Add(uint32(OutputLengthUnknown), []byte(nil), []byte{200, 7})
	f.Fuzz(func(t *testing.T, size uint32, in, steps []byte) {
		b2.CheckXOFPieces(t, int(size), in, steps)
	})
}

// FuzzLastBlock compares the final-block compression (lastBlock, whose
// amd64 kernel reads the tail in place with masked loads) under every
// implementation with lastBlockGeneric.
func FuzzLastBlock(f *testing.F) {
	f.Add(uint64(1), uint64(0), uint64(0), uint64(0), []byte("abc"))
	f.Add(uint64(7), ^uint64(0)-5, ^uint64(0), ^uint64(0), make([]byte, BlockSize))
	f.Fuzz(func(t *testing.T, seed, t0, t1, f1 uint64, p []byte) {
		blake2test.CheckLastBlock(t, "blake2b", BlockSize, seed, t0, t1, f1, p, lastBlock, lastBlockGeneric)
	})
}
