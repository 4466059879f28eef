package hashtest

import (
	"bytes"
	"hash"
	"slices"
	"testing"
)

// VectorSet selects the cases CheckFixedVectors runs.
type VectorSet int

const (
	// AllVectors is every case, the slow ones only outside -short.
	AllVectors VectorSet = iota
	// QuickVectors is every case not marked slow.
	QuickVectors
	// SlowVectors is only the cases marked slow (GiB-sized inputs); callers
	// skip them under -short.
	SlowVectors
)

// CheckFixedVectors runs the vectors of family in set whose algorithm is a
// key of algs through the hash made by algs[algorithm]: plain cases (input
// streamed) and SHAVS Monte Carlo cases (kind mct-sha2). Cases of a kind in
// skipKinds are left to another test; any other kind fails. It returns how
// many cases ran, so callers can insist on a count.
func CheckFixedVectors(t *testing.T, family string, algs map[string]func() hash.Hash, set VectorSet, skipKinds ...string) int {
	t.Helper()
	n := 0
	for _, c := range Vectors(t, family) {
		mk, ok := algs[c.Algorithm]
		if !ok || slices.Contains(skipKinds, c.Kind) {
			continue
		}
		switch {
		case set == QuickVectors && c.Slow, set == SlowVectors && !c.Slow:
			continue
		case set == AllVectors && c.Slow && testing.Short():
			continue
		}
		switch c.Kind {
		case "":
			h := mk()
			if _, err := c.Input.WriteTo(h); err != nil {
				t.Fatal(err)
			}
			if got := h.Sum(nil); !bytes.Equal(got, c.Expected) {
				t.Fatalf("%s: got %x, want %x", c.ID, got, c.Expected)
			}
		case "mct-sha2":
			monteCarloSHA2(t, c, mk)
		default:
			t.Fatalf("%s: unknown kind %q", c.ID, c.Kind)
		}
		n++
	}
	return n
}

// monteCarloSHA2 is the SHAVS Monte Carlo test (NIST SHAVS section 6.4),
// used for SHA-1 and SHA-2: from a seed, 100 checkpoints, each after 1000
// iterations of MD_i = H(MD_{i-3} || MD_{i-2} || MD_{i-1}). Under -short only
// the first ten checkpoints are checked.
func monteCarloSHA2(t *testing.T, c Case, mk func() hash.Hash) {
	t.Helper()
	seed := c.Input.Materialize()
	h := mk()
	for j, want := range c.Checkpoints {
		md := [3][]byte{seed, seed, seed}
		var mdi []byte
		for range 1000 {
			h.Reset()
			h.Write(md[0])
			h.Write(md[1])
			h.Write(md[2])
			mdi = h.Sum(nil)
			md[0], md[1], md[2] = md[1], md[2], mdi
		}
		if !bytes.Equal(mdi, want) {
			t.Fatalf("%s: checkpoint %d: got %x, want %x", c.ID, j, mdi, want)
		}
		seed = mdi
		if testing.Short() && j == 9 {
			return
		}
	}
}
