//go:build !amd64 || purego

package blake2s

// blocks compresses the 64-byte blocks of p into h; see blocksGeneric.
func blocks(h *[8]uint32, c *[2]uint32, f0, f1 uint32, p []byte) {
	blocksGeneric(h, c, f0, f1, p)
}

// lastBlock compresses the final block, the at most BlockSize bytes of p
// with zero padding, into h, adding len(p) to the counter.
func lastBlock(h *[8]uint32, c *[2]uint32, f1 uint32, p []byte) {
	lastBlockGeneric(h, c, f1, p)
}
