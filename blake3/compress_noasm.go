//go:build !amd64 || purego

package blake3

func sumBlock(data []byte) [Size]byte {
	return sumBlockGeneric(data)
}

func sumChunkKernel(data []byte, key *[8]uint32, flags uint32, out *[Size]byte) bool { return false }

func copyChunksKernel(dst []byte, dstOffs []int, src []byte, srcOffs []int, key *[8]uint32, counter uint64, flags uint32, out, ntDst, ntSrc, next []byte) (done, copied int) {
	return 0, 0
}

func copyNT(dst, src []byte, fence bool) { copy(dst, src) }

func prefetchStream() bool { return false }

func compressBlock(cv *[8]uint32, block *[BlockSize]byte, counter uint64, blockLen, flags uint32) {
	compressBlockGeneric(cv, block, counter, blockLen, flags)
}

func compressOut(out *[BlockSize]byte, cv *[8]uint32, block *[BlockSize]byte, counter uint64, blockLen, flags uint32) {
	compressOutGeneric(out, cv, block, counter, blockLen, flags)
}

func compressBlocks(cv *[8]uint32, in []byte, counter uint64, flags, start, end uint32) {
	compressBlocksSerial(cv, in, counter, flags, start, end)
}

func outputBlocks(root *node, counter uint64, out []byte) {
	outputBlocksSerial(root, counter, out)
}
