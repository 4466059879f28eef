package blake3

import (
	"fmt"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
)

func BenchmarkSum256(b *testing.B) {
	for _, size := range []int{64, 1024, 8192, 65536, 1 << 20} {
		in := make([]byte, size)
		for _, impl := range append(cpu.Impls("blake3"), "generic") {
			b.Run(fmt.Sprintf("impl=%s/size=%d", impl, size), func(b *testing.B) {
				if impl == "generic" {
					impl = ""
				}
				defer cpu.Restore("blake3")
				cpu.Select("blake3", impl)
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
	for _, impl := range append(cpu.Impls("blake3"), "generic") {
		b.Run("impl="+impl, func(b *testing.B) {
			if impl == "generic" {
				impl = ""
			}
			defer cpu.Restore("blake3")
			cpu.Select("blake3", impl)
			for b.Loop() {
				compressBlock(&cv, &block, 0, BlockSize, 0)
			}
		})
	}
}
