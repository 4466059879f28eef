package hmac

import (
	"hash"

	"github.com/hashkit/hashkit/internal/sha2"
)

// The SHA-2 fast path: the keyed states of internal/sha2, whose exported
// methods stay hidden behind these hash.Hash types.

// hmac256 is HMAC-SHA-256 or HMAC-SHA-224.
type hmac256 struct{ s sha2.HMAC256 }

func (m *hmac256) Size() int      { return m.s.Size() }
func (m *hmac256) BlockSize() int { return sha2.BlockSize256 }
func (m *hmac256) Reset()         { m.s.Reset() }

func (m *hmac256) Write(p []byte) (int, error) {
	m.s.Write(p)
	return len(p), nil
}

func (m *hmac256) Sum(in []byte) []byte {
	out := m.s.Sum()
	return append(in, out[:m.s.Size()]...)
}

func (m *hmac256) Clone() (hash.Cloner, error) {
	c := *m
	return &c, nil
}

// hmac512 is HMAC with SHA-512, SHA-384, SHA-512/224 or SHA-512/256.
type hmac512 struct{ s sha2.HMAC512 }

func (m *hmac512) Size() int      { return m.s.Size() }
func (m *hmac512) BlockSize() int { return sha2.BlockSize512 }
func (m *hmac512) Reset()         { m.s.Reset() }

func (m *hmac512) Write(p []byte) (int, error) {
	m.s.Write(p)
	return len(p), nil
}

func (m *hmac512) Sum(in []byte) []byte {
	out := m.s.Sum()
	return append(in, out[:m.s.Size()]...)
}

func (m *hmac512) Clone() (hash.Cloner, error) {
	c := *m
	return &c, nil
}
