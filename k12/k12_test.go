package k12

import (
	"bytes"
	"encoding"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/keccak"
)

// TurboSHAKE and KT are XOFs that clone and marshal their state.
var _, _ interface {
	hash.XOF
	hash.Cloner
	encoding.BinaryMarshaler
	encoding.BinaryAppender
	encoding.BinaryUnmarshaler
} = (*TurboSHAKE)(nil), (*KT)(nil)

// ptn returns RFC 9861's ptn(n): n bytes i mod 251.
func ptn(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i % 251)
	}
	return b
}

// spec decodes the byte strings of the rfc9861 table.
func spec(t testing.TB, s string) []byte {
	if n, ok := strings.CutPrefix(s, "ptn:"); ok {
		v, err := strconv.Atoi(n)
		if err != nil {
			t.Fatal(err)
		}
		return ptn(v)
	}
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// sum computes alg (TurboSHAKE128/256, KT128/256) one-shot.
func sum(alg string, msg []byte, D byte, custom []byte, outLen int) []byte {
	switch alg {
	case "TurboSHAKE128":
		return SumTurboSHAKE128(msg, D, outLen)
	case "TurboSHAKE256":
		return SumTurboSHAKE256(msg, D, outLen)
	case "KT128":
		return SumKT128(msg, custom, outLen)
	case "KT256":
		return SumKT256(msg, custom, outLen)
	case "M14":
		return SumM14(msg, custom, outLen)
	}
	panic("unknown algorithm " + alg)
}

// newXOF returns the streaming form of alg.
func newXOF(alg string, D byte, custom []byte) hash.XOF {
	var x hash.XOF
	var err error
	switch alg {
	case "TurboSHAKE128":
		x, err = NewTurboSHAKE128(D)
	case "TurboSHAKE256":
		x, err = NewTurboSHAKE256(D)
	case "KT128":
		x = NewKT128(custom)
	case "KT256":
		x = NewKT256(custom)
	case "M14":
		x = NewM14(custom)
	default:
		panic("unknown algorithm " + alg)
	}
	if err != nil {
		panic(err)
	}
	return x
}

func TestRFC9861(t *testing.T) {
	hashtest.AllImplementations(t, "keccak", func(t *testing.T) {
		for i, c := range rfc9861 {
			msg, custom := spec(t, c.msg), spec(t, c.custom)
			if testing.Short() && len(msg) > 100000 {
				continue
			}
			want, _ := hex.DecodeString(c.want)
			got := sum(c.alg, msg, c.D, custom, c.outLen)[c.offset:]
			if !bytes.Equal(got, want) {
				t.Errorf("%d: %s(ptn/hex %q, D=%#x, C %q) = %x, want %x", i, c.alg, c.msg, c.D, c.custom, got, want)
			}
			// The same through the streaming API, in 7919-byte writes and
			// 1000-byte reads.
			x := newXOF(c.alg, c.D, custom)
			for p := msg; len(p) > 0; {
				k := min(len(p), 7919)
				x.Write(p[:k])
				p = p[k:]
			}
			out := make([]byte, c.outLen)
			for o := out; len(o) > 0; {
				k := min(len(o), 1000)
				x.Read(o[:k])
				o = o[k:]
			}
			if !bytes.Equal(out[c.offset:], want) {
				t.Errorf("%d: %s streaming differs", i, c.alg)
			}
		}
	})
}

// TestLeafCounts compares KT128 and KT256 of messages of 0 to 20 whole
// leaves after the first chunk (and a partial one) on every kernel with the
// portable code's result: each remainder of each multi-state kernel's width.
func TestLeafCounts(t *testing.T) {
	const chunk = 8192
	msg := hashtest.RandBytes(13, 21*chunk+100)
	lengths := []int{0, chunk}
	for n := 1; n <= 20; n++ {
		lengths = append(lengths, (n+1)*chunk, (n+1)*chunk+100)
	}
	want := map[string][][]byte{}
	cpu.Select("keccak", "")
	for _, alg := range []string{"KT128", "KT256"} {
		for _, l := range lengths {
			want[alg] = append(want[alg], sum(alg, msg[:l], 0, []byte("c"), 64))
		}
	}
	cpu.Restore("keccak")
	hashtest.AllImplementations(t, "keccak", func(t *testing.T) {
		for alg, w := range want {
			for i, l := range lengths {
				if got := sum(alg, msg[:l], 0, []byte("c"), 64); !bytes.Equal(got, w[i]) {
					t.Fatalf("%s of %d bytes: differs from the portable code", alg, l)
				}
			}
		}
	})
}

// TestVectors runs every vector of ../shared/vectors/k12.json.gz: RFC 9861
// section 5 and the @noble/hashes KT128 set.
func TestVectors(t *testing.T) {
	cases := hashtest.Vectors(t, "k12")
	hashtest.AllImplementations(t, "keccak", func(t *testing.T) {
		count := 0
		for _, c := range cases {
			if c.Slow && testing.Short() {
				continue
			}
			if testing.Short() && c.Input.Len() > 100000 {
				continue // ptn(17^5) and ptn(17^6): without -short only
			}
			var D byte
			if c.Has("D") {
				D = byte(c.Int("D"))
			}
			got := sum(c.Algorithm, c.Input.Materialize(), D, c.Bytes("C"), c.OutLen)
			if !bytes.Equal(got[c.ExpectedOffset:], c.Expected) {
				t.Errorf("%s: got %x, want %x", c.ID, got[c.ExpectedOffset:], c.Expected)
			}
			count++
		}
		if count == 0 {
			t.Fatal("no vector ran")
		}
		t.Logf("%d of %d vectors", count, len(cases))
	})
}

func TestInvalidDomain(t *testing.T) {
	for _, D := range []byte{0x00, 0x80, 0x81, 0xFF} {
		if x, err := NewTurboSHAKE128(D); err == nil || x != nil {
			t.Errorf("NewTurboSHAKE128(%#x) = %v, %v; want an error", D, x, err)
		}
		if x, err := NewTurboSHAKE256(D); err == nil || x != nil {
			t.Errorf("NewTurboSHAKE256(%#x) = %v, %v; want an error", D, x, err)
		}
		for _, f := range []func(){
			func() { SumTurboSHAKE128(nil, D, 32) },
			func() { SumTurboSHAKE256(nil, D, 32) },
		} {
			func() {
				defer func() {
					if recover() == nil {
						t.Errorf("SumTurboSHAKE with D=%#x did not panic", D)
					}
				}()
				f()
			}()
		}
	}
	for _, D := range []byte{0x01, 0x1F, 0x7F} {
		if _, err := NewTurboSHAKE128(D); err != nil {
			t.Errorf("NewTurboSHAKE128(%#x): %v", D, err)
		}
	}
	for _, f := range []func(){
		func() { SumKT128(nil, nil, -1) },
		func() { SumKT256(nil, nil, -1) },
		func() { SumTurboSHAKE128(nil, 1, -1) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("negative length did not panic")
				}
			}()
			f()
		}()
	}
}

