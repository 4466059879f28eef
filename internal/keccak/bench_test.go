package keccak

import (
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
)

// BenchmarkP1600 times one Keccak-f[1600] with each kernel and the two
// portable versions (bytes = the 200-byte state).
func BenchmarkP1600(b *testing.B) {
	var a [25]uint64
	run := func(name string, f func()) {
		b.Run("impl="+name, func(b *testing.B) {
			b.SetBytes(200)
			b.ReportAllocs()
			for b.Loop() {
				f()
			}
		})
	}
	for _, name := range cpu.Impls("keccak") {
		if name != "avx512" && name != "bmi2" {
			continue // the others are multi-state kernels
		}
		cpu.Select("keccak", name)
		run(name, func() { P1600(&a, 24) })
	}
	cpu.Restore("keccak")
	run("unrolled", func() { p1600Unrolled(&a, 24) })
	run("generic", func() { p1600Generic(&a, 24) })
}
