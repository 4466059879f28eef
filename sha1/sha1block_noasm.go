//go:build !amd64 || purego

package sha1

func block(d *digest, p []byte) { blockGeneric(d, p) }
