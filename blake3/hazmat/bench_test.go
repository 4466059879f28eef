package hazmat_test

import (
	"testing"

	"github.com/hashkit/hashkit/blake3"
	"github.com/hashkit/hashkit/internal/hashtest/hazmattest"
)

// BenchmarkPieces hashes 16 MiB as 16 subtrees of 1 MiB on 2 goroutines
// and merges their chaining values (impl=subtrees), beside blake3.Sum256 of
// the same bytes, which takes up to GOMAXPROCS goroutines itself
// (impl=sum256).
func BenchmarkPieces(b *testing.B) {
	const size, piece, workers = 16 << 20, 1 << 20, 2
	in := make([]byte, size)
	for i := range in {
		in[i] = byte(i % 251)
	}
	b.Run("impl=sum256/size=16777216", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			blake3.Sum256(in)
		}
	})
	b.Run("impl=subtrees/size=16777216", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		s := hazmattest.NewSubtrees(size, piece, workers)
		if s.Root(in) != blake3.Sum256(in) {
			b.Fatal("the subtrees' root is not Sum256's")
		}
		for b.Loop() {
			if s.Root(in) == ([32]byte{}) {
				b.Fatal("zero root")
			}
		}
	})
}
