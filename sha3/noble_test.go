package sha3

import (
	"io"
	"math/rand/v2"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks every function of the package with @noble/hashes
// 2.4.0 (crosscheck/noble/algs/sha3.mjs) over random inputs, customization
// strings, keys, tuples, block sizes and output lengths.
func TestNoble(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 43))
	count := 40
	if testing.Short() {
		count = 8
	}
	randLen := func(max int) int {
		// Favour the edges around the rates (72..168) and small values.
		switch rng.IntN(3) {
		case 0:
			return rng.IntN(10)
		case 1:
			edges := []int{71, 72, 73, 103, 104, 135, 136, 137, 143, 144, 167, 168, 169, 336, 337}
			return min(max, edges[rng.IntN(len(edges))])
		}
		return rng.IntN(max + 1)
	}
	rb := func(n int) []byte { return hashtest.RandBytes(rng.Uint64(), n) }
	var cases []hashtest.NobleCase
	var ours []func() []byte
	add := func(alg string, params map[string]any, in []byte, f func() []byte) {
		cases = append(cases, hashtest.NobleCase{Alg: alg, Params: params, Input: in})
		ours = append(ours, f)
	}
	readN := func(r io.Reader, n int) []byte {
		out := make([]byte, n)
		r.Read(out)
		return out
	}
	for range count {
		in := rb(randLen(700))
		for alg, f := range fixedSum {
			add(alg, nil, in, func() []byte { return f(in) })
		}
		n := randLen(600)
		add("SHAKE128", map[string]any{"dkLen": n}, in, func() []byte { return SumSHAKE128(in, n) })
		add("SHAKE256", map[string]any{"dkLen": n}, in, func() []byte { return SumSHAKE256(in, n) })
		N, S := rb(randLen(200)), rb(randLen(200))
		if rng.IntN(3) == 0 {
			N = nil
		}
		csp := map[string]any{"dkLen": n, "N": hashtest.HexParam(N), "S": hashtest.HexParam(S)}
		add("cSHAKE128", csp, in, func() []byte { x := NewCSHAKE128(N, S); x.Write(in); return readN(x, n) })
		add("cSHAKE256", csp, in, func() []byte { x := NewCSHAKE256(N, S); x.Write(in); return readN(x, n) })
		key := rb(randLen(300))
		kp := map[string]any{"dkLen": n, "key": hashtest.HexParam(key), "S": hashtest.HexParam(S)}
		add("KMAC128", kp, in, func() []byte { k, _ := NewKMAC128(key, S, n); k.Write(in); return k.Sum(nil) })
		add("KMAC256", kp, in, func() []byte { k, _ := NewKMAC256(key, S, n); k.Write(in); return k.Sum(nil) })
		add("KMACXOF128", kp, in, func() []byte { k := NewKMACXOF128(key, S); k.Write(in); return readN(k, n) })
		add("KMACXOF256", kp, in, func() []byte { k := NewKMACXOF256(key, S); k.Write(in); return readN(k, n) })
		var tuple [][]byte
		var tupleHex []string
		for range rng.IntN(6) {
			e := rb(randLen(200))
			tuple = append(tuple, e)
			tupleHex = append(tupleHex, hashtest.HexParam(e))
		}
		tp := map[string]any{"dkLen": n, "S": hashtest.HexParam(S), "tuple": tupleHex}
		add("TupleHash128", tp, nil, func() []byte { o, _ := TupleHash128(tuple, S, n); return o })
		add("TupleHash256", tp, nil, func() []byte { o, _ := TupleHash256(tuple, S, n); return o })
		add("TupleHashXOF128", tp, nil, func() []byte { o, _ := TupleHashXOF128(tuple, S, n); return o })
		add("TupleHashXOF256", tp, nil, func() []byte { o, _ := TupleHashXOF256(tuple, S, n); return o })
		b := 1 + rng.IntN(300)
		big := rb(randLen(3000))
		pp := map[string]any{"dkLen": n, "S": hashtest.HexParam(S), "B": b}
		add("ParallelHash128", pp, big, func() []byte { o, _ := ParallelHash128(big, b, S, n); return o })
		add("ParallelHash256", pp, big, func() []byte { o, _ := ParallelHash256(big, b, S, n); return o })
		add("ParallelHashXOF128", pp, big, func() []byte { o, _ := ParallelHashXOF128(big, b, S, n); return o })
		add("ParallelHashXOF256", pp, big, func() []byte { o, _ := ParallelHashXOF256(big, b, S, n); return o })

		// KeccakPRG: a random program of entropy, reads and forgets.
		capacity := 6 + 8*rng.IntN(99) // 6..790: Forget allowed
		if rng.IntN(4) == 0 {
			capacity = 254
		}
		var ops [][]any
		type op struct {
			kind byte
			seed []byte
			n    int
		}
		var prog []op
		prog = append(prog, op{kind: 'e', seed: rb(1 + rng.IntN(300))})
		for range 1 + rng.IntN(6) {
			switch rng.IntN(4) {
			case 0:
				prog = append(prog, op{kind: 'e', seed: rb(1 + rng.IntN(300))})
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
		add("KeccakPRG", map[string]any{"capacity": capacity, "ops": ops}, nil, func() []byte {
			g, err := NewKeccakPRG(capacity)
			if err != nil {
				return []byte(err.Error())
			}
			var out []byte
			for _, o := range prog {
				switch o.kind {
				case 'e':
					g.AddEntropy(o.seed)
				case 'r':
					out = append(out, readN(g, o.n)...)
				case 'f':
					if err := g.Forget(); err != nil {
						return []byte(err.Error())
					}
				}
			}
			return out
		})
	}
	i := 0
	hashtest.CrossCheck(t, cases, func(hashtest.NobleCase) []byte { i++; return ours[i-1]() })
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
