//go:build !amd64 || purego

package hmac

func outer256(oh, h *[8]uint32, size int, blk *[64]byte) [32]byte {
	return outer256Generic(oh, h, size, blk)
}
