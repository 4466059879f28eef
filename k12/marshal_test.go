package k12

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"hash"
	"os"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestHash runs the hash.Hash conformance checks (Sum gives Size bytes of
// output), which include a marshalling round trip after every prefix
// length and rejection of corrupted states. Its messages stay within one
// chunk, where no multi-state kernel runs, so it runs once (TestXOF and
// TestStreaming cover the kernels); its every-split loop is quadratic, so
// -short keeps only KT128.
func TestHash(t *testing.T) {
	algs := []string{"TurboSHAKE128", "TurboSHAKE256", "KT128", "KT256", "M14"}
	if testing.Short() {
		algs = []string{"KT128"}
	}
	for _, alg := range algs {
		t.Run(alg, func(t *testing.T) {
			hashtest.TestHash(t, func() hash.Hash { return newXOF(alg, 0x0B, []byte("C")).(hash.Hash) })
		})
	}
}

// goldenCase builds a state: alg (with D = 0x1F or customization "golden"),
// written n bytes of ptn, then read r bytes.
type goldenCase struct {
	name string
	alg  string
	n, r int
}

var goldenCases = []goldenCase{
	{"ts128-abs", "TurboSHAKE128", 200, 0},
	{"ts256-read", "TurboSHAKE256", 10, 150},
	{"kt128-first", "KT128", 100, 0},
	{"kt128-tree", "KT128", 3*8192 + 50, 0},
	{"kt128-read", "KT128", 3*8192 + 50, 40},
	{"kt256-tree", "KT256", 2*8192 + 300, 0},
	{"kt256-short-read", "KT256", 5, 3},
	{"m14-tree", "M14", 2*8192 + 300, 0},
	{"m14-read", "M14", 2*8192 + 300, 70},
}

func (g goldenCase) build() hash.XOF {
	x := newXOF(g.alg, 0x1F, []byte("golden"))
	x.Write(ptn(g.n))
	x.Read(make([]byte, g.r))
	return x
}

func goldenStates(t testing.TB) [][]byte {
	var out [][]byte
	for _, g := range goldenCases {
		b, err := g.build().(interface{ MarshalBinary() ([]byte, error) }).MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// TestMarshalGolden keeps the marshalled format stable: the states in
// testdata/marshal-golden.txt (see the comment there) must equal today's
// and resume to the same output.
func TestMarshalGolden(t *testing.T) {
	f, err := os.Open("testdata/marshal-golden.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string][]byte{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		name, h, ok := strings.Cut(sc.Text(), " ")
		if !ok || strings.HasPrefix(name, "#") {
			continue
		}
		b, err := hex.DecodeString(h)
		if err != nil {
			t.Fatal(err)
		}
		want[name] = b
	}
	if os.Getenv("K12_PRINT_GOLDEN") != "" {
		for i, s := range goldenStates(t) {
			t.Logf("%s %x", goldenCases[i].name, s)
		}
	}
	for i, s := range goldenStates(t) {
		g := goldenCases[i]
		if !bytes.Equal(s, want[g.name]) {
			t.Errorf("%s: marshalled state changed:\n got %x\nwant %x", g.name, s, want[g.name])
			continue
		}
		y := newXOF(g.alg, 0x7F, nil)
		if err := y.(interface{ UnmarshalBinary([]byte) error }).UnmarshalBinary(want[g.name]); err != nil {
			t.Fatalf("%s: %v", g.name, err)
		}
		x := g.build()
		a, b := make([]byte, 100), make([]byte, 100)
		x.Read(a)
		y.Read(b)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: resumed state differs", g.name)
		}
	}
}

func TestUnmarshalWrongFunction(t *testing.T) {
	s128, _ := mustTS(NewTurboSHAKE128(1)).MarshalBinary()
	k128, _ := NewKT128(nil).MarshalBinary()
	if mustTS(NewTurboSHAKE256(1)).UnmarshalBinary(s128) == nil {
		t.Error("TurboSHAKE256 accepted a TurboSHAKE128 state")
	}
	if NewKT256(nil).UnmarshalBinary(k128) == nil {
		t.Error("KT256 accepted a KT128 state")
	}
	k256, _ := NewKT256(nil).MarshalBinary()
	m14, _ := NewM14(nil).MarshalBinary()
	if NewM14(nil).UnmarshalBinary(k256) == nil {
		t.Error("M14 accepted a KT256 state")
	}
	if NewKT256(nil).UnmarshalBinary(m14) == nil {
		t.Error("KT256 accepted an M14 state")
	}
	if NewKT128(nil).UnmarshalBinary(s128) == nil {
		t.Error("KT128 accepted a TurboSHAKE128 state")
	}
	bad := bytes.Clone(s128)
	bad[4] = 0x80 // D out of range
	if mustTS(NewTurboSHAKE128(1)).UnmarshalBinary(bad) == nil {
		t.Error("accepted D = 0x80")
	}
}

// TestMarshalTree marshals, clones and Sums at many points of a long
// stream written in uneven pieces (so states hold S_0 only, buffered partial
// and whole chunks, and hashed chunks) and checks that each resumes to the
// same output.
func TestMarshalTree(t *testing.T) {
	msg := hashtest.RandBytes(77, 20*8192+333)
	for _, alg := range []string{"KT128", "KT256", "M14"} {
		want := sum(alg, msg, 0, []byte("C"), 64)
		x := newXOF(alg, 0, []byte("C"))
		for p, step := msg, 0; len(p) > 0; step++ {
			k := min(len(p), []int{5000, 8192, 1, 30000, 777}[step%5])
			x.Write(p[:k])
			p = p[k:]
			st, err := x.(interface{ MarshalBinary() ([]byte, error) }).MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			y := newXOF(alg, 0, nil)
			if err := y.(interface{ UnmarshalBinary([]byte) error }).UnmarshalBinary(st); err != nil {
				t.Fatalf("%s after %d bytes: %v", alg, len(msg)-len(p), err)
			}
			c, _ := x.(hash.Cloner).Clone()
			sumBefore := x.(hash.Hash).Sum(nil)
			y.Write(p)
			c.(hash.XOF).Write(p)
			for i, z := range []hash.XOF{y, c.(hash.XOF)} {
				got := make([]byte, 64)
				z.Read(got)
				if !bytes.Equal(got, want) {
					t.Fatalf("%s: resumed (%d) after %d bytes differs", alg, i, len(msg)-len(p))
				}
			}
			if wantSum := sum(alg, msg[:len(msg)-len(p)], 0, []byte("C"), x.(hash.Hash).Size()); !bytes.Equal(sumBefore, wantSum) {
				t.Fatalf("%s: Sum after %d bytes differs", alg, len(msg)-len(p))
			}
		}
		got := make([]byte, 64)
		x.Read(got)
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: the original differs after the clones", alg)
		}
	}
}
