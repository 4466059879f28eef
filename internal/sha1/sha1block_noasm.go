//go:build (!amd64 && !arm64) || purego

package sha1

func block(h *[5]uint32, p []byte) { blockGeneric(h, p) }

func finishOneCall(out *[Size]byte, h *[5]uint32, rest []byte, total uint64) bool { return false }

// There are no PBKDF2 loops in assembly: PBKDF2Iter and PBKDF2Iterx2 never
// call pbkdf2IterAsm and pbkdf2Iterx2Asm.
func pbkdf2Asm() bool { return false }

func pbkdf2IterAsm(ih, oh, u, t *[5]uint32, n int)               { panic(noAsm) }
func pbkdf2Iterx2Asm(ih, oh *[5]uint32, u, t *[10]uint32, n int) { panic(noAsm) }

const noAsm = "sha1: no assembly on this build"
