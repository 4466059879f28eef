package digesttest

import (
	"encoding"
	"hash"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestAllocs checks on every implementation of pkg that hashers from mk
// (hashtest.TestAllocs), the one-shot sum, Write and AppendBinary allocate
// nothing. sum calls the package's Sum and drops the array, which must stay
// off the heap. Callers keep it behind `//go:build !race`.
func TestAllocs(t *testing.T, pkg string, mk func() hash.Hash, sum func([]byte)) {
	hashtest.AllImplementations(t, pkg, func(t *testing.T) {
		hashtest.TestAllocs(t, mk)
		msg := make([]byte, 1000)
		hashtest.NoAllocs(t, "Sum", func() { sum(msg) })
		h := mk()
		hashtest.NoAllocs(t, "Write", func() { h.Write(msg) })
		out := make([]byte, 0, 200)
		hashtest.NoAllocs(t, "AppendBinary", func() { out, _ = h.(encoding.BinaryAppender).AppendBinary(out[:0]) })
	})
}
