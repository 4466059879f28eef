package sha3

import (
	"io"
	"maps"
	"slices"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks every function of the package with @noble/hashes
// 2.4.0 (crosscheck/noble/algs/sha3.mjs) over random inputs, customization
// strings, keys, tuples, block sizes and output lengths.
func TestNoble(t *testing.T) {
	s := hashtest.NewNobleSet(42)
	randLen := func(max int) int {
		// Favour the edges around the rates (72..168) and small values.
		switch s.Rand.IntN(3) {
		case 0:
			return s.Rand.IntN(10)
		case 1:
			edges := []int{71, 72, 73, 103, 104, 135, 136, 137, 143, 144, 167, 168, 169, 336, 337}
			return min(max, edges[s.Rand.IntN(len(edges))])
		}
		return s.Rand.IntN(max + 1)
	}
	rb := func(n int) []byte { return s.Bytes(n) }
	readN := func(r io.Reader, n int) ([]byte, error) {
		out := make([]byte, n)
		_, err := r.Read(out)
		return out, err
	}
	for range s.Count(40, 8) {
		in := rb(randLen(700))
		for _, alg := range slices.Sorted(maps.Keys(fixedSum)) {
			s.Add(alg, nil, in, func() ([]byte, error) { return fixedSum[alg](in), nil })
		}
		n := randLen(600)
		s.Add("SHAKE128", map[string]any{"dkLen": n}, in, func() ([]byte, error) { return SumSHAKE128(in, n), nil })
		s.Add("SHAKE256", map[string]any{"dkLen": n}, in, func() ([]byte, error) { return SumSHAKE256(in, n), nil })
		N, S := rb(randLen(200)), rb(randLen(200))
		if s.Rand.IntN(3) == 0 {
			N = nil
		}
		csp := map[string]any{"dkLen": n, "N": N, "S": S}
		s.Add("cSHAKE128", csp, in, func() ([]byte, error) { x := NewCSHAKE128(N, S); x.Write(in); return readN(x, n) })
		s.Add("cSHAKE256", csp, in, func() ([]byte, error) { x := NewCSHAKE256(N, S); x.Write(in); return readN(x, n) })
		key := rb(randLen(300))
		kp := map[string]any{"dkLen": n, "key": key, "S": S}
		kmac := func(mk func(key, S []byte, n int) (*KMAC, error)) ([]byte, error) {
			k, err := mk(key, S, n)
			if err != nil {
				return nil, err
			}
			k.Write(in)
			return k.Sum(nil), nil
		}
		s.Add("KMAC128", kp, in, func() ([]byte, error) { return kmac(NewKMAC128) })
		s.Add("KMAC256", kp, in, func() ([]byte, error) { return kmac(NewKMAC256) })
		s.Add("KMACXOF128", kp, in, func() ([]byte, error) { k := NewKMACXOF128(key, S); k.Write(in); return readN(k, n) })
		s.Add("KMACXOF256", kp, in, func() ([]byte, error) { k := NewKMACXOF256(key, S); k.Write(in); return readN(k, n) })
		var tuple [][]byte
		for range s.Rand.IntN(6) {
			tuple = append(tuple, rb(randLen(200)))
		}
		tp := map[string]any{"dkLen": n, "S": S, "tuple": tuple}
		s.Add("TupleHash128", tp, nil, func() ([]byte, error) { return TupleHash128(tuple, S, n) })
		s.Add("TupleHash256", tp, nil, func() ([]byte, error) { return TupleHash256(tuple, S, n) })
		s.Add("TupleHashXOF128", tp, nil, func() ([]byte, error) { return TupleHashXOF128(tuple, S, n) })
		s.Add("TupleHashXOF256", tp, nil, func() ([]byte, error) { return TupleHashXOF256(tuple, S, n) })
		b := 1 + s.Rand.IntN(300)
		big := rb(randLen(3000))
		pp := map[string]any{"dkLen": n, "S": S, "B": b}
		s.Add("ParallelHash128", pp, big, func() ([]byte, error) { return ParallelHash128(big, b, S, n) })
		s.Add("ParallelHash256", pp, big, func() ([]byte, error) { return ParallelHash256(big, b, S, n) })
		s.Add("ParallelHashXOF128", pp, big, func() ([]byte, error) { return ParallelHashXOF128(big, b, S, n) })
		s.Add("ParallelHashXOF256", pp, big, func() ([]byte, error) { return ParallelHashXOF256(big, b, S, n) })

		// KeccakPRG: a random program of entropy, reads and forgets.
		capacity := 6 + 8*s.Rand.IntN(99) // 6..790: Forget allowed
		if s.Rand.IntN(4) == 0 {
			capacity = 254
		}
		var ops [][]any
		type op struct {
			kind byte
			seed []byte
			n    int
		}
		var prog []op
		prog = append(prog, op{kind: 'e', seed: rb(1 + s.Rand.IntN(300))})
		for range 1 + s.Rand.IntN(6) {
			switch s.Rand.IntN(4) {
			case 0:
				prog = append(prog, op{kind: 'e', seed: rb(1 + s.Rand.IntN(300))})
			case 1:
				prog = append(prog, op{kind: 'f'})
			default:
				prog = append(prog, op{kind: 'r', n: randLen(500)})
			}
		}
		for _, o := range prog {
			switch o.kind {
			case 'e':
				ops = append(ops, []any{"e", hashtest.HexParam(o.seed)})
			case 'r':
				ops = append(ops, []any{"r", o.n})
			case 'f':
				ops = append(ops, []any{"f"})
			}
		}
		s.Add("KeccakPRG", map[string]any{"capacity": capacity, "ops": ops}, nil, func() ([]byte, error) {
			g, err := NewKeccakPRG(capacity)
			if err != nil {
				return nil, err
			}
			var out []byte
			for _, o := range prog {
				switch o.kind {
				case 'e':
					g.AddEntropy(o.seed)
				case 'r':
					r, err := readN(g, o.n)
					if err != nil {
						return nil, err
					}
					out = append(out, r...)
				case 'f':
					if err := g.Forget(); err != nil {
						return nil, err
					}
				}
			}
			return out, nil
		})
	}
	s.Check(t)
}

// TestNobleKeccakPRGCapacities checks which capacities noble accepts against
// NewKeccakPRG, and Forget's limit.
func TestNobleKeccakPRGCapacities(t *testing.T) {
	var cases []hashtest.NobleCase
	var caps []int
	for c := -2; c <= 1602; c++ {
		if c%8 != 6 && c%40 != 0 && c > 20 && c < 1580 {
			continue // every valid one, and a sample of invalid ones
		}
		caps = append(caps, c)
		cases = append(cases, hashtest.NobleCase{Alg: "KeccakPRG", Params: map[string]any{"capacity": c, "ops": [][]any{{"e", "01"}, {"f"}, {"r", 3}}}})
	}
	_, errs := hashtest.NobleResults(t, cases)
	for i, c := range caps {
		g, err := NewKeccakPRG(c)
		switch {
		case (err == nil) != (errs[i] == "" || errs[i] == "rate is too low to use .forget()"):
			t.Errorf("capacity %d: NewKeccakPRG error %v, noble %q", c, err, errs[i])
		case err == nil:
			g.AddEntropy([]byte{1})
			ferr := g.Forget()
			if (ferr == nil) != (errs[i] == "") {
				t.Errorf("capacity %d: Forget error %v, noble %q", c, ferr, errs[i])
			}
		}
	}
}
