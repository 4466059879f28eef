//go:build (!amd64 && !arm64) || purego

package sha2

func block256(h *[8]uint32, p []byte) { block256Generic(h, p) }
func block512(h *[8]uint64, p []byte) { block512Generic(h, p) }

// useAsm says whether this build has assembly kernels (for tests).
const useAsm = false
