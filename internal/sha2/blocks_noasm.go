//go:build (!amd64 && !arm64) || purego

package sha2

func block256(h *[8]uint32, p []byte) { block256Generic(h, p) }
func block512(h *[8]uint64, p []byte) { block512Generic(h, p) }

func pbkdf2Iter256(ih, oh, u, t *[8]uint32, n int) { pbkdf2Iter256Generic(ih, oh, u, t, n) }

func pbkdf2Iter256x2(ih, oh *[8]uint32, u, t *[16]uint32, n int) {
	pbkdf2Iter256x2Generic(ih, oh, u, t, n)
}

func outer256(oh, h *[8]uint32, out *[32]byte) { outer256Generic(oh, h, out) }

// useAsm says whether this build has assembly kernels (for tests).
const useAsm = false
