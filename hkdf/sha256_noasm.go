//go:build !amd64 || purego

package hkdf

func (k *key256) outer(h *[8]uint32, out *[32]byte) { k.outerGeneric(h, out) }
