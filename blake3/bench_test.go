package blake3

import (
	"fmt"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

func BenchmarkSum256(b *testing.B) {
	for _, size := range []int{64, 1024, 8192, 65536, 1 << 20} {
		in := make([]byte, size)
		for _, impl := range hashtest.BenchImpls("blake3") {
			b.Run(fmt.Sprintf("impl=%s/size=%d", impl, size), func(b *testing.B) {
				hashtest.UseImpl(b, "blake3", impl)
				b.SetBytes(int64(size))
				b.ReportAllocs()
				for b.Loop() {
					Sum256(in)
				}
			})
		}
	}
}

func BenchmarkCompress(b *testing.B) {
	var cv [8]uint32
	var block [BlockSize]byte
	for _, impl := range hashtest.BenchImpls("blake3") {
		b.Run("impl="+impl, func(b *testing.B) {
			hashtest.UseImpl(b, "blake3", impl)
			for b.Loop() {
				compressBlock(&cv, &block, 0, BlockSize, 0)
			}
		})
	}
}

// BenchmarkPieces measures 1 MiB written in pieces of each size, then Sum,
// under each implementation: the Hasher's buffer should keep small pieces
// close to the speed of one large write.
func BenchmarkPieces(b *testing.B) {
	in := make([]byte, 1<<20)
	for _, piece := range []int{64, 1024, 4096, 32768} {
		for _, impl := range hashtest.BenchImpls("blake3") {
			b.Run(fmt.Sprintf("impl=%s/piece=%d", impl, piece), func(b *testing.B) {
				hashtest.UseImpl(b, "blake3", impl)
				b.SetBytes(int64(len(in)))
				b.ReportAllocs()
				var h Hasher
				out := make([]byte, 0, Size)
				for b.Loop() {
					h.init(&iv, 0)
					for p := in; len(p) > 0; p = p[piece:] {
						h.Write(p[:piece])
					}
					out = h.Sum(out[:0])
				}
			})
		}
	}
}
