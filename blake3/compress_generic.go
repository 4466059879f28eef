package blake3

import (
	"encoding/binary"
	"math/bits"
)

// The compression function and the portable multi-chunk helpers. Names and
// step order follow the BLAKE3 specification, section 2.2, and the reference
// implementation (reference_impl/reference_impl.rs of BLAKE3-team/BLAKE3).

// iv is the initial chaining value, the same constants as SHA-256's
// (specification, section 2.2).
var iv = [8]uint32{
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
}

// msgPermutation is the fixed permutation applied to the message words
// between rounds (specification, table 2).
var msgPermutation = [16]int{2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8}

// g is the quarter-round mixing function on four state words and two
// message words.
func g(a, b, c, d, mx, my uint32) (uint32, uint32, uint32, uint32) {
	a = a + mx + b
	d = bits.RotateLeft32(d^a, -16)
	c = c + d
	b = bits.RotateLeft32(b^c, -12)
	a = a + my + b
	d = bits.RotateLeft32(d^a, -8)
	c = c + d
	b = bits.RotateLeft32(b^c, -7)
	return a, b, c, d
}

// msgWord returns little-endian message word i of block; with a constant
// i it compiles to one load, so the unrolled rounds take each word straight
// from the block instead of holding 16 more values in registers.
func msgWord(block *[BlockSize]byte, i int) uint32 {
	return binary.LittleEndian.Uint32(block[4*i:])
}