// TestLengthEncode checks the examples of RFC 9861 section 3.3.
func TestLengthEncode(t *testing.T) {
	for _, c := range []struct {
		x    uint64
		want string
	}{
		{0, "00"}, {12, "0c01"}, {65538, "01000203"}, {255, "ff01"}, {256, "010002"},
		{1<<64 - 1, "ffffffffffffffff08"},
	} {
		var buf [9]byte
		if got := hex.EncodeToString(lengthEncode(&buf, c.x)); got != c.want {
			t.Errorf("length_encode(%d) = %s, want %s", c.x, got, c.want)
		}
	}
}

func TestXOF(t *testing.T) {
	hashtest.AllImplementations(t, "keccak", func(t *testing.T) {
		for _, alg := range []string{"TurboSHAKE128", "TurboSHAKE256", "KT128", "KT256", "M14"} {
			for _, custom := range []string{"", "customization"} {
				if custom != "" && strings.HasPrefix(alg, "TurboSHAKE") {
					continue
				}
				t.Run(alg+"/"+custom, func(t *testing.T) {
					hashtest.TestXOF(t, func() hash.XOF { return newXOF(alg, 0x1F, []byte(custom)) })
				})
			}
		}
	})
}

// TestStreaming writes messages around the chunk boundaries in pieces of
// several sizes that straddle them (as circl's xof/k12 tests do with 7919,
// 1024 and 8192) and compares with the one-shot result; it also reads the
// output in uneven pieces.
func TestStreaming(t *testing.T) {
	lengths := []int{0, 1, 8191, 8192, 8193, 8192 + 8191, 2 * 8192, 2*8192 + 1, 9*8192 - 3, 9 * 8192, 9*8192 + 5, 17*8192 + 100}
	if !testing.Short() {
		lengths = append(lengths, 65*8192+1, 200*8192+777)
	}
	hashtest.AllImplementations(t, "keccak", func(t *testing.T) {
		for _, alg := range []string{"KT128", "KT256", "M14"} {
			for _, n := range lengths {
				msg := hashtest.RandBytes(uint64(n), n)
				custom := []byte("straddle")
				want := sum(alg, msg, 0, custom, 100)
				for _, step := range []int{7919, 1024, 8192, 1, 8193, 65536, 3 * 8192} {
					if step == 1 && n > 3*8192 {
						continue
					}
					x := newXOF(alg, 0, custom)
					for p := msg; len(p) > 0; {
						k := min(len(p), step)
						x.Write(p[:k])
						p = p[k:]
					}
					got := make([]byte, 100)
					x.Read(got[:33])
					x.Read(got[33:34])
					x.Read(got[34:])
					if !bytes.Equal(got, want) {
						t.Fatalf("%s, %d bytes in writes of %d: %x, want %x", alg, n, step, got, want)
					}
				}
			}
		}
	})
}

