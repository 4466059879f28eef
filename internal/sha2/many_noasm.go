//go:build !amd64 || purego

package sha2

func sumMany256(iv *[8]uint32, out, data []byte, n, msgLen int) {
	sumMany256Generic(iv, out, data, n, msgLen)
}
