package blake1

import (
	"hash"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks all four variants, unsalted and salted, over
// random lengths (every length 0..300, then longer ones) and random salts.
func TestNoble(t *testing.T) {
	s := hashtest.NewNobleSet(7)
	for i, n := range s.Lengths(301, 199, 5000) {
		v, in := variants[i%len(variants)], s.Bytes(n)
		if i%3 != 1 {
			s.Add(v.name, nil, in, func() ([]byte, error) { return v.sum(in), nil })
			continue
		}
		salt := s.Bytes(v.saltSize)
		s.Add(v.name, map[string]any{"salt": salt}, in, func() ([]byte, error) { return sumSalted(v.newSalt, salt, in) })
	}
	s.Check(t)
}

// TestNobleRejectsBadSalt checks that noble, too, refuses the salt lengths
// we refuse.
func TestNobleRejectsBadSalt(t *testing.T) {
	s := hashtest.NewNobleSet(0)
	for _, v := range variants {
		for _, n := range []int{15, 17, 32 - v.saltSize/2} {
			salt := make([]byte, n)
			if _, err := v.newSalt(salt); err == nil {
				t.Fatalf("%s accepts a %d-byte salt", v.name, n)
			}
			s.AddMayFail(v.name, map[string]any{"salt": salt}, nil, func() ([]byte, error) { return sumSalted(v.newSalt, salt, nil) })
		}
	}
	s.Check(t)
}

func sumSalted(newSalt func([]byte) (hash.Hash, error), salt, in []byte) ([]byte, error) {
	h, err := newSalt(salt)
	if err != nil {
		return nil, err
	}
	h.Write(in)
	return h.Sum(nil), nil
}
