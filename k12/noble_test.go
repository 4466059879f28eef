package k12

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks all five functions with @noble/hashes
// (crosscheck/noble/algs/k12.mjs; M14 with its pinned 1.8.0) over random input lengths (with every
// chunk boundary nearby), domain bytes, customizations and output lengths,
// one-shot and streamed in random pieces.
func TestNoble(t *testing.T) {
	rng := rand.New(rand.NewPCG(9861, 12))
	var cases []hashtest.NobleCase
	lengths := []int{0, 1, 167, 168, 169, 135, 136, 137, 8191, 8192, 8193, 16383, 16384, 16385, 8*8192 + 1}
	for range 40 {
		lengths = append(lengths, rng.IntN(3000))
	}
	for range 10 {
		lengths = append(lengths, rng.IntN(20*8192))
	}
	for _, n := range lengths {
		in := hashtest.RandBytes(uint64(n)^0x12, n)
		outLen := 1 + rng.IntN(400)
		D := byte(1 + rng.IntN(0x7F))
		cLen := []int{0, 0, 1, 7, 300, 8190, 9000}[rng.IntN(7)]
		custom := hashtest.RandBytes(uint64(cLen)+99, cLen)
		for _, alg := range []string{"TurboSHAKE128", "TurboSHAKE256"} {
			cases = append(cases, hashtest.NobleCase{Alg: alg, Params: map[string]any{"D": D, "outLen": outLen}, Input: in})
		}
		for _, alg := range []string{"KT128", "KT256", "M14"} {
			cases = append(cases, hashtest.NobleCase{Alg: alg, Params: map[string]any{"C": hashtest.HexParam(custom), "outLen": outLen}, Input: in})
		}
	}
	want := hashtest.Noble(t, cases) // one node run for every implementation
	hashtest.AllImplementations(t, "keccak", func(t *testing.T) {
		for i, c := range cases {
			outLen := c.Params["outLen"].(int)
			var D byte
			var custom []byte
			if v, ok := c.Params["D"]; ok {
				D = v.(byte)
			} else {
				custom = spec(t, c.Params["C"].(string))
			}
			one := sum(c.Alg, c.Input, D, custom, outLen)
			// Streaming in random pieces must agree.
			x := newXOF(c.Alg, D, custom)
			for p := c.Input; len(p) > 0; {
				k := min(len(p), 1+rng.IntN(10000))
				x.Write(p[:k])
				p = p[k:]
			}
			got := make([]byte, outLen)
			k := rng.IntN(outLen + 1)
			x.Read(got[:k])
			x.Read(got[k:])
			if !bytes.Equal(got, one) {
				t.Fatalf("%s, %d-byte input: streaming differs from one-shot", c.Alg, len(c.Input))
			}
			if !bytes.Equal(one, want[i]) {
				t.Fatalf("%s %v, %d-byte input:\n hashkit %x\n noble   %x", c.Alg, c.Params, len(c.Input), one, want[i])
			}
		}
	})
}

// TestNobleInvalidDomain checks that noble rejects the domain bytes that
// NewTurboSHAKE128 rejects, and accepts the others.
func TestNobleInvalidDomain(t *testing.T) {
	var cases []hashtest.NobleCase
	Ds := []int{0, 1, 0x7F, 0x80, 0xFF}
	for _, D := range Ds {
		cases = append(cases, hashtest.NobleCase{Alg: "TurboSHAKE128", Params: map[string]any{"D": D, "outLen": 32}})
	}
	_, errs := hashtest.NobleResults(t, cases)
	for i, D := range Ds {
		_, err := NewTurboSHAKE128(byte(D))
		if (errs[i] != "") != (err != nil) {
			t.Errorf("D=%#x: noble error %q, ours %v", D, errs[i], err)
		}
	}
}
