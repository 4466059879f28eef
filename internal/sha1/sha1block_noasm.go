//go:build (!amd64 && !arm64) || purego

package sha1

func block(h *[5]uint32, p []byte) { blockGeneric(h, p) }

func finishOneCall(out *[Size]byte, h *[5]uint32, rest []byte, total uint64) bool { return false }

func pbkdf2Iter(ih, oh, u, t *[5]uint32, n int) { pbkdf2IterGeneric(ih, oh, u, t, n) }

func pbkdf2Iterx2(ih, oh *[5]uint32, u, t *[10]uint32, n int) {
	pbkdf2Iterx2Generic(ih, oh, u, t, n)
}
