package blake2s

import (
	"bytes"
	"crypto"
	"encoding"
	"encoding/hex"
	"hash"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/hashtest/blake2test"
)

var (
	_ hashtest.StateHash = (*digest)(nil)
	_ hash.Cloner        = (*mac)(nil)
	_ hash.XOF           = (*xof)(nil)
	_ XOF                = (*xof)(nil)
)

// b2 describes this package to the tests it shares with blake2b.
var b2 = &blake2test.BLAKE2{
	Pkg: "blake2s", Alg: "BLAKE2s", XAlg: "BLAKE2Xs",
	Size: Size, SaltSize: SaltSize, PersonalSize: PersonalSize,
	New: New,
	NewParams: func(size int, key, salt, personal []byte) (hash.Hash, error) {
		return NewWithParams(&Params{Size: size, Key: key, Salt: salt, Personal: personal})
	},
	NewXOF: func(size int, key, salt, personal []byte) (hash.XOF, error) {
		x, err := NewXOFWithParams(uint16(size), &Params{Key: key, Salt: salt, Personal: personal})
		if err != nil {
			return nil, err
		}
		return x, nil
	},
	Clone: func(x hash.XOF) hash.XOF { return x.(XOF).Clone() },
}

func mustNew(t testing.TB, size int, key []byte) hash.Hash {
	t.Helper()
	h, err := New(size, key)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestRFC7693 checks the examples of RFC 7693: Appendix B (BLAKE2s-256 of
// "abc") and the self-test of Appendix E, whose grand hash covers digest
// sizes 16, 20, 28, 32, keyed and unkeyed, over inputs of 0 to 1024 bytes.
func TestRFC7693(t *testing.T) {
	hashtest.AllImplementations(t, "blake2s", func(t *testing.T) {
		want := hashtest.Unhex("508C5E8C327C14E2E1A72BA34EEB452F37458B209ED63A294D999B4C86675982")
		if got := Sum256([]byte("abc")); !bytes.Equal(got[:], want) {
			t.Errorf("Appendix B: BLAKE2s-256(\"abc\") = %x, want %x", got, want)
		}

		b2.TestSelfTest(t, []int{16, 20, 28, 32}, []int{0, 3, 64, 65, 255, 1024}, "6a411f08ce25adcdfb02aba641451cec53c598b24f4fc787fbdc88797f4c1dfe")
	})
}

// TestVectors runs every BLAKE2s and BLAKE2Xs vector of
// ../shared/vectors/blake2.json.gz: the BLAKE2 team's KATs (unkeyed and
// keyed, all 256 input lengths; BLAKE2X for every output length 1..256), the
// pyca/cryptography files and CPython-generated vectors with salts and
// personalization strings, as collected in that file.
func TestVectors(t *testing.T) {
	hashtest.AllImplementations(t, "blake2s", func(t *testing.T) {
		b2.TestVectors(t, 1383, 512)
	})
}

func TestConformance(t *testing.T) {
	key := []byte("a key of some length, 37 bytes long.")
	hashtest.AllImplementations(t, "blake2s", func(t *testing.T) {
		blake2test.TestHashes(t, []blake2test.NamedHash{
			{Name: "New256", New: func() (hash.Hash, error) { return New256(nil) }},
			{Name: "New/16", New: func() (hash.Hash, error) { return New(16, nil) }},
			{Name: "New/1", New: func() (hash.Hash, error) { return New(1, nil) }},
			{Name: "New256/keyed", New: func() (hash.Hash, error) { return New256(key[:20]) }},
			{Name: "New128/keyed", New: func() (hash.Hash, error) { return New128(key[:16]) }},
			{Name: "New/20/keyed32", New: func() (hash.Hash, error) { return New(20, bytes.Repeat([]byte{7}, 32)) }},
			{Name: "Params/salt+personal", New: func() (hash.Hash, error) {
				return NewWithParams(&Params{Size: 24, Salt: make([]byte, 8), Personal: []byte("01234567")})
			}},
			{Name: "Params/tree", New: func() (hash.Hash, error) {
				return NewWithParams(&Params{Size: 32, FanOut: 2, MaxDepth: 3, LeafLength: 4096, NodeOffset: 1<<40 + 3, NodeDepth: 1, InnerLength: 32, IsLastNode: true})
			}},
		}, "New512 New256 New512/keyed New256/keyed Params/tree")
		b2.TestXOFs(t, key[:32])
	})
}

// TestKeyedRefusesMarshal checks that MACs do not marshal: the keyed type
// has no marshaling methods, and the digest type refuses a key anyway.
func TestKeyedRefusesMarshal(t *testing.T) {
	h := mustNew(t, 32, []byte("key"))
	if _, ok := h.(encoding.BinaryMarshaler); ok {
		t.Error("a keyed hash implements BinaryMarshaler")
	}
	if _, ok := h.(encoding.BinaryUnmarshaler); ok {
		t.Error("a keyed hash implements BinaryUnmarshaler")
	}
	var d digest
	d.initSimple(32, []byte("key"))
	if _, err := d.MarshalBinary(); err == nil {
		t.Error("MarshalBinary of a keyed digest succeeded")
	}
	st, _ := mustNew(t, 32, nil).(encoding.BinaryMarshaler).MarshalBinary()
	if err := d.UnmarshalBinary(st); err == nil {
		t.Error("UnmarshalBinary into a keyed digest succeeded")
	}
	// A state of another digest size is rejected.
	if err := mustNew(t, 16, nil).(encoding.BinaryUnmarshaler).UnmarshalBinary(st); err == nil {
		t.Error("UnmarshalBinary accepted a state of another size")
	}
}

// TestMarshalGolden pins the marshaled format, a compatibility promise.
func TestMarshalGolden(t *testing.T) {
	h := mustNew(t, 32, nil)
	h.Write(bytes.Repeat([]byte("golden"), 15)) // 90 bytes: one block compressed, 26 buffered
	st, err := h.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if len(st) != state.Size() || state.Size() != 111 {
		t.Fatalf("state is %d bytes, want 111", len(st))
	}
	const want = "62327301" + "2000" // magic, size 32, not last node
	if got := hex.EncodeToString(st[:6]); got != want {
		t.Fatalf("header %s, want %s", got, want)
	}
	// t = 64, n = 26.
	if st[6+32] != 64 || st[6+32+8] != 26 {
		t.Fatalf("counter %d, buffered %d; want 64, 26", st[6+32], st[6+32+8])
	}
	// The whole state, pinned through its digest.
	const golden = "a38c90454346338b4764d9c3ca09ff85e2e5481261b6f79b3e12c3829b38b90a"
	if got := Sum256(st); hex.EncodeToString(got[:]) != golden {
		t.Errorf("marshaled state changed: digest %x, want %s", got, golden)
	}
	h2 := mustNew(t, 32, nil)
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
		{"size 33", err2(New(33, nil))},
		{"size -1", err2(New(-1, nil))},
		{"key 33", err2(New(32, long[:33]))},
		{"New256 key 33", err2(New256(long[:33]))},
		{"New128 key 33", err2(New128(long[:33]))},
		{"New128 no key", err2(New128(nil))},
		{"params size 0", err2(NewWithParams(&Params{}))},
		{"nil params", err2(NewWithParams(nil))},
		{"XOF nil params", err2(NewXOFWithParams(10, nil))},
		{"params key 33", err2(NewWithParams(&Params{Size: 32, Key: long[:33]}))},
		{"salt 7", err2(NewWithParams(&Params{Size: 32, Salt: long[:7]}))},
		{"salt 16", err2(NewWithParams(&Params{Size: 32, Salt: long[:16]}))},
		{"personal 16", err2(NewWithParams(&Params{Size: 32, Personal: long[:16]}))},
		{"inner 33", err2(NewWithParams(&Params{Size: 32, InnerLength: 33}))},
		{"node offset 2^48", err2(NewWithParams(&Params{Size: 32, NodeOffset: 1 << 48}))},
		{"fanout without depth", err2(NewWithParams(&Params{Size: 32, FanOut: 2}))},
		{"XOF key 33", err2(NewXOF(10, long[:33]))},
		{"XOF reserved length", err2(NewXOF(1<<16-1, nil))},
		{"XOF params size", err2(NewXOFWithParams(10, &Params{Size: 32}))},
		{"XOF params tree", err2(NewXOFWithParams(10, &Params{NodeDepth: 1}))},
		{"XOF params salt 3", err2(NewXOFWithParams(10, &Params{Salt: long[:3]}))},
	} {
		if tc.err == nil {
			t.Errorf("%s: no error", tc.name)
		} else if !strings.HasPrefix(tc.err.Error(), "hashkit/blake2s: ") {
			t.Errorf("%s: error %q lacks the package prefix", tc.name, tc.err)
		}
	}
	// Limits are inclusive.
	for _, p := range []*Params{{Size: 1}, {Size: 32, Key: long[:32], Salt: long[:8], Personal: long[:8], InnerLength: 32, NodeOffset: 1<<48 - 1}, {Size: 32, FanOut: 0, MaxDepth: 255}} {
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
	h := mustNew(t, 17, []byte("k"))
	h.Write(msg)
	base := Params{Size: 17, Key: []byte("k")}
	if got, want := sumOf(base), hex.EncodeToString(h.Sum(nil)); got != want {
		t.Fatalf("NewWithParams %s, New %s", got, want)
	}
	if got := sumOf(Params{Size: 17, Key: []byte("k"), FanOut: 1, MaxDepth: 1}); got != sumOf(base) {
		t.Fatal("explicit FanOut 1, MaxDepth 1 differ from the defaults")
	}
	seen := map[string]string{sumOf(base): "base"}
	for name, p := range map[string]Params{
		"Salt":        {Salt: bytes.Repeat([]byte{1}, 8)},
		"Personal":    {Personal: bytes.Repeat([]byte{1}, 8)},
		"FanOut":      {FanOut: 2, MaxDepth: 1},
		"MaxDepth":    {MaxDepth: 2},
		"LeafLength":  {LeafLength: 1},
		"NodeOffset":  {NodeOffset: 1 << 47},
		"NodeDepth":   {NodeDepth: 1},
		"InnerLength": {InnerLength: 1},
		"IsLastNode":  {IsLastNode: true},
	} {
		p.Size, p.Key = 17, []byte("k")
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
	h, _ := New256(nil)
	hashtest.NoExtraMethods(t, h)
	h, _ = New256([]byte("key"))
	hashtest.NoExtraMethods(t, h)
	if _, ok := h.(encoding.BinaryMarshaler); ok {
		t.Error("a keyed hash marshals its key")
	}
	x, _ := NewXOF(0, nil)
	hashtest.NoExtraMethods(t, x, "Clone") // Clone() XOF, as x/crypto's
}

// TestSumMatchesStreaming compares Sum256 with streaming at lengths around
// block boundaries.
func TestSumMatchesStreaming(t *testing.T) {
	hashtest.AllImplementations(t, "blake2s", func(t *testing.T) {
		msg := hashtest.RandBytes(1, 5*BlockSize+3)
		for n := 0; n <= len(msg); n++ {
			in := msg[:n]
			h := mustNew(t, Size, nil)
			h.Write(in)
			if got := Sum256(in); !bytes.Equal(got[:], h.Sum(nil)) {
				t.Fatalf("Sum256 of %d bytes differs from streaming", n)
			}
		}
	})
}

func TestXOFLongOutput(t *testing.T) { b2.TestXOFLongOutput(t) }

func TestXOFClone(t *testing.T) { b2.TestXOFClone(t) }

// TestRegisterHash: importing the package registers BLAKE2s-256, as
// x/crypto/blake2s does.
func TestRegisterHash(t *testing.T) {
	hashtest.TestRegistered(t, crypto.BLAKE2s_256, func(m []byte) []byte { s := Sum256(m); return s[:] })
}
