package blake2b

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

// b2 describes this package to the tests it shares with blake2s.
var b2 = &blake2test.BLAKE2{
	Pkg: "blake2b", Alg: "BLAKE2b", XAlg: "BLAKE2Xb",
	Size: Size, SaltSize: SaltSize, PersonalSize: PersonalSize,
	New: New,
	NewParams: func(size int, key, salt, personal []byte) (hash.Hash, error) {
		return NewWithParams(&Params{Size: size, Key: key, Salt: salt, Personal: personal})
	},
	NewXOF: func(size int, key, salt, personal []byte) (hash.XOF, error) {
		x, err := NewXOFWithParams(uint32(size), &Params{Key: key, Salt: salt, Personal: personal})
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

// TestRFC7693 checks the examples of RFC 7693: Appendix A (BLAKE2b-512 of
// "abc") and the self-test of Appendix E, whose grand hash covers digest
// sizes 20, 32, 48, 64, keyed and unkeyed, over inputs of 0 to 1024 bytes.
func TestRFC7693(t *testing.T) {
	hashtest.AllImplementations(t, "blake2b", func(t *testing.T) {
		want := hashtest.Unhex("BA80A53F981C4D0D6A2797B69F12F6E94C212F14685AC4B74B12BB6FDBFFA2D1" +
			"7D87C5392AAB792DC252D5DE4533CC9518D38AA8DBF1925AB92386EDD4009923")
		if got := Sum512([]byte("abc")); !bytes.Equal(got[:], want) {
			t.Errorf("Appendix A: BLAKE2b-512(\"abc\") = %x, want %x", got, want)
		}

		b2.TestSelfTest(t, []int{20, 32, 48, 64}, []int{0, 3, 128, 129, 255, 1024}, "c23a7800d98123bd10f506c61e29da5603d763b8bbad2e737f5e765a7bccd475")
	})
}

// TestVectors runs every BLAKE2b and BLAKE2Xb vector of
// ../shared/vectors/blake2.json.gz: the BLAKE2 team's KATs (unkeyed and
// keyed, all 256 input lengths; BLAKE2X for every output length 1..256), the
// pyca/cryptography files and CPython-generated vectors with salts and
// personalization strings, as collected in that file.
func TestVectors(t *testing.T) {
	hashtest.AllImplementations(t, "blake2b", func(t *testing.T) {
		b2.TestVectors(t, 2247, 512)
	})
}

func TestConformance(t *testing.T) {
	key := []byte("a key of some length, 37 bytes long.")
	hashtest.AllImplementations(t, "blake2b", func(t *testing.T) {
		blake2test.TestHashes(t, []blake2test.NamedHash{
			{Name: "New512", New: func() (hash.Hash, error) { return New512(nil) }},
			{Name: "New384", New: func() (hash.Hash, error) { return New384(nil) }},
			{Name: "New256", New: func() (hash.Hash, error) { return New256(nil) }},
			{Name: "New/1", New: func() (hash.Hash, error) { return New(1, nil) }},
			{Name: "New512/keyed", New: func() (hash.Hash, error) { return New512(key) }},
			{Name: "New/20/keyed64", New: func() (hash.Hash, error) { return New(20, bytes.Repeat([]byte{7}, 64)) }},
			{Name: "Params/salt+personal", New: func() (hash.Hash, error) {
				return NewWithParams(&Params{Size: 40, Salt: make([]byte, 16), Personal: []byte("0123456789abcdef")})
			}},
			{Name: "Params/tree", New: func() (hash.Hash, error) {
				return NewWithParams(&Params{Size: 64, FanOut: 2, MaxDepth: 3, LeafLength: 4096, NodeOffset: 1<<40 + 3, NodeDepth: 1, InnerLength: 64, IsLastNode: true})
			}},
		}, "New512 New256 New512/keyed New256/keyed Params/tree")
		b2.TestXOFs(t, key)
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
	if len(st) != state.Size() || state.Size() != 215 {
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
	h, _ := New512(nil)
	hashtest.NoExtraMethods(t, h)
	h, _ = New512([]byte("key"))
	hashtest.NoExtraMethods(t, h)
	if _, ok := h.(encoding.BinaryMarshaler); ok {
		t.Error("a keyed hash marshals its key")
	}
	x, _ := NewXOF(0, nil)
	hashtest.NoExtraMethods(t, x, "Clone") // Clone() XOF, as x/crypto's
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

func TestXOFLongOutput(t *testing.T) { b2.TestXOFLongOutput(t) }

func TestXOFClone(t *testing.T) { b2.TestXOFClone(t) }

// TestRegisterHash: importing the package registers the three sizes that
// x/crypto/blake2b registers.
func TestRegisterHash(t *testing.T) {
	hashtest.TestRegistered(t, crypto.BLAKE2b_256, func(m []byte) []byte { s := Sum256(m); return s[:] })
	hashtest.TestRegistered(t, crypto.BLAKE2b_384, func(m []byte) []byte { s := Sum384(m); return s[:] })
	hashtest.TestRegistered(t, crypto.BLAKE2b_512, func(m []byte) []byte { s := Sum512(m); return s[:] })
}
