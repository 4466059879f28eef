package bench

import (
	"hash"
	"testing"

	"github.com/hashkit/hashkit/blake1"
	"github.com/hashkit/hashkit/internal/hashtest"
)

// BLAKE (v1.3) has no Go peer in this module; these benchmarks track
// hashkit's own speed.

func BenchmarkBLAKE1(b *testing.B) {
	for _, v := range []struct {
		name string
		mk   func() hash.Hash
	}{{"BLAKE-256", blake1.New256}, {"BLAKE-512", blake1.New512}} {
		b.Run("alg="+v.name, func(b *testing.B) { benchStream(b, "hashkit", v.mk) })
	}
	msg := hashtest.RandBytes(2, 64)
	b.Run("alg=BLAKE-256/impl=hashkit/sum=64", func(b *testing.B) {
		b.SetBytes(64)
		b.ReportAllocs()
		for b.Loop() {
			_ = blake1.Sum256(msg)
		}
	})
}
