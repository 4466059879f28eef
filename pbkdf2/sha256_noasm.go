//go:build !amd64 || purego

package pbkdf2

func (k *key256) iter(blk *[64]byte, u, t *[8]uint32, n int) { k.iterGeneric(blk, u, t, n) }

func (k *key256) has2() bool { return false }

func (k *key256) iter2(u, t *[16]uint32, n int) { panic("hashkit/pbkdf2: no two-block kernel") }
