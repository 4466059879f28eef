package k12

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks all five functions with @noble/hashes
// (crosscheck/noble/algs/k12.mjs; M14 with its pinned 1.8.0) over random input lengths (with every
// chunk boundary nearby), domain bytes, customizations and output lengths,
// one-shot and streamed in random pieces, under every kernel.
func TestNoble(t *testing.T) {
	s := hashtest.NewNobleSet(9861)
	lengths := []int{0, 1, 167, 168, 169, 135, 136, 137, 8191, 8192, 8193, 16383, 16384, 16385, 8*8192 + 1}
	for range 40 {
		lengths = append(lengths, s.Rand.IntN(3000))
	}
	for range 10 {
		lengths = append(lengths, s.Rand.IntN(20*8192))
	}
	for _, n := range lengths {
		in, outLen := s.Bytes(n), 1+s.Rand.IntN(400)
		D := byte(1 + s.Rand.IntN(0x7F))
		custom := s.Bytes([]int{0, 0, 1, 7, 300, 8190, 9000}[s.Rand.IntN(7)])
		pieces := s.Rand.Uint64()
		for _, alg := range []string{"TurboSHAKE128", "TurboSHAKE256"} {
			s.Add(alg, map[string]any{"D": D, "outLen": outLen}, in, func() ([]byte, error) {
				return oneShotAndStreamed(alg, in, D, nil, outLen, pieces)
			})
		}
		for _, alg := range []string{"KT128", "KT256", "M14"} {
			s.Add(alg, map[string]any{"C": custom, "outLen": outLen}, in, func() ([]byte, error) {
				return oneShotAndStreamed(alg, in, 0, custom, outLen, pieces)
			})
		}
	}
	s.CheckAll(t, "keccak")
}

// oneShotAndStreamed returns alg's one-shot output, once it has checked
// that writing in in random pieces (from seed) and reading in two gives the
// same.
func oneShotAndStreamed(alg string, in []byte, D byte, custom []byte, outLen int, seed uint64) ([]byte, error) {
	rng := rand.New(rand.NewPCG(seed, 0))
	one := sum(alg, in, D, custom, outLen)
	x := newXOF(alg, D, custom)
	for p := in; len(p) > 0; {
		k := min(len(p), 1+rng.IntN(10000))
		x.Write(p[:k])
		p = p[k:]
	}
	got := make([]byte, outLen)
	k := rng.IntN(outLen + 1)
	x.Read(got[:k])
	x.Read(got[k:])
	if !bytes.Equal(got, one) {
		return nil, errors.New("streaming differs from one-shot")
	}
	return one, nil
}

// TestNobleInvalidDomain checks that noble rejects the domain bytes that
// NewTurboSHAKE128 rejects, and accepts the others.
func TestNobleInvalidDomain(t *testing.T) {
	s := hashtest.NewNobleSet(0)
	for _, D := range []int{0, 1, 0x7F, 0x80, 0xFF} {
		s.AddMayFail("TurboSHAKE128", map[string]any{"D": D, "outLen": 32}, nil, func() ([]byte, error) {
			x, err := NewTurboSHAKE128(byte(D))
			if err != nil {
				return nil, err
			}
			out := make([]byte, 32)
			x.Read(out)
			return out, nil
		})
	}
	s.Check(t)
}
