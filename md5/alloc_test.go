//go:build !race

package md5

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

func TestAllocations(t *testing.T) {
	hashtest.AllImplementations(t, "md5", func(t *testing.T) {
		hashtest.TestAllocs(t, New)
		msg := make([]byte, 1000)
		hashtest.NoAllocs(t, "Sum", func() { _ = Sum(msg) })
		h := New()
		hashtest.NoAllocs(t, "Write", func() { h.Write(msg) })
		out := make([]byte, 0, 200)
		hashtest.NoAllocs(t, "AppendBinary", func() { out, _ = h.(interface{ AppendBinary([]byte) ([]byte, error) }).AppendBinary(out[:0]) })
	})
}
