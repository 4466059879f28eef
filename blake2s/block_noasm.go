//go:build !amd64 || purego

package blake2s

// blocks compresses the 64-byte blocks of p into h; see blocksGeneric.
func blocks(h *[8]uint32, c *[2]uint32, f0, f1 uint32, p []byte) {
	blocksGeneric(h, c, f0, f1, p)
}
