package scrypt

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// BenchmarkBlockMix measures one BlockMix with xor (the second loop of
// ROMix), r=8, per kernel.
func BenchmarkBlockMix(b *testing.B) {
	const r = 8
	in := make([]uint32, 32*r)
	x := make([]uint32, 32*r)
	out := make([]uint32, 32*r)
	for i := range in {
		in[i], x[i] = uint32(i*7), uint32(i*13)
	}
	for _, name := range hashtest.BenchImpls("scrypt") {
		b.Run("impl="+name, func(b *testing.B) {
			hashtest.UseImpl(b, "scrypt", name)
			k := kernel(r)
			b.SetBytes(128 * r)
			for b.Loop() {
				k.mix(out, in, x, r)
			}
		})
	}
}

func BenchmarkDeriveKey(b *testing.B) {
	for _, N := range []int{1 << 10, 1 << 14} {
		for _, name := range hashtest.BenchImpls("scrypt") {
			b.Run(fmt.Sprintf("impl=%s/N=%d", name, N), func(b *testing.B) {
				hashtest.UseImpl(b, "scrypt", name)
				b.ReportAllocs()
				for b.Loop() {
					DeriveKey(context.Background(), []byte("pw"), []byte("salt"), Params{N: N, R: 8, P: 1, KeyLen: 32})
				}
			})
		}
	}
}
