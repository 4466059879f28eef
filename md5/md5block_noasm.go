//go:build !amd64 || purego

package md5

func block(d *digest, p []byte) { blockGeneric(d, p) }