// TestTreeBoundaries checks the switch between a single node and a tree:
// |S| = |M| + |C| + |length_encode(|C|)| around 8192, computed in a
// different way (a direct transcription of RFC 9861 section 3.2 over the
// whole S in memory, with TurboSHAKE from this package).
func TestTreeBoundaries(t *testing.T) {
	for _, alg := range []string{"KT128", "KT256", "M14"} {
		for _, cLen := range []int{0, 1, 300} {
			custom := hashtest.RandBytes(uint64(cLen)+7, cLen)
			for _, n := range []int{8192 - 2 - cLen, 8192 - 1 - cLen, 8192 - cLen, 2*8192 - 3 - cLen, 2*8192 - 2 - cLen, 3*8192 - 1 - cLen, 3 * 8192} {
				if n < 0 {
					continue
				}
				msg := hashtest.RandBytes(uint64(n), n)
				if got, want := sum(alg, msg, 0, custom, 64), ktDirect(alg, msg, custom, 64); !bytes.Equal(got, want) {
					t.Errorf("%s, |M| = %d, |C| = %d: %x, want %x", alg, n, cLen, got, want)
				}
			}
		}
	}
}

// ktDirect is RFC 9861 section 3.2 written out over the whole input string;
// for M14 the same tree over KT256's sponge with 14 rounds.
func ktDirect(alg string, msg, custom []byte, outLen int) []byte {
	ts, cv := SumTurboSHAKE128, 32
	switch alg {
	case "KT256":
		ts, cv = SumTurboSHAKE256, 64
	case "M14":
		ts = func(data []byte, D byte, n int) []byte {
			out := make([]byte, n)
			keccak.Sum(out, data, BlockSize256, roundsM14, D)
			return out
		}
		cv = 64
	}
	var buf [9]byte
	s := append(append(bytes.Clone(msg), custom...), lengthEncode(&buf, uint64(len(custom)))...)
	if len(s) <= 8192 {
		return ts(s, 0x07, outLen)
	}
	node := append(bytes.Clone(s[:8192]), 3, 0, 0, 0, 0, 0, 0, 0)
	n := 0
	for rest := s[8192:]; len(rest) > 0; n++ {
		k := min(len(rest), 8192)
		node = append(node, ts(rest[:k], 0x0B, cv)...)
		rest = rest[k:]
	}
	node = append(append(node, lengthEncode(&buf, uint64(n))...), 0xFF, 0xFF)
	return ts(node, 0x06, outLen)
}

