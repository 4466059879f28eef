//go:build (!amd64 && !arm64) || purego

package sha2

func finish256OneCall(out *[Size256]byte, h *[8]uint32, rest []byte, total uint64) bool {
	return false
}

func hmacKeys256OneCall(iv *[8]uint32, key []byte, ih, oh *[8]uint32) bool { return false }
