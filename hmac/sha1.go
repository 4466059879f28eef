package hmac

import (
	"hash"

	"github.com/hashkit/hashkit/internal/sha1"
)

// hmac1 is HMAC-SHA-1 on internal/sha1's keyed state, the SHA-1 fast path.
type hmac1 struct{ s sha1.HMAC }

func (m *hmac1) Size() int      { return sha1.Size }
func (m *hmac1) BlockSize() int { return sha1.BlockSize }
func (m *hmac1) Reset()         { m.s.Reset() }

func (m *hmac1) Write(p []byte) (int, error) {
	m.s.Write(p)
	return len(p), nil
}

func (m *hmac1) Sum(in []byte) []byte {
	out := m.s.Sum()
	return append(in, out[:]...)
}

func (m *hmac1) Clone() (hash.Cloner, error) {
	c := *m
	return &c, nil
}