// TestLongRead reads past many blocks and compares with one long read.
func TestLongRead(t *testing.T) {
	for _, alg := range []string{"TurboSHAKE128", "KT256"} {
		want := sum(alg, []byte("abc"), 0x1F, nil, 5000)
		x := newXOF(alg, 0x1F, nil)
		x.Write([]byte("abc"))
		got, err := io.ReadAll(io.LimitReader(x, 5000))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: long read differs (%v)", alg, err)
		}
	}
}

func TestCustomizationCopied(t *testing.T) {
	c := []byte("custom")
	x := NewKT128(c)
	c[0] = 'X'
	x.Write([]byte("msg"))
	got := make([]byte, 32)
	x.Read(got)
	if want := SumKT128([]byte("msg"), []byte("custom"), 32); !bytes.Equal(got, want) {
		t.Error("NewKT128 keeps the caller's customization slice")
	}
}

func TestDomainSeparation(t *testing.T) {
	seen := map[string]string{}
	for D := byte(1); D < 0x80; D++ {
		k := string(SumTurboSHAKE128([]byte("x"), D, 16))
		if prev, ok := seen[k]; ok {
			t.Fatalf("D=%#x collides with %s", D, prev)
		}
		seen[k] = fmt.Sprint(D)
	}
}

// TestMethodSets keeps the exported API to the interfaces.
func TestMethodSets(t *testing.T) {
	ts, _ := NewTurboSHAKE128(0x1f)
	hashtest.NoExtraMethods(t, ts)
	hashtest.NoExtraMethods(t, NewKT128(nil))
}

// TestZeroPanics checks that the zero TurboSHAKE and KT, which have no rate
// or domain byte, refuse input and output with a message of the package's,
// not a runtime error.
func TestZeroPanics(t *testing.T) {
	type xof interface {
		hash.XOF
		Sum([]byte) []byte
	}
	cases := map[string]func(){"zero KT.Reset": func() { new(KT).Reset() }}
	for name, zero := range map[string]func() xof{
		"TurboSHAKE": func() xof { return new(TurboSHAKE) },
		"KT":         func() xof { return new(KT) },
	} {
		cases["zero "+name+".Write"] = func() { zero().Write([]byte("message")) }
		cases["zero "+name+".Read"] = func() { zero().Read(make([]byte, 32)) }
		cases["zero "+name+".Sum"] = func() { zero().Sum(nil) }
	}
	hashtest.PanicsWith(t, "hashkit/k12: zero ", cases)
}

// TestZeroUnmarshal checks that the zero TurboSHAKE and KT refuse a state
// of the function their zero rate would pick (TurboSHAKE256, KT256) with an
// error, instead of panicking in the sponge's Init or dividing by zero.
func TestZeroUnmarshal(t *testing.T) {
	ts, _ := NewTurboSHAKE256(0x1F)
	for name, c := range map[string]struct {
		zero interface{ UnmarshalBinary([]byte) error }
		st   []byte
	}{
		"TurboSHAKE": {new(TurboSHAKE), hashtest.Marshal(t, ts)},
		"KT":         {new(KT), hashtest.Marshal(t, NewKT256(nil))},
	} {
		var err error
		if hashtest.Panics(func() { err = c.zero.UnmarshalBinary(c.st) }) {
			t.Errorf("zero %s: UnmarshalBinary panicked", name)
		} else if err == nil {
			t.Errorf("zero %s: UnmarshalBinary accepted a state", name)
		}
	}
	// Nor do they write one: the zero KT's passed for a KT256's with no
	// customization.
	for name, zero := range map[string]interface{ MarshalBinary() ([]byte, error) }{"TurboSHAKE": new(TurboSHAKE), "KT": new(KT)} {
		if b, err := zero.MarshalBinary(); err == nil {
			t.Errorf("zero %s: MarshalBinary wrote %d bytes", name, len(b))
		}
	}
}
