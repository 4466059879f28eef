//go:build !purego

package blake3

import (
	"fmt"
	"testing"
)

// BenchmarkPreferRows compares, under the full dispatch, the scalar BMI2
// one-block kernels with the row kernels that preferRows selects: the
// measurement a per-CPU preference for this core would rest on.
func BenchmarkPreferRows(b *testing.B) {
	for _, size := range []int{64, 1024, 1500, 4096, 1 << 20} {
		in := make([]byte, size)
		for _, rows := range []bool{false, true} {
			name := map[bool]string{false: "bmi2", true: "rows"}[rows]
			b.Run(fmt.Sprintf("impl=%s/size=%d", name, size), func(b *testing.B) {
				defer func(old bool) { preferRows = old }(preferRows)
				preferRows = rows
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
		for _, rows := range []bool{false, true} {
			name := map[bool]string{false: "bmi2", true: "rows"}[rows]
			b.Run(fmt.Sprintf("impl=%s/pieces=%d", name, piece), func(b *testing.B) {
				defer func(old bool) { preferRows = old }(preferRows)
				preferRows = rows
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
