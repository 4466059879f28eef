//go:build !purego

package argon2

func compress(out, x, y *block, xor bool) { compressGeneric(out, x, y, xor) }
