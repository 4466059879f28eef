//go:build (!amd64 && !arm64) || purego

package argon2

func compress(out, x, y *block, xor bool) { compressGeneric(out, x, y, xor) }

// prefetchBlock is a hint; the portable code has no way to give it.
func prefetchBlock(b *block) {}

func usePrefetch() bool { return false }

func prefetchAhead() bool { return false }
