package blake3

// Hashing chunks while copying them: the leaves of a Bao encoding move
// between the input and the encoding (whose parents sit between them), and
// a kernel that stores each block as it loads it for hashing moves them
// for little more than the cost of hashing.

// copyChunks copies, for each k < len(srcOffs), the chunk at srcOffs[k] in
// src to dstOffs[k] in dst, and writes its chaining value, as chunk
// counter+k, to out[k*cvLen:]. The copies must not overlap the chunks
// read. Chunks that lie outside src or dst panic before anything is
// written.
func copyChunks(dst []byte, dstOffs []int, src []byte, srcOffs []int, key *[8]uint32, counter uint64, flags uint32, out []byte) {
	copyChunksNT(dst, dstOffs, src, srcOffs, key, counter, flags, out, nil, nil, nil)
}

// copyChunksNT is copyChunks that also copies ntSrc to ntDst (at least as
// long, overlapping nothing else copied) as copyNT does with fence set,
// and may bring next (the input hashed after) into the cache. The 16-way
// kernel issues the non-temporal stores and the prefetches of next between
// the rounds of the chunks it hashes: with its own input in the cache,
// they then overlap with the hashing, where a copy of their own (after it,
// or between batches), or stores while its loads wait for memory, do not.
func copyChunksNT(dst []byte, dstOffs []int, src []byte, srcOffs []int, key *[8]uint32, counter uint64, flags uint32, out []byte, ntDst, ntSrc, next []byte) {
	n := len(srcOffs)
	_ = dstOffs[:n]
	_ = out[:n*cvLen]
	for k := range n {
		_ = src[srcOffs[k] : srcOffs[k]+chunkLen]
		_ = dst[dstOffs[k] : dstOffs[k]+chunkLen]
	}
	ntDst = ntDst[:len(ntSrc)]
	done, copied := copyChunksKernel(dst, dstOffs[:n], src, srcOffs, key, counter, flags, out, ntDst, ntSrc, next)
	copyChunksSerial(dst, dstOffs[done:n], src, srcOffs[done:], key, counter+uint64(done), flags, out[done*cvLen:])
	copyNT(ntDst[copied:], ntSrc[copied:], true)
}

// ntLinesMax and pfLinesMax are the most lines hashChunksCopyNTAVX512
// copies and prefetches in a call: ntSlots and pfSlots (_asm/blake3) in
// each of a chunk's 16 blocks.
const ntLinesMax, pfLinesMax = 18 * 16, 16 * 16

// copyChunksSerial is copyChunks as copies followed by hashChunks: each
// run of chunks that lie back to back in dst is hashed from there, each
// other run from src. A Bao decoder, which must hand out the bytes it
// verified, copies into contiguous memory (runs of two or more chunks), so
// that what is hashed is its copy, never the source read again; the 16-way
// kernels hash and store the same loads.
func copyChunksSerial(dst []byte, dstOffs []int, src []byte, srcOffs []int, key *[8]uint32, counter uint64, flags uint32, out []byte) {
	for k, off := range srcOffs {
		copy(dst[dstOffs[k]:dstOffs[k]+chunkLen], src[off:off+chunkLen])
	}
	for k := 0; k < len(srcOffs); {
		buf, offs := dst, dstOffs
		j := run(dstOffs, k)
		if j == k+1 {
			buf, offs = src, srcOffs
			j = run(srcOffs, k)
		}
		hashChunks(buf[offs[k]:offs[k]+(j-k)*chunkLen], key, counter+uint64(k), flags, out[k*cvLen:j*cvLen])
		k = j
	}
}

// run returns the end of the run of chunks from offs[k] on that lie back
// to back.
func run(offs []int, k int) int {
	j := k + 1
	for j < len(offs) && offs[j] == offs[j-1]+chunkLen {
		j++
	}
	return j
}
