package hazmat_test

import (
	"sync"
	"testing"

	"github.com/hashkit/hashkit/blake3"
	"github.com/hashkit/hashkit/blake3/hazmat"
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
		cvs := make([]hazmat.ChainingValue, size/piece)
		subs := make([]*hazmat.Subtree, len(cvs))
		for i := range subs {
			subs[i], _ = hazmat.NewSubtree(hazmat.Hash(), uint64(i*piece))
		}
		for b.Loop() {
			var wg sync.WaitGroup
			for w := range workers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := w; i < len(cvs); i += workers {
						subs[i].Reset()
						subs[i].Write(in[i*piece : (i+1)*piece])
						cvs[i], _ = subs[i].ChainingValue()
					}
				}()
			}
			wg.Wait()
			for n := len(cvs); n > 2; n /= 2 {
				for i := range n / 2 {
					cvs[i] = hazmat.MergeNonRoot(cvs[2*i], cvs[2*i+1], hazmat.Hash())
				}
			}
			if hazmat.MergeRoot(cvs[0], cvs[1], hazmat.Hash()) == ([32]byte{}) {
				b.Fatal("zero root")
			}
		}
	})
}