// compressGeneric is the compression function: it returns the full 16-word
// state after seven rounds and the final feed-forward (specification,
// section 2.2). The first eight words are the new chaining value; all 16 are
// used for root output.
//
// The rounds are unrolled with the state in local variables, so the
// compiler keeps them in registers, and the message permutation between
// rounds is applied by indexing: round r reads the word the specification
// reaches by permuting r times. g adds the message word before b, which is
// the last input of each step to be ready. compressReference in the tests
// is the loop form, to which this is compared.
func compressGeneric(cv *[8]uint32, block *[BlockSize]byte, counter uint64, blockLen, flags uint32) [16]uint32 {
	s0, s1, s2, s3, s4, s5, s6, s7 := cv[0], cv[1], cv[2], cv[3], cv[4], cv[5], cv[6], cv[7]
	s8, s9, s10, s11 := iv[0], iv[1], iv[2], iv[3]
	s12, s13, s14, s15 := uint32(counter), uint32(counter>>32), blockLen, flags
	// Round 1.
	s0, s4, s8, s12 = g(s0, s4, s8, s12, msgWord(block, 0), msgWord(block, 1))
	s1, s5, s9, s13 = g(s1, s5, s9, s13, msgWord(block, 2), msgWord(block, 3))
	s2, s6, s10, s14 = g(s2, s6, s10, s14, msgWord(block, 4), msgWord(block, 5))
	s3, s7, s11, s15 = g(s3, s7, s11, s15, msgWord(block, 6), msgWord(block, 7))
	s0, s5, s10, s15 = g(s0, s5, s10, s15, msgWord(block, 8), msgWord(block, 9))
	s1, s6, s11, s12 = g(s1, s6, s11, s12, msgWord(block, 10), msgWord(block, 11))
	s2, s7, s8, s13 = g(s2, s7, s8, s13, msgWord(block, 12), msgWord(block, 13))
	s3, s4, s9, s14 = g(s3, s4, s9, s14, msgWord(block, 14), msgWord(block, 15))
	// Round 2.
	s0, s4, s8, s12 = g(s0, s4, s8, s12, msgWord(block, 2), msgWord(block, 6))
	s1, s5, s9, s13 = g(s1, s5, s9, s13, msgWord(block, 3), msgWord(block, 10))
	s2, s6, s10, s14 = g(s2, s6, s10, s14, msgWord(block, 7), msgWord(block, 0))
	s3, s7, s11, s15 = g(s3, s7, s11, s15, msgWord(block, 4), msgWord(block, 13))
	s0, s5, s10, s15 = g(s0, s5, s10, s15, msgWord(block, 1), msgWord(block, 11))
	s1, s6, s11, s12 = g(s1, s6, s11, s12, msgWord(block, 12), msgWord(block, 5))
	s2, s7, s8, s13 = g(s2, s7, s8, s13, msgWord(block, 9), msgWord(block, 14))
	s3, s4, s9, s14 = g(s3, s4, s9, s14, msgWord(block, 15), msgWord(block, 8))
	// Round 3.
	s0, s4, s8, s12 = g(s0, s4, s8, s12, msgWord(block, 3), msgWord(block, 4))
	s1, s5, s9, s13 = g(s1, s5, s9, s13, msgWord(block, 10), msgWord(block, 12))
	s2, s6, s10, s14 = g(s2, s6, s10, s14, msgWord(block, 13), msgWord(block, 2))
	s3, s7, s11, s15 = g(s3, s7, s11, s15, msgWord(block, 7), msgWord(block, 14))
	s0, s5, s10, s15 = g(s0, s5, s10, s15, msgWord(block, 6), msgWord(block, 5))
	s1, s6, s11, s12 = g(s1, s6, s11, s12, msgWord(block, 9), msgWord(block, 0))
	s2, s7, s8, s13 = g(s2, s7, s8, s13, msgWord(block, 11), msgWord(block, 15))
	s3, s4, s9, s14 = g(s3, s4, s9, s14, msgWord(block, 8), msgWord(block, 1))
	// Round 4.
	s0, s4, s8, s12 = g(s0, s4, s8, s12, msgWord(block, 10), msgWord(block, 7))
	s1, s5, s9, s13 = g(s1, s5, s9, s13, msgWord(block, 12), msgWord(block, 9))
	s2, s6, s10, s14 = g(s2, s6, s10, s14, msgWord(block, 14), msgWord(block, 3))
	s3, s7, s11, s15 = g(s3, s7, s11, s15, msgWord(block, 13), msgWord(block, 15))
	s0, s5, s10, s15 = g(s0, s5, s10, s15, msgWord(block, 4), msgWord(block, 0))
	s1, s6, s11, s12 = g(s1, s6, s11, s12, msgWord(block, 11), msgWord(block, 2))
	s2, s7, s8, s13 = g(s2, s7, s8, s13, msgWord(block, 5), msgWord(block, 8))
	s3, s4, s9, s14 = g(s3, s4, s9, s14, msgWord(block, 1), msgWord(block, 6))
	// Round 5.
	s0, s4, s8, s12 = g(s0, s4, s8, s12, msgWord(block, 12), msgWord(block, 13))
	s1, s5, s9, s13 = g(s1, s5, s9, s13, msgWord(block, 9), msgWord(block, 11))
	s2, s6, s10, s14 = g(s2, s6, s10, s14, msgWord(block, 15), msgWord(block, 10))
	s3, s7, s11, s15 = g(s3, s7, s11, s15, msgWord(block, 14), msgWord(block, 8))
	s0, s5, s10, s15 = g(s0, s5, s10, s15, msgWord(block, 7), msgWord(block, 2))
	s1, s6, s11, s12 = g(s1, s6, s11, s12, msgWord(block, 5), msgWord(block, 3))
	s2, s7, s8, s13 = g(s2, s7, s8, s13, msgWord(block, 0), msgWord(block, 1))
	s3, s4, s9, s14 = g(s3, s4, s9, s14, msgWord(block, 6), msgWord(block, 4))
	// Round 6.
	s0, s4, s8, s12 = g(s0, s4, s8, s12, msgWord(block, 9), msgWord(block, 14))
	s1, s5, s9, s13 = g(s1, s5, s9, s13, msgWord(block, 11), msgWord(block, 5))
	s2, s6, s10, s14 = g(s2, s6, s10, s14, msgWord(block, 8), msgWord(block, 12))
	s3, s7, s11, s15 = g(s3, s7, s11, s15, msgWord(block, 15), msgWord(block, 1))
	s0, s5, s10, s15 = g(s0, s5, s10, s15, msgWord(block, 13), msgWord(block, 3))
	s1, s6, s11, s12 = g(s1, s6, s11, s12, msgWord(block, 0), msgWord(block, 10))
	s2, s7, s8, s13 = g(s2, s7, s8, s13, msgWord(block, 2), msgWord(block, 6))
	s3, s4, s9, s14 = g(s3, s4, s9, s14, msgWord(block, 4), msgWord(block, 7))
	// Round 7.
	s0, s4, s8, s12 = g(s0, s4, s8, s12, msgWord(block, 11), msgWord(block, 15))
	s1, s5, s9, s13 = g(s1, s5, s9, s13, msgWord(block, 5), msgWord(block, 0))
	s2, s6, s10, s14 = g(s2, s6, s10, s14, msgWord(block, 1), msgWord(block, 9))
	s3, s7, s11, s15 = g(s3, s7, s11, s15, msgWord(block, 8), msgWord(block, 6))
	s0, s5, s10, s15 = g(s0, s5, s10, s15, msgWord(block, 14), msgWord(block, 10))
	s1, s6, s11, s12 = g(s1, s6, s11, s12, msgWord(block, 2), msgWord(block, 12))
	s2, s7, s8, s13 = g(s2, s7, s8, s13, msgWord(block, 3), msgWord(block, 4))
	s3, s4, s9, s14 = g(s3, s4, s9, s14, msgWord(block, 7), msgWord(block, 13))
	return [16]uint32{
		s0 ^ s8, s1 ^ s9, s2 ^ s10, s3 ^ s11, s4 ^ s12, s5 ^ s13, s6 ^ s14, s7 ^ s15,
		s8 ^ cv[0], s9 ^ cv[1], s10 ^ cv[2], s11 ^ cv[3], s12 ^ cv[4], s13 ^ cv[5], s14 ^ cv[6], s15 ^ cv[7],
	}
}

