//go:build (!amd64 && !arm64) || purego

package keccak

func p1600(a *[25]uint64, rounds int) { p1600Unrolled(a, rounds) }

func p1600Plane0(a *[25]uint64, rounds int) { p1600Unrolled(a, rounds) }

func absorbBlocks(a *[25]uint64, p []byte, rate, rounds int) {
	absorbBlocksGeneric(a, p, rate, rounds)
}
