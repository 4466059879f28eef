package bench

import (
	"strconv"
	"testing"

	"github.com/hashkit/hashkit/blake3"
	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/k12"
	"github.com/hashkit/hashkit/sha256"
	"github.com/hashkit/hashkit/sha3"
)

// BenchmarkThreshold hashes inputs at half, once and twice the size from
// which each family spreads its work over goroutines, to check on a CPU
// that a second goroutine pays from there on: run it once with -test.cpu 1
// and once with -test.cpu 2 (separate runs, as for BenchmarkBatch) and
// compare; at half the size the two should be equal.
func BenchmarkThreshold(b *testing.B) {
	const kt128First = 8 * 8192
	data := hashtest.RandBytes(3, 4<<20+kt128First)
	out := make([][32]byte, 1<<16)
	for _, f := range []int{1, 2, 4} { // half, once, twice
		// The batch thresholds count a block of padding (and for Keccak one
		// of output) per message: 8192 SHA-256 messages of 64 bytes, 32768
		// BLAKE3 ones, 4520 Keccak ones.
		for _, c := range []struct {
			name string
			n    int
			sum  func(dst [][32]byte, data []byte, msgLen int) error
		}{
			{"sha256", 4096, sha256.SumMany},
			{"blake3", 16384, blake3.SumMany},
			{"keccak256", 2260, sha3.SumManyKeccak256},
		} {
			n := c.n * f
			b.Run("many/"+c.name+"/n="+strconv.Itoa(n), func(b *testing.B) {
				b.SetBytes(int64(64 * n))
				for b.Loop() {
					c.sum(out[:n], data[:64*n], 64)
				}
			})
		}
		// The trees: 2 MiB for BLAKE3 and for 12-round leaves (KT128 hashes
		// its first chunk, which is not a leaf, and the seven leaves after
		// it in one kernel call before the rest, hence its 64 KiB more),
		// 1 MiB for ParallelHash's 24-round ones.
		n := f << 20
		b.Run("tree/blake3/n="+strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(n))
			for b.Loop() {
				blake3.Sum256(data[:n])
			}
		})
		b.Run("tree/kt128/n="+strconv.Itoa(n+kt128First), func(b *testing.B) {
			b.SetBytes(int64(n + kt128First))
			for b.Loop() {
				k12.SumKT128(data[:n+kt128First], nil, 32)
			}
		})
		b.Run("tree/parallelhash128/n="+strconv.Itoa(n/2), func(b *testing.B) {
			b.SetBytes(int64(n / 2))
			for b.Loop() {
				h, _ := sha3.NewParallelHash128(8192, nil, 32)
				h.Write(data[:n/2])
				h.Sum(nil)
			}
		})
	}
}
