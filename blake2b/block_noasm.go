//go:build !amd64 || purego

package blake2b

// blocks compresses the 128-byte blocks of p into h; see blocksGeneric.
func blocks(h *[8]uint64, c *[2]uint64, f0, f1 uint64, p []byte) {
	blocksGeneric(h, c, f0, f1, p)
}
