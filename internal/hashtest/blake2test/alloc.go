package blake2test

import (
	"encoding"
	"hash"
	"maps"
	"slices"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestAllocs checks, on every implementation, that b's hashers, unkeyed and
// keyed (hashtest.TestAllocs), the one-shot sums (by name), AppendBinary,
// and the XOF's Read and Reset+Write allocate nothing; and that newHash (New
// with the given key) and newXOF allocate only the hasher. Callers keep it
// behind `//go:build !race`.
func (b *BLAKE2) TestAllocs(t *testing.T, sums map[string]func([]byte), newHash func(key []byte), newXOF func()) {
	hashtest.AllImplementations(t, b.Pkg, func(t *testing.T) {
		for _, key := range [][]byte{nil, []byte("key")} {
			hashtest.TestAllocs(t, func() hash.Hash { return b.mustNew(t, b.Size, key) })
		}
		msg := make([]byte, 1000)
		for _, name := range slices.Sorted(maps.Keys(sums)) {
			hashtest.NoAllocs(t, name, func() { sums[name](msg) })
		}
		h := b.mustNew(t, b.Size, nil).(encoding.BinaryAppender)
		buf := make([]byte, 0, len(hashtest.Marshal(t, h)))
		hashtest.NoAllocs(t, "AppendBinary", func() { h.AppendBinary(buf[:0]) })
		x := b.mustXOF(t, 0, nil, nil, nil)
		x.Write(msg)
		out := make([]byte, 200)
		hashtest.NoAllocs(t, "XOF Read", func() { x.Read(out) })
		hashtest.NoAllocs(t, "XOF Reset+Write", func() { x.Reset(); x.Write(msg) })
	})
	for _, key := range [][]byte{nil, []byte("key")} {
		if n := testing.AllocsPerRun(10, func() { newHash(key) }); n != 1 {
			t.Errorf("New with a %d-byte key allocates %v times; want 1", len(key), n)
		}
	}
	if n := testing.AllocsPerRun(10, newXOF); n != 1 {
		t.Errorf("NewXOF allocates %v times; want 1", n)
	}
}
