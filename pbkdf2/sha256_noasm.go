//go:build !amd64 || purego

package pbkdf2

func (k *key256) iter(blk *[64]byte, u, t *[8]uint32, n int) { k.iterGeneric(blk, u, t, n) }
