//go:build (!amd64 && !arm64) || purego

package blake3

func sumManyKernel(out, data []byte, n, msgLen int, key *[8]uint32, flags uint32) int { return 0 }
