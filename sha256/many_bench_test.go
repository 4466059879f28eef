package sha256

import (
	"strconv"
	"testing"
)

// BenchmarkSumMany: 4096 messages of each size, against a loop of Sum256.
func BenchmarkSumMany(b *testing.B) {
	for _, size := range []int{32, 64, 100, 256, 1024} {
		const n = 4096
		data := make([]byte, n*size)
		dst := make([][Size]byte, n)
		b.Run("impl=many/size="+strconv.Itoa(size), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				SumMany(dst, data, size)
			}
		})
		b.Run("impl=loop/size="+strconv.Itoa(size), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				for i := range n {
					dst[i] = Sum256(data[i*size : (i+1)*size])
				}
			}
		})
	}
}
