package hashtest

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// The cross-check against @noble/hashes: crosscheck/noble/index.mjs reads
// cases as JSON lines and answers with noble's output. `npm ci` in that folder
// installs the pinned version; without node or node_modules the tests skip,
// unless HASHKIT_REQUIRE_NOBLE is set (as CI does).

// NobleCase is one input for noble: an algorithm name that one of
// crosscheck/noble/algs/*.mjs defines, its parameters (byte strings as hex,
// see Hex), and the input.
type NobleCase struct {
	Alg    string         `json:"alg"`
	Params map[string]any `json:"params,omitempty"`
	Input  []byte         `json:"-"`
}

// HexParam encodes b for a NobleCase parameter.
func HexParam(b []byte) string { return hex.EncodeToString(b) }

func nobleDir() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		cand := filepath.Join(dir, "crosscheck", "noble")
		if _, err := os.Stat(filepath.Join(cand, "index.mjs")); err == nil {
			return cand
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// NobleResults runs cases through @noble/hashes in one node process and
// returns noble's output or error message for each case, in order.
func NobleResults(t testing.TB, cases []NobleCase) (outs [][]byte, errs []string) {
	t.Helper()
	skip := func(why string) {
		if os.Getenv("HASHKIT_REQUIRE_NOBLE") != "" {
			t.Fatalf("HASHKIT_REQUIRE_NOBLE is set, but %s", why)
		}
		t.Skipf("skipping the @noble/hashes cross-check: %s", why)
	}
	if noSubprocess() {
		skip("HASHKIT_NO_SUBPROCESS is set: node runs in a process of its own")
	}
	dir := nobleDir()
	if dir == "" {
		skip("crosscheck/noble was not found")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@noble", "hashes")); err != nil {
		skip("run `npm ci` in crosscheck/noble first")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		skip("node is not installed")
	}
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	for _, c := range cases {
		if err := enc.Encode(struct {
			NobleCase
			Input string `json:"input"`
		}{c, hex.EncodeToString(c.Input)}); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(node, filepath.Join(dir, "index.mjs"))
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<30)
	for sc.Scan() {
		var r struct {
			Out string `json:"out"`
			Err string `json:"err"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("node answered %q: %v", sc.Text(), err)
		}
		b, err := hex.DecodeString(r.Out)
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, b)
		errs = append(errs, r.Err)
	}
	if len(outs) != len(cases) {
		t.Fatalf("node answered %d of %d cases\n%s", len(outs), len(cases), stderr.String())
	}
	return outs, errs
}

// NobleSet is a cross-check in the making: cases for noble, each with
// hashkit's way to compute it, drawn from a generator that gives the same
// cases on every platform.
type NobleSet struct {
	Rand    *rand.Rand
	cases   []NobleCase
	ours    []func() ([]byte, error)
	mayFail []bool
}

// NewNobleSet returns an empty set whose Rand is seeded with seed.
func NewNobleSet(seed uint64) *NobleSet {
	return &NobleSet{Rand: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// Count returns full, or short under -short: how many random cases to add.
func (s *NobleSet) Count(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}

// Bytes returns n pseudo-random bytes from the set's generator.
func (s *NobleSet) Bytes(n int) []byte { return randBytes(s.Rand, n) }

// Lengths returns the lengths 0 to every-1, then random lengths below max.
func (s *NobleSet) Lengths(every, random, max int) []int {
	l := UpTo(every - 1)
	for range random {
		l = append(l, s.Rand.IntN(max))
	}
	return l
}

// Add adds the case alg(params, in), which noble and ours must both
// compute, to the same bytes. Byte strings in params ([]byte, [][]byte) go
// to noble as hex.
func (s *NobleSet) Add(alg string, params map[string]any, in []byte, ours func() ([]byte, error)) {
	s.add(alg, params, in, ours, false)
}

// AddMayFail adds a case that noble and ours must both reject, or both
// compute to the same bytes: for the limits of parameters.
func (s *NobleSet) AddMayFail(alg string, params map[string]any, in []byte, ours func() ([]byte, error)) {
	s.add(alg, params, in, ours, true)
}

func (s *NobleSet) add(alg string, params map[string]any, in []byte, ours func() ([]byte, error), mayFail bool) {
	var p map[string]any
	if params != nil {
		p = make(map[string]any, len(params))
		for k, v := range params {
			switch v := v.(type) {
			case []byte:
				p[k] = HexParam(v)
			case [][]byte:
				h := make([]string, len(v))
				for i, e := range v {
					h[i] = HexParam(e)
				}
				p[k] = h
			default:
				p[k] = v
			}
		}
	}
	s.cases = append(s.cases, NobleCase{Alg: alg, Params: p, Input: in})
	s.ours = append(s.ours, ours)
	s.mayFail = append(s.mayFail, mayFail)
}

// AddSums adds a case for every length and every one of sums, a one-shot
// hash by noble's name, on random input.
func (s *NobleSet) AddSums(lengths []int, sums map[string]func([]byte) []byte) {
	for _, n := range lengths {
		in := s.Bytes(n)
		for _, alg := range slices.Sorted(maps.Keys(sums)) {
			s.Add(alg, nil, in, func() ([]byte, error) { return sums[alg](in), nil })
		}
	}
}

// AddPerHash calls add n times for each name of hashes, a map of
// constructors by noble's names, in the order of the names: for the
// constructions built on a hash (HMAC, HKDF, PBKDF2).
func (s *NobleSet) AddPerHash(hashes map[string]func() hash.Hash, n int, add func(name string, i int)) {
	for _, name := range slices.Sorted(maps.Keys(hashes)) {
		for i := range n {
			add(name, i)
		}
	}
}

// Check runs the cases through noble, in one node process, and compares
// each answer with ours.
func (s *NobleSet) Check(t *testing.T) {
	t.Helper()
	outs, errs := NobleResults(t, s.cases)
	s.compare(t, outs, errs)
}

// CheckAll is Check under every implementation of pkg (see
// AllImplementations); noble runs once.
func (s *NobleSet) CheckAll(t *testing.T, pkg string) {
	t.Helper()
	outs, errs := NobleResults(t, s.cases)
	AllImplementations(t, pkg, func(t *testing.T) { s.compare(t, outs, errs) })
}

func (s *NobleSet) compare(t *testing.T, outs [][]byte, errs []string) {
	t.Helper()
	for i, c := range s.cases {
		what := fmt.Sprintf("%s %v, %d-byte input", c.Alg, c.Params, len(c.Input))
		if len(c.Input) > 0 {
			what += " " + abbrev(c.Input)
		}
		got, err := s.ours[i]()
		switch {
		case errs[i] != "" && !s.mayFail[i]:
			t.Fatalf("%s: noble rejected it: %s", what, errs[i])
		case errs[i] != "" && err == nil:
			t.Fatalf("%s: noble rejected it (%s), hashkit gave %x", what, errs[i], got)
		case errs[i] == "" && err != nil:
			t.Fatalf("%s: hashkit failed (%v), noble gave %x", what, err, outs[i])
		case err == nil && !bytes.Equal(got, outs[i]):
			t.Fatalf("%s:\n hashkit %x\n noble   %x", what, got, outs[i])
		}
	}
}

func abbrev(b []byte) string {
	if len(b) > 32 {
		return fmt.Sprintf("%x…", b[:32])
	}
	return fmt.Sprintf("%x", b)
}
