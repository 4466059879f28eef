//go:build !race

package blake3

import (
	"hash"
	"io"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

func TestAllocations(t *testing.T) {
	hashtest.AllImplementations(t, "blake3", func(t *testing.T) {
		hashtest.TestAllocs(t, func() hash.Hash { return New() })
		in := make([]byte, 70*chunkLen+3) // below the parallel threshold
		out := make([]byte, 0, Size)
		xof := make([]byte, 1000)
		h := New()
		hashtest.NoAllocs(t, "Sum256", func() { Sum256(in) })
		hashtest.NoAllocs(t, "Sum256 small", func() { Sum256(in[:100]) })
		hashtest.NoAllocs(t, "Write/Sum", func() { h.Reset(); h.Write(in); out = h.Sum(out[:0]) })
		hashtest.NoAllocs(t, "Read", func() { h.Reset(); h.Write(in[:5]); h.Read(xof) })
		hashtest.NoAllocs(t, "XOF Read and Seek", func() {
			r := h.XOF()
			r.Seek(77, io.SeekStart)
			r.Read(xof)
		})
		hashtest.NoAllocs(t, "DeriveKey", func() { DeriveKey(testContext, in[:64], xof[:32]) })
		st := make([]byte, 0, 512)
		hashtest.NoAllocs(t, "AppendBinary", func() { st, _ = h.AppendBinary(st[:0]) })
		if n := testing.AllocsPerRun(10, func() { _ = New() }); n > 1 {
			t.Errorf("New allocates %v times; want 1", n)
		}
	})
}