// sumBlockGeneric returns the hash of data, at most one block: the first 8
// words of its root output.
func sumBlockGeneric(data []byte) (sum [Size]byte) {
	var block [BlockSize]byte
	copy(block[:], data)
	s := compressGeneric(&iv, &block, 0, uint32(len(data)), flagChunkStart|flagChunkEnd|flagRoot)
	for i := range 8 {
		binary.LittleEndian.PutUint32(sum[4*i:], s[i])
	}
	return sum
}

// compressBlockGeneric replaces cv with the chaining value of one block.
func compressBlockGeneric(cv *[8]uint32, block *[BlockSize]byte, counter uint64, blockLen, flags uint32) {
	s := compressGeneric(cv, block, counter, blockLen, flags)
	copy(cv[:], s[:8])
}

// compressOutGeneric writes the 64 bytes of root output of one block.
func compressOutGeneric(out *[BlockSize]byte, cv *[8]uint32, block *[BlockSize]byte, counter uint64, blockLen, flags uint32) {
	s := compressGeneric(cv, block, counter, blockLen, flags)
	for i, w := range s {
		binary.LittleEndian.PutUint32(out[4*i:], w)
	}
}

// compressBlocksSerial compresses the whole blocks of in (at least one)
// of chunk counter into cv one compressBlock at a time: the first with
// flags|start, the last with flags|end, where start and end are
// CHUNK_START and CHUNK_END or 0. compressBlocks, its dispatch, takes a
// kernel that keeps cv in registers from block to block instead.
func compressBlocksSerial(cv *[8]uint32, in []byte, counter uint64, flags, start, end uint32) {
	for ; len(in) > 0; in = in[BlockSize:] {
		f := flags | start
		start = 0
		if len(in) == BlockSize {
			f |= end
		}
		compressBlock(cv, (*[BlockSize]byte)(in), counter, BlockSize, f)
	}
}

// hashChunksGeneric hashes the whole chunks of in (len(in) a multiple of
// ChunkLen), the first with chunk counter counter, and writes their 32-byte
// chaining values to out in order. None of them is a root.
func hashChunksGeneric(in []byte, key *[8]uint32, counter uint64, flags uint32, out []byte) {
	for len(in) >= chunkLen {
		cv := *key
		for b := 0; b < chunkLen/BlockSize; b++ {
			f := flags
			if b == 0 {
				f |= flagChunkStart
			}
			if b == chunkLen/BlockSize-1 {
				f |= flagChunkEnd
			}
			compressBlockGeneric(&cv, (*[BlockSize]byte)(in[b*BlockSize:]), counter, BlockSize, f)
		}
		putCV(out, &cv)
		in, out, counter = in[chunkLen:], out[cvLen:], counter+1
	}
}

// hashParentsGeneric compresses each 64-byte pair of chaining values in in
// (left child, then right child) into the parent's chaining value, written
// to out in order. None of them is a root.
func hashParentsGeneric(in []byte, key *[8]uint32, flags uint32, out []byte) {
	for len(in) >= BlockSize {
		cv := *key
		compressBlockGeneric(&cv, (*[BlockSize]byte)(in), 0, BlockSize, flags|flagParent)
		putCV(out, &cv)
		in, out = in[BlockSize:], out[cvLen:]
	}
}

// putCV stores a chaining value as 32 little-endian bytes.
func putCV(out []byte, cv *[8]uint32) {
	_ = out[cvLen-1]
	for i, w := range cv {
		binary.LittleEndian.PutUint32(out[4*i:], w)
	}
}

// loadCV reads a chaining value from 32 little-endian bytes.
func loadCV(cv *[8]uint32, in *[cvLen]byte) {
	for i := range cv {
		cv[i] = binary.LittleEndian.Uint32(in[4*i:])
	}
}
