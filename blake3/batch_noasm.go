//go:build (!amd64 && !arm64) || purego

package blake3

func hashChunks(in []byte, key *[8]uint32, counter uint64, flags uint32, out []byte) {
	hashChunksGeneric(in, key, counter, flags, out)
}

func hashParents(in []byte, key *[8]uint32, flags uint32, out []byte) {
	hashParentsGeneric(in, key, flags, out)
}
