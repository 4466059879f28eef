//go:build !race

package blake1

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

func TestAllocations(t *testing.T) {
	hashtest.AllImplementations(t, "blake1", func(t *testing.T) {
		msg := make([]byte, 1000)
		for _, v := range variants {
			hashtest.TestAllocs(t, v.new)
			h := v.new()
			hashtest.NoAllocs(t, v.name+" Write", func() { h.Write(msg) })
			out := make([]byte, 0, 512)
			hashtest.NoAllocs(t, v.name+" AppendBinary", func() {
				out, _ = h.(interface{ AppendBinary([]byte) ([]byte, error) }).AppendBinary(out[:0])
			})
		}
		hashtest.NoAllocs(t, "Sum224", func() { _ = Sum224(msg) })
		hashtest.NoAllocs(t, "Sum256", func() { _ = Sum256(msg) })
		hashtest.NoAllocs(t, "Sum384", func() { _ = Sum384(msg) })
		hashtest.NoAllocs(t, "Sum512", func() { _ = Sum512(msg) })
	})
}
