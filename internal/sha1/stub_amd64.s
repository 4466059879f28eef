//go:build !purego

// Not generated: an assembly file that always exists lets this package, and
// so the generator in _asm/sha1 that imports it, compile while the generated
// assembly is deleted and written again (scripts/regen).
