//go:build (!amd64 && !arm64) || purego

package sha2

func block256(h *[8]uint32, p []byte) { block256Generic(h, p) }
func block512(h *[8]uint64, p []byte) { block512Generic(h, p) }

// There are no PBKDF2 loops in assembly: PBKDF2Iter256 and PBKDF2Iter256x2
// never call pbkdf2Iter256Asm and pbkdf2Iter256x2Asm.
func pbkdf2Asm256() bool { return false }

func pbkdf2Iter256Asm(ih, oh, u, t *[8]uint32, n int)               { panic(noAsm) }
func pbkdf2Iter256x2Asm(ih, oh *[8]uint32, u, t *[16]uint32, n int) { panic(noAsm) }

const noAsm = "sha2: no assembly on this build"

func outer256(oh, h *[8]uint32, out *[32]byte) { outer256Generic(oh, h, out) }

// useAsm says whether this build has assembly kernels (for tests).
const useAsm = false
