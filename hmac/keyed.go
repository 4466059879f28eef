package hmac

import (
	"hash"

	"github.com/hashkit/hashkit/internal/sha1"
	"github.com/hashkit/hashkit/internal/sha2"
)

// keyed is HMAC on one of the keyed states of internal/sha1 and
// internal/sha2 (HMAC-SHA-1, HMAC-SHA-256/224, HMAC-SHA-512/384/512/t), the
// fast paths, whose exported methods stay hidden behind this hash.Hash. The
// state's methods are reached through the type parameter, an indirect call,
// which costs nothing here: keyed values are only ever used through
// hash.Hash, itself an indirect call that leaks its arguments.
type keyed[S any, P keyedState[S]] struct{ s S }

type keyedState[S any] interface {
	*S
	Size() int
	BlockSize() int
	Reset()
	Write(p []byte)
	AppendSum(b []byte) []byte
}

type (
	hmac1   = keyed[sha1.HMAC, *sha1.HMAC]
	hmac256 = keyed[sha2.HMAC256, *sha2.HMAC256]
	hmac512 = keyed[sha2.HMAC512, *sha2.HMAC512]
)

func (m *keyed[S, P]) Size() int      { return P(&m.s).Size() }
func (m *keyed[S, P]) BlockSize() int { return P(&m.s).BlockSize() }
func (m *keyed[S, P]) Reset()         { P(&m.s).Reset() }

func (m *keyed[S, P]) Write(p []byte) (int, error) {
	P(&m.s).Write(p)
	return len(p), nil
}

func (m *keyed[S, P]) Sum(in []byte) []byte { return P(&m.s).AppendSum(in) }

func (m *keyed[S, P]) Clone() (hash.Cloner, error) {
	c := *m
	return &c, nil
}
