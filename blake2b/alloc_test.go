//go:build !race

package blake2b

import (
	"hash"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

func TestAllocations(t *testing.T) {
	hashtest.AllImplementations(t, "blake2b", func(t *testing.T) {
		for _, key := range [][]byte{nil, []byte("key")} {
			hashtest.TestAllocs(t, func() hash.Hash { return mustNew(t, 64, key) })
		}
		msg := make([]byte, 1000)
		hashtest.NoAllocs(t, "Sum512", func() { Sum512(msg) })
		hashtest.NoAllocs(t, "Sum384", func() { Sum384(msg) })
		hashtest.NoAllocs(t, "Sum256", func() { Sum256(msg) })
		h := mustNew(t, 64, nil).(*digest)
		buf := make([]byte, 0, marshaledSize)
		hashtest.NoAllocs(t, "AppendBinary", func() { h.AppendBinary(buf[:0]) })
		x, _ := NewXOF(OutputLengthUnknown, nil)
		x.Write(msg)
		out := make([]byte, 200)
		hashtest.NoAllocs(t, "XOF Read", func() { x.Read(out) })
		hashtest.NoAllocs(t, "XOF Reset+Write", func() { x.Reset(); x.Write(msg) })
	})
}

// TestNewAllocs checks that New allocates only the hasher itself.
func TestNewAllocs(t *testing.T) {
	for _, key := range [][]byte{nil, []byte("key")} {
		if n := testing.AllocsPerRun(10, func() { New(64, key) }); n != 1 {
			t.Errorf("New with a %d-byte key allocates %v times; want 1", len(key), n)
		}
	}
	if n := testing.AllocsPerRun(10, func() { NewXOF(100, nil) }); n != 1 {
		t.Errorf("NewXOF allocates %v times; want 1", n)
	}
}
