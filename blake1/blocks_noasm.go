//go:build !amd64 || purego

package blake1

func blocks256(d *digest256, p []byte) { blocks256Generic(d, p) }
func blocks512(d *digest512, p []byte) { blocks512Generic(d, p) }
