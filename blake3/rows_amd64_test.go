//go:build !purego

package blake3

import (
	"fmt"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
)

// BenchmarkPreferRows compares, under the full dispatch, the scalar BMI2
// one-block kernels with the AVX-512 row kernels: the measurement the
// dispatch table's blake3 entries rest on.
func BenchmarkPreferRows(b *testing.B) {
	kernels := map[string][2]string{"bmi2": {"bmi2", "avx512bw"}, "rows": {"avx512rows", "avx512bwrows"}}
	use := func(b *testing.B, name string) {
		k := kernels[name]
		if !cpu.SelectRole("blake3", cpu.RoleSingleBlock, k[0]) || !cpu.SelectRole("blake3", cpu.RoleOneCall, k[1]) {
			b.Skipf("%s kernels not available", name)
		}
		b.Cleanup(func() { cpu.Restore("blake3") })
	}
	for _, size := range []int{64, 1024, 1500, 4096, 1 << 20} {
		in := make([]byte, size)
		for _, name := range []string{"bmi2", "rows"} {
			b.Run(fmt.Sprintf("impl=%s/size=%d", name, size), func(b *testing.B) {
				use(b, name)
				b.SetBytes(int64(size))
				b.ReportAllocs()
				for b.Loop() {
					Sum256(in)
				}
			})
		}
	}
	in := make([]byte, 1<<20)
	for _, piece := range []int{64, 100, 4096} {
		for _, name := range []string{"bmi2", "rows"} {
			b.Run(fmt.Sprintf("impl=%s/pieces=%d", name, piece), func(b *testing.B) {
				use(b, name)
				b.SetBytes(int64(len(in)))
				var h Hasher
				for b.Loop() {
					h.init(&iv, 0)
					for p := in; len(p) > 0; p = p[min(piece, len(p)):] {
						h.Write(p[:min(piece, len(p))])
					}
					h.Sum(nil)
				}
			})
		}
	}
}
