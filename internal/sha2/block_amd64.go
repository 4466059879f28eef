//go:build !purego

package sha2

// Dispatch to the amd64 kernels. (Kernels are being added; until then the
// portable code runs.)

func block256(h *[8]uint32, p []byte) { block256Generic(h, p) }
func block512(h *[8]uint64, p []byte) { block512Generic(h, p) }
