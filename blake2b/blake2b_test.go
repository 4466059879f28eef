package blake2b

import (
	"bytes"
	"encoding"
	"encoding/hex"
	"hash"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

var (
	_ hash.Hash                  = (*digest)(nil)
	_ hash.Cloner                = (*digest)(nil)
	_ encoding.BinaryMarshaler   = (*digest)(nil)
	_ encoding.BinaryAppender    = (*digest)(nil)
	_ encoding.BinaryUnmarshaler = (*digest)(nil)
	_ hash.Cloner                = (*mac)(nil)
	_ hash.XOF                   = (*xof)(nil)
	_ XOF                        = (*xof)(nil)
)

func mustHex(s string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}

func mustNew(t testing.TB, size int, key []byte) hash.Hash {
	t.Helper()
	h, err := New(size, key)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestRFC7693 checks the examples of RFC 7693: Appendix A (BLAKE2b-512 of
// "abc") and the self-test of Appendix E, whose grand hash covers digest
// sizes 20, 32, 48, 64, keyed and unkeyed, over inputs of 0 to 1024 bytes.
func TestRFC7693(t *testing.T) {
	hashtest.AllImplementations(t, "blake2b", func(t *testing.T) {
		want := mustHex("BA80A53F981C4D0D6A2797B69F12F6E94C212F14685AC4B74B12BB6FDBFFA2D1" +
			"7D87C5392AAB792DC252D5DE4533CC9518D38AA8DBF1925AB92386EDD4009923")
		if got := Sum512([]byte("abc")); !bytes.Equal(got[:], want) {
			t.Errorf("Appendix A: BLAKE2b-512(\"abc\") = %x, want %x", got, want)
		}

		// selftestSeq is selftest_seq of Appendix E: a Fibonacci-like
		// sequence seeded with seed.
		selftestSeq := func(n int, seed uint32) []byte {
			out := make([]byte, n)
			a, b := 0xDEAD4BAD*seed, uint32(1)
			for i := range out {
				t := a + b
				a, b = b, t
				out[i] = byte(t >> 24)
			}
			return out
		}
		grand := mustNew(t, 32, nil)
		for _, outlen := range []int{20, 32, 48, 64} {
			for _, inlen := range []int{0, 3, 128, 129, 255, 1024} {
				in := selftestSeq(inlen, uint32(inlen))
				h := mustNew(t, outlen, nil)
				h.Write(in)
				grand.Write(h.Sum(nil))
				key := selftestSeq(outlen, uint32(outlen))
				h = mustNew(t, outlen, key)
				h.Write(in)
				grand.Write(h.Sum(nil))
			}
		}
		want = mustHex("C23A7800D98123BD10F506C61E29DA5603D763B8BBAD2E737F5E765A7BCCD475")
		if got := grand.Sum(nil); !bytes.Equal(got, want) {
			t.Errorf("Appendix E self-test: %x, want %x", got, want)
		}
	})
}

// TestVectors runs every BLAKE2b and BLAKE2Xb vector of
// ../shared/vectors/blake2.json.gz: the BLAKE2 team's KATs (unkeyed and
// keyed, all 256 input lengths; BLAKE2X for every output length 1..256), the
// pyca/cryptography files and CPython-generated vectors with salts and
// personalization strings, as collected in that file.
func TestVectors(t *testing.T) {
	cases := hashtest.Vectors(t, "blake2")
	hashtest.AllImplementations(t, "blake2b", func(t *testing.T) {
		counts := map[string]int{}
		for _, c := range cases {
			switch c.Algorithm {
			case "BLAKE2b":
				c.SkipSlow(t)
				p := &Params{Size: c.OutLen, Key: c.Bytes("key"), Salt: c.Bytes("salt"), Personal: c.Bytes("personal")}
				h, err := NewWithParams(p)
				if err != nil {
					t.Fatalf("%s: %v", c.ID, err)
				}
				c.Input.WriteTo(h)
				if got := h.Sum(nil); !bytes.Equal(got, c.Expected) {
					t.Fatalf("%s: got %x, want %x", c.ID, got, c.Expected)
				}
				if p.Salt == nil && p.Personal == nil {
					// The x/crypto-style constructor must agree.
					h := mustNew(t, c.OutLen, p.Key)
					c.Input.WriteTo(h)
					if got := h.Sum(nil); !bytes.Equal(got, c.Expected) {
						t.Fatalf("%s: New: got %x, want %x", c.ID, got, c.Expected)
					}
				}
			case "BLAKE2Xb":
				x, err := NewXOF(uint32(c.OutLen), c.Bytes("key"))
				if err != nil {
					t.Fatalf("%s: %v", c.ID, err)
				}
				c.Input.WriteTo(x)
				got := make([]byte, c.OutLen)
				if _, err := io.ReadFull(x, got); err != nil {
					t.Fatalf("%s: %v", c.ID, err)
				}
				if !bytes.Equal(got, c.Expected) {
					t.Fatalf("%s: got %x, want %x", c.ID, got, c.Expected)
				}
				if n, err := x.Read(make([]byte, 1)); n != 0 || err != io.EOF {
					t.Fatalf("%s: Read past the output length = %d, %v; want 0, EOF", c.ID, n, err)
				}
			default:
				continue
			}
			counts[c.Algorithm]++
		}
		// The file holds 2247 BLAKE2b and 512 BLAKE2Xb vectors; make sure
		// none was silently dropped.
		if counts["BLAKE2b"] != 2247 || counts["BLAKE2Xb"] != 512 {
			t.Errorf("ran %v vectors", counts)
		}
	})
}

func TestConformance(t *testing.T) {
	key := []byte("a key of some length, 37 bytes long.")
	hashtest.AllImplementations(t, "blake2b", func(t *testing.T) {
		for _, tc := range []struct {
			name string
			mk   func() (hash.Hash, error)
		}{
			{"New512", func() (hash.Hash, error) { return New512(nil) }},
			{"New384", func() (hash.Hash, error) { return New384(nil) }},
			{"New256", func() (hash.Hash, error) { return New256(nil) }},
			{"New/1", func() (hash.Hash, error) { return New(1, nil) }},
			{"New512/keyed", func() (hash.Hash, error) { return New512(key) }},
			{"New/20/keyed64", func() (hash.Hash, error) { return New(20, bytes.Repeat([]byte{7}, 64)) }},
			{"Params/salt+personal", func() (hash.Hash, error) {
				return NewWithParams(&Params{Size: 40, Salt: make([]byte, 16), Personal: []byte("0123456789abcdef")})
			}},
			{"Params/tree", func() (hash.Hash, error) {
				return NewWithParams(&Params{Size: 64, FanOut: 2, MaxDepth: 3, LeafLength: 4096, NodeOffset: 1<<40 + 3, NodeDepth: 1, InnerLength: 64, IsLastNode: true})
			}},
		} {
			// Under -short (and so under emulation in CI) check a few
			// representative constructors only: the split test is quadratic.
			if testing.Short() && !strings.Contains("New512 New256 New512/keyed New256/keyed Params/tree", tc.name) {
				continue
			}
			t.Run(tc.name, func(t *testing.T) {
				mk := func() hash.Hash {
					h, err := tc.mk()
					if err != nil {
						t.Fatal(err)
					}
					return h
				}
				hashtest.TestHash(t, mk)
			})
		}
		// TestXOF reads 511 bytes.
		for _, size := range []uint32{511, 1000, OutputLengthUnknown} {
			if testing.Short() && size == 1000 {
				continue
			}
			for _, k := range [][]byte{nil, key} {
				t.Run("XOF", func(t *testing.T) {
					hashtest.TestXOF(t, func() hash.XOF {
						x, err := NewXOF(size, k)
						if err != nil {
							t.Fatal(err)
						}
						return x
					})
				})
			}
		}
	})
}

// TestKeyedRefusesMarshal checks that MACs do not marshal: the keyed type
// has no marshaling methods, and the digest type refuses a key anyway.
func TestKeyedRefusesMarshal(t *testing.T) {
	h := mustNew(t, 64, []byte("key"))
	if _, ok := h.(encoding.BinaryMarshaler); ok {
		t.Error("a keyed hash implements BinaryMarshaler")
	}
	if _, ok := h.(encoding.BinaryUnmarshaler); ok {
		t.Error("a keyed hash implements BinaryUnmarshaler")
	}
	var d digest
	d.initSimple(64, []byte("key"))
	if _, err := d.MarshalBinary(); err == nil {
		t.Error("MarshalBinary of a keyed digest succeeded")
	}
	st, _ := mustNew(t, 64, nil).(encoding.BinaryMarshaler).MarshalBinary()
	if err := d.UnmarshalBinary(st); err == nil {
		t.Error("UnmarshalBinary into a keyed digest succeeded")
	}
	// A state of another digest size is rejected.
	if err := mustNew(t, 32, nil).(encoding.BinaryUnmarshaler).UnmarshalBinary(st); err == nil {
		t.Error("UnmarshalBinary accepted a state of another size")
	}
}

// TestMarshalGolden pins the marshaled format, a compatibility promise.
func TestMarshalGolden(t *testing.T) {
	h := mustNew(t, 64, nil)
	h.Write(bytes.Repeat([]byte("golden"), 30)) // 180 bytes: one block compressed, 52 buffered
	st, err := h.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if len(st) != marshaledSize || marshaledSize != 215 {
		t.Fatalf("state is %d bytes, want 215", len(st))
	}
	const want = "62326201" + "4000" // magic, size 64, not last node
	if got := hex.EncodeToString(st[:6]); got != want {
		t.Fatalf("header %s, want %s", got, want)
	}
	// t = 128, n = 52.
	if st[6+64] != 128 || st[6+64+16] != 52 {
		t.Fatalf("counter %d, buffered %d; want 128, 52", st[6+64], st[6+64+16])
	}
	// The whole state, pinned through its digest.
	const golden = "492a1513cb4297fafe9f68d41c6cbe0b3eadb6937d5e6f5ec233c987cc6ebecf"
	if got := Sum256(st); hex.EncodeToString(got[:]) != golden {
		t.Errorf("marshaled state changed: digest %x, want %s", got, golden)
	}
	h2 := mustNew(t, 64, nil)
	if err := h2.(encoding.BinaryUnmarshaler).UnmarshalBinary(st); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(h2.Sum(nil), h.Sum(nil)) {
		t.Fatal("restored state differs")
	}
}

func TestErrors(t *testing.T) {
	long := make([]byte, 65)
	for _, tc := range []struct {
		name string
		err  error
	}{
		{"size 0", err2(New(0, nil))},
		{"size 65", err2(New(65, nil))},
		{"size -1", err2(New(-1, nil))},
		{"key 65", err2(New(64, long))},
		{"New512 key 65", err2(New512(long))},
		{"New256 key 65", err2(New256(long))},
		{"New384 key 65", err2(New384(long))},
		{"params size 0", err2(NewWithParams(&Params{}))},
		{"nil params", err2(NewWithParams(nil))},
		{"XOF nil params", err2(NewXOFWithParams(10, nil))},
		{"params key 65", err2(NewWithParams(&Params{Size: 64, Key: long}))},
		{"salt 15", err2(NewWithParams(&Params{Size: 64, Salt: long[:15]}))},
		{"salt 17", err2(NewWithParams(&Params{Size: 64, Salt: long[:17]}))},
		{"personal 8", err2(NewWithParams(&Params{Size: 64, Personal: long[:8]}))},
		{"inner 65", err2(NewWithParams(&Params{Size: 64, InnerLength: 65}))},
		{"fanout without depth", err2(NewWithParams(&Params{Size: 64, FanOut: 2}))},
		{"XOF key 65", err2(NewXOF(10, long))},
		{"XOF reserved length", err2(NewXOF(1<<32-1, nil))},
		{"XOF params size", err2(NewXOFWithParams(10, &Params{Size: 64}))},
		{"XOF params tree", err2(NewXOFWithParams(10, &Params{NodeDepth: 1}))},
		{"XOF params salt 3", err2(NewXOFWithParams(10, &Params{Salt: long[:3]}))},
	} {
		if tc.err == nil {
			t.Errorf("%s: no error", tc.name)
		} else if !strings.HasPrefix(tc.err.Error(), "hashkit/blake2b: ") {
			t.Errorf("%s: error %q lacks the package prefix", tc.name, tc.err)
		}
	}
	// Limits are inclusive.
	for _, p := range []*Params{{Size: 1}, {Size: 64, Key: long[:64], Salt: long[:16], Personal: long[:16], InnerLength: 64}, {Size: 64, FanOut: 0, MaxDepth: 255}} {
		if _, err := NewWithParams(p); err != nil {
			t.Errorf("%+v: %v", p, err)
		}
	}
}

func err2[T any](_ T, err error) error { return err }

// TestParamsMatchNew checks that the sequential defaults of NewWithParams
// equal New, and that each parameter field changes the output.
func TestParamsMatchNew(t *testing.T) {
	msg := []byte("parameter block")
	sumOf := func(p Params) string {
		h, err := NewWithParams(&p)
		if err != nil {
			t.Fatal(err)
		}
		h.Write(msg)
		return hex.EncodeToString(h.Sum(nil))
	}
	h := mustNew(t, 33, []byte("k"))
	h.Write(msg)
	base := Params{Size: 33, Key: []byte("k")}
	if got, want := sumOf(base), hex.EncodeToString(h.Sum(nil)); got != want {
		t.Fatalf("NewWithParams %s, New %s", got, want)
	}
	if got := sumOf(Params{Size: 33, Key: []byte("k"), FanOut: 1, MaxDepth: 1}); got != sumOf(base) {
		t.Fatal("explicit FanOut 1, MaxDepth 1 differ from the defaults")
	}
	seen := map[string]string{sumOf(base): "base"}
	for name, p := range map[string]Params{
		"Salt":        {Salt: bytes.Repeat([]byte{1}, 16)},
		"Personal":    {Personal: bytes.Repeat([]byte{1}, 16)},
		"FanOut":      {FanOut: 2, MaxDepth: 1},
		"MaxDepth":    {MaxDepth: 2},
		"LeafLength":  {LeafLength: 1},
		"NodeOffset":  {NodeOffset: 1 << 63},
		"NodeDepth":   {NodeDepth: 1},
		"InnerLength": {InnerLength: 1},
		"IsLastNode":  {IsLastNode: true},
	} {
		p.Size, p.Key = 33, []byte("k")
		s := sumOf(p)
		if other, ok := seen[s]; ok {
			t.Errorf("%s gives the same digest as %s", name, other)
		}
		seen[s] = name
	}
}

// TestMethods checks the exported method sets: the interfaces plus nothing
// else.
func TestMethods(t *testing.T) {
	check := func(v any, want ...string) {
		t.Helper()
		typ := reflect.TypeOf(v)
		var got []string
		for i := range typ.NumMethod() {
			got = append(got, typ.Method(i).Name)
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%v has methods %v, want %v", typ, got, want)
		}
	}
	h, _ := New512(nil)
	check(h, "AppendBinary", "BlockSize", "Clone", "MarshalBinary", "Reset", "Size", "Sum", "UnmarshalBinary", "Write")
	h, _ = New512([]byte("key"))
	check(h, "BlockSize", "Clone", "Reset", "Size", "Sum", "Write")
	x, _ := NewXOF(0, nil)
	check(x, "BlockSize", "Clone", "Read", "Reset", "Write")
}

// TestSumMatchesStreaming compares the one-shot functions with streaming at
// lengths around block boundaries.
func TestSumMatchesStreaming(t *testing.T) {
	hashtest.AllImplementations(t, "blake2b", func(t *testing.T) {
		msg := hashtest.RandBytes(1, 5*BlockSize+3)
		for n := 0; n <= len(msg); n++ {
			if n > 3*BlockSize && n%BlockSize > 2 && n%BlockSize < BlockSize-2 && n%17 != 0 {
				continue
			}
			in := msg[:n]
			for _, size := range []int{Size, Size384, Size256} {
				h := mustNew(t, size, nil)
				h.Write(in)
				want := h.Sum(nil)
				var got []byte
				switch size {
				case Size:
					s := Sum512(in)
					got = s[:]
				case Size384:
					s := Sum384(in)
					got = s[:]
				case Size256:
					s := Sum256(in)
					got = s[:]
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("Sum%d of %d bytes differs from streaming", size*8, n)
				}
			}
		}
	})
}

// TestXOFLongOutput checks that reading BLAKE2Xb output in odd pieces
// equals one read, across many output blocks, for known and unknown
// lengths; and that an unknown-length output is not a prefix of a known one
// (the length is in the parameter block).
func TestXOFLongOutput(t *testing.T) {
	read := func(size uint32, steps ...int) []byte {
		x, err := NewXOFWithParams(size, &Params{Key: []byte("key"), Salt: bytes.Repeat([]byte{2}, 16), Personal: bytes.Repeat([]byte{3}, 16)})
		if err != nil {
			t.Fatal(err)
		}
		x.Write([]byte("input"))
		var out []byte
		for i := 0; len(out) < 3000; i++ {
			buf := make([]byte, steps[i%len(steps)])
			n, err := x.Read(buf)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, buf[:n]...)
		}
		return out[:3000]
	}
	for _, size := range []uint32{3000, OutputLengthUnknown} {
		want := read(size, 3000)
		for _, steps := range [][]int{{1}, {63, 65}, {64}, {100, 1, 7}, {129}} {
			if got := read(size, steps...); !bytes.Equal(got, want) {
				t.Errorf("size %d: reads of %v differ", size, steps)
			}
		}
	}
	if bytes.Equal(read(3000, 3000)[:64], read(OutputLengthUnknown, 3000)[:64]) {
		t.Error("known and unknown output lengths give the same output")
	}
}

// TestXOFClone checks that a clone taken mid-squeeze is independent.
func TestXOFClone(t *testing.T) {
	for _, size := range []uint32{300, OutputLengthUnknown} {
		x, _ := NewXOF(size, []byte("k"))
		x.Write([]byte("clone me"))
		want := make([]byte, 300)
		x.Clone().Read(want)
		first := make([]byte, 70)
		x.Read(first)
		c := x.Clone()
		rest, rest2 := make([]byte, 230), make([]byte, 230)
		x.Read(rest)
		c.Read(rest2)
		if !bytes.Equal(append(first, rest...), want) || !bytes.Equal(rest, rest2) {
			t.Fatalf("size %d: clone mid-squeeze is not independent", size)
		}
	}
}
