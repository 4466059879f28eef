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
	a = a + b + mx
	d = bits.RotateLeft32(d^a, -16)
	c = c + d
	b = bits.RotateLeft32(b^c, -12)
	a = a + b + my
	d = bits.RotateLeft32(d^a, -8)
	c = c + d
	b = bits.RotateLeft32(b^c, -7)
	return a, b, c, d
}

// round mixes the columns, then the diagonals, of the 4x4 state.
func round(s *[16]uint32, m *[16]uint32) {
	s[0], s[4], s[8], s[12] = g(s[0], s[4], s[8], s[12], m[0], m[1])
	s[1], s[5], s[9], s[13] = g(s[1], s[5], s[9], s[13], m[2], m[3])
	s[2], s[6], s[10], s[14] = g(s[2], s[6], s[10], s[14], m[4], m[5])
	s[3], s[7], s[11], s[15] = g(s[3], s[7], s[11], s[15], m[6], m[7])
	s[0], s[5], s[10], s[15] = g(s[0], s[5], s[10], s[15], m[8], m[9])
	s[1], s[6], s[11], s[12] = g(s[1], s[6], s[11], s[12], m[10], m[11])
	s[2], s[7], s[8], s[13] = g(s[2], s[7], s[8], s[13], m[12], m[13])
	s[3], s[4], s[9], s[14] = g(s[3], s[4], s[9], s[14], m[14], m[15])
}

// loadWordsLE reads the 16 little-endian message words of a block.
func loadWordsLE(m *[16]uint32, block *[BlockSize]byte) {
	for i := range m {
		m[i] = binary.LittleEndian.Uint32(block[4*i:])
	}
}

// compressGeneric is the compression function: it returns the full 16-word
// state after seven rounds and the final feed-forward (specification,
// section 2.2). The first eight words are the new chaining value; all 16 are
// used for root output.
func compressGeneric(cv *[8]uint32, block *[BlockSize]byte, counter uint64, blockLen, flags uint32) [16]uint32 {
	var m [16]uint32
	loadWordsLE(&m, block)
	s := [16]uint32{
		cv[0], cv[1], cv[2], cv[3], cv[4], cv[5], cv[6], cv[7],
		iv[0], iv[1], iv[2], iv[3],
		uint32(counter), uint32(counter >> 32), blockLen, flags,
	}
	for r := 0; r < 7; r++ {
		round(&s, &m)
		if r < 6 {
			var p [16]uint32
			for i, j := range msgPermutation {
				p[i] = m[j]
			}
			m = p
		}
	}
	for i := range 8 {
		s[i] ^= s[i+8]
		s[i+8] ^= cv[i]
	}
	return s
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
