//go:build (!amd64 && !arm64) || purego

package blake2b

// blocks compresses the 128-byte blocks of p into h; see blocksGeneric.
func blocks(h *[8]uint64, c *[2]uint64, f0, f1 uint64, p []byte) {
	blocksGeneric(h, c, f0, f1, p)
}

// lastBlock compresses the final block, the at most BlockSize bytes of p
// with zero padding, into h, adding len(p) to the counter.
func lastBlock(h *[8]uint64, c *[2]uint64, f1 uint64, p []byte) {
	lastBlockGeneric(h, c, f1, p)
}
