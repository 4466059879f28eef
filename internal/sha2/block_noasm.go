//go:build !amd64 || purego

package sha2

func pbkdf2Iter256(ih, oh, u, t *[8]uint32, n int) { pbkdf2Iter256Generic(ih, oh, u, t, n) }

func pbkdf2Iter256x2(ih, oh *[8]uint32, u, t *[16]uint32, n int) {
	pbkdf2Iter256x2Generic(ih, oh, u, t, n)
}

func outer256(oh, h *[8]uint32, out *[32]byte) { outer256Generic(oh, h, out) }

func finish256OneCall(out *[Size256]byte, h *[8]uint32, rest []byte, total uint64) bool {
	return false
}

func hmacKeys256OneCall(iv *[8]uint32, key []byte, ih, oh *[8]uint32) bool { return false }
