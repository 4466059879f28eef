//go:build !amd64 || purego

package ripemd160

func block(d *digest, p []byte) { blockGeneric(d, p) }
