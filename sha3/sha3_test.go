package sha3

import (
	"bytes"
	"encoding"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"io"
	"maps"
	"math"
	"runtime"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/keccak"
)

// Compile-time checks that the types satisfy the interfaces they document:
// SHA3 is an unkeyed hasher with a marshalled state, SHAKE an XOF with one,
// KMAC and ParallelHash clone.
var (
	_ hashtest.StateHash = (*SHA3)(nil)
	_ marshalingXOF      = (*SHAKE)(nil)
	_ cloningHash        = (*KMAC)(nil)
	_ cloningHash        = (*ParallelHash)(nil)
	_ hash.XOF           = (*KMACXOF)(nil)
	_ hash.XOF           = (*ParallelHashXOF)(nil)
	_ io.Reader          = (*TupleHashXOF)(nil)
	_ io.Reader          = (*KeccakPRG)(nil)
)

type (
	marshalingXOF interface {
		hash.XOF
		encoding.BinaryMarshaler
		encoding.BinaryAppender
		encoding.BinaryUnmarshaler
	}
	cloningHash interface {
		hash.Hash
		hash.Cloner
	}
)

// knownAnswers are digests of short messages with their sources.
var knownAnswers = []struct {
	name, msg, want string // msg as is, want in hex
	f               func([]byte) []byte
}{
	// FIPS 202 example values (NIST CSRC "Cryptographic Standards and
	// Guidelines: Examples with Intermediate Values", SHA3-256_Msg0.pdf).
	{"SHA3-256", "", "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a", s256},
	// The Keccak team's KATs (ShortMsgKAT_SHA3-224/512.txt, Len = 0).
	{"SHA3-224", "", "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7", func(m []byte) []byte { s := Sum224(m); return s[:] }},
	{"SHA3-512", "", "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a615b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26", func(m []byte) []byte { s := Sum512(m); return s[:] }},
	// SHA3-256("abc"), FIPS 202 examples (SHA3-256_Msg... "abc" in NIST's
	// SHA-3 example file) and RFC-style tables alike.
	{"SHA3-256", "abc", "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532", s256},
	// keccak256(""), the Ethereum empty-code hash (Ethereum yellow paper,
	// KECCAK_EMPTY in go-ethereum).
	{"Keccak-256", "", "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470", k256},
	// keccak256 of the RLP of an empty list, go-ethereum's EmptyUncleHash.
	{"Keccak-256", "\xc0", "1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347", k256},
	// keccak256("Transfer(address,address,uint256)"), the ERC-20 event topic.
	{"Keccak-256", "Transfer(address,address,uint256)", "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef", k256},
	// SHAKE128("", 32) and SHAKE256("", 64): Keccak team KATs (ShortMsgKAT_SHAKE*.txt).
	{"SHAKE128", "", "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26", func(m []byte) []byte { return SumSHAKE128(m, 32) }},
	{"SHAKE256", "", "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762fd75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be", func(m []byte) []byte { return SumSHAKE256(m, 64) }},
	// SP 800-185 samples (cSHAKE_samples.pdf sample #1, KMAC_samples.pdf
	// sample #1, TupleHash_samples.pdf sample #1, ParallelHash_samples.pdf
	// sample #1).
	{"cSHAKE128", "\x00\x01\x02\x03", "c1c36925b6409a04f1b504fcbca9d82b4017277cb5ed2b2065fc1d3814d5aaf5", func(m []byte) []byte {
		x := NewCSHAKE128(nil, []byte("Email Signature"))
		x.Write(m)
		out := make([]byte, 32)
		x.Read(out)
		return out
	}},
	{"KMAC128", "\x00\x01\x02\x03", "e5780b0d3ea6f7d3a429c5706aa43a00fadbd7d49628839e3187243f456ee14e", func(m []byte) []byte {
		k, _ := NewKMAC128([]byte("@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_") /* 0x40..0x5f */, nil, 32)
		k.Write(m)
		return k.Sum(nil)
	}},
	{"TupleHash128", "", "c5d8786c1afb9b82111ab34b65b2c0048fa64e6d48e263264ce1707d3ffc8ed1", func([]byte) []byte {
		out, _ := TupleHash128([][]byte{{0, 1, 2}, {0x10, 0x11, 0x12, 0x13, 0x14, 0x15}}, nil, 32)
		return out
	}},
	{"ParallelHash128", "\x00\x01\x02\x03\x04\x05\x06\x07\x10\x11\x12\x13\x14\x15\x16\x17\x20\x21\x22\x23\x24\x25\x26\x27", "ba8dc1d1d979331d3f813603c67f72609ab5e44b94a0b8f9af46514454a2b4f5", func(m []byte) []byte {
		out, _ := ParallelHash128(m, 8, nil, 32)
		return out
	}},
}

func s256(m []byte) []byte { s := Sum256(m); return s[:] }
func k256(m []byte) []byte { s := SumKeccak256(m); return s[:] }

func TestKnownAnswers(t *testing.T) {
	allPaths(t, func(t *testing.T) {
		for _, c := range knownAnswers {
			if got := hex.EncodeToString(c.f([]byte(c.msg))); got != c.want {
				t.Errorf("%s(%q) = %s, want %s", c.name, c.msg, got, c.want)
			}
		}
	})
}

// fixedNew maps the algorithm names of ../shared/vectors to constructors.
var fixedNew = map[string]func() hash.Hash{
	"SHA3-224":   func() hash.Hash { return New224() },
	"SHA3-256":   func() hash.Hash { return New256() },
	"SHA3-384":   func() hash.Hash { return New384() },
	"SHA3-512":   func() hash.Hash { return New512() },
	"Keccak-224": NewLegacyKeccak224, "Keccak-256": NewLegacyKeccak256,
	"Keccak-384": NewLegacyKeccak384, "Keccak-512": NewLegacyKeccak512,
}

var fixedSum = map[string]func([]byte) []byte{
	"SHA3-224":   func(b []byte) []byte { s := Sum224(b); return s[:] },
	"SHA3-256":   func(b []byte) []byte { s := Sum256(b); return s[:] },
	"SHA3-384":   func(b []byte) []byte { s := Sum384(b); return s[:] },
	"SHA3-512":   func(b []byte) []byte { s := Sum512(b); return s[:] },
	"Keccak-224": func(b []byte) []byte { s := SumKeccak224(b); return s[:] },
	"Keccak-256": func(b []byte) []byte { s := SumKeccak256(b); return s[:] },
	"Keccak-384": func(b []byte) []byte { s := SumKeccak384(b); return s[:] },
	"Keccak-512": func(b []byte) []byte { s := SumKeccak512(b); return s[:] },
}

// eachImpl runs f over both paths and every keccak kernel, or under -short
// only as shipped: the vector sets are large, and internal/keccak compares
// each kernel with the generic permutation directly.
func eachImpl(t *testing.T, f func(t *testing.T)) {
	if testing.Short() {
		f(t)
		return
	}
	allPaths(t, f)
}

// TestVectorsSHA3 runs every case of sha3.json.gz (NIST CAVP SHA3VS short
// and long messages and Monte Carlo tests, the Keccak team's KATs).
func TestVectorsSHA3(t *testing.T) {
	eachImpl(t, func(t *testing.T) {
		n := 0
		for _, c := range hashtest.Vectors(t, "sha3") {
			if c.Slow {
				continue // TestVectorsSlow
			}
			if c.Kind == "mct-sha3" {
				testMCT(t, c)
				n++
				continue
			}
			if c.Kind != "" {
				t.Fatalf("%s: unknown kind %q", c.ID, c.Kind)
			}
			in := c.Input.Materialize()
			var got []byte
			switch c.Algorithm {
			case "SHAKE128":
				got = SumSHAKE128(in, c.OutLen)
			case "SHAKE256":
				got = SumSHAKE256(in, c.OutLen)
			default:
				f, ok := fixedSum[c.Algorithm]
				if !ok {
					t.Fatalf("%s: unknown algorithm %s", c.ID, c.Algorithm)
				}
				got = f(in)
				h := fixedNew[c.Algorithm]()
				h.Write(in)
				if s := h.Sum(nil); !bytes.Equal(s, got) {
					t.Fatalf("%s: New+Write+Sum differs from the one-shot", c.ID)
				}
			}
			if !bytes.Equal(got[c.ExpectedOffset:], c.Expected) {
				t.Fatalf("%s: %x, want %x", c.ID, got, c.Expected)
			}
			n++
		}
		if n < 6000 {
			t.Fatalf("only %d sha3 vectors ran", n)
		}
	})
}

// TestVectorsSlow streams the GiB-sized inputs of the slow sha3.json.gz
// cases (NIST ACVP large-data tests) once, with the default kernels.
func TestVectorsSlow(t *testing.T) {
	n := 0
	for _, c := range hashtest.Vectors(t, "sha3") {
		if !c.Slow {
			continue
		}
		c.SkipSlow(t)
		var got []byte
		switch c.Algorithm {
		case "SHAKE128", "SHAKE256":
			x := NewSHAKE128()
			if c.Algorithm == "SHAKE256" {
				x = NewSHAKE256()
			}
			if _, err := c.Input.WriteTo(x); err != nil {
				t.Fatal(err)
			}
			got = make([]byte, c.OutLen)
			x.Read(got)
		default:
			h := fixedNew[c.Algorithm]()
			if _, err := c.Input.WriteTo(h); err != nil {
				t.Fatal(err)
			}
			got = h.Sum(nil)
		}
		if !bytes.Equal(got[c.ExpectedOffset:], c.Expected) {
			t.Fatalf("%s: %x, want %x", c.ID, got, c.Expected)
		}
		n++
	}
	t.Logf("%d slow vectors", n)
}

// testMCT runs the SHA3VS Monte Carlo test (NIST SHA3VS section 6.2.3, as
// the case note states): MD0 = seed; 100 times, 1000 iterations of
// MDi = H(MDi-1), each 1000th output a checkpoint and the next seed. Under
// -short only the first checkpoint is computed.
func testMCT(t *testing.T, c hashtest.Case) {
	h := fixedNew[c.Algorithm]()
	md := bytes.Clone(c.Input.Materialize()) // Materialize may share the cached vector
	for j, want := range c.Checkpoints {
		if testing.Short() && j > 0 {
			break
		}
		for range 1000 {
			h.Reset()
			h.Write(md)
			md = h.Sum(md[:0])
		}
		if !bytes.Equal(md, want) {
			t.Fatalf("%s checkpoint %d: %x, want %x", c.ID, j, md, want)
		}
	}
}

// TestVectorsSP800185 runs every case of sp800-185.json.gz.
func TestVectorsSP800185(t *testing.T) {
	eachImpl(t, func(t *testing.T) {
		n := 0
		for _, c := range hashtest.Vectors(t, "sp800-185") {
			if c.Slow && testing.Short() {
				continue
			}
			var tuple [][]byte
			if c.Has("tuple") {
				tuple = c.Tuple("tuple")
			}
			got, err := sp800185(c.Algorithm, c.Input.Materialize(), c.Bytes("key"), c.Bytes("N"), c.Bytes("S"), tuple, c.Int("block_size"), c.OutLen)
			if err != nil {
				t.Fatalf("%s: %v", c.ID, err)
			}
			if !bytes.Equal(got[c.ExpectedOffset:], c.Expected) {
				t.Fatalf("%s: %x, want %x", c.ID, got, c.Expected)
			}
			n++
		}
		if n < 20000 {
			t.Fatalf("only %d sp800-185 vectors ran", n)
		}
	})
}

// sp800185 computes an SP 800-185 function by name through the one-shot
// API, and through the streaming API in one write; it fails if they differ.
func sp800185(alg string, in, key, N, S []byte, tuple [][]byte, b, outLen int) ([]byte, error) {
	read := func(x io.Reader) []byte {
		out := make([]byte, outLen)
		x.Read(out)
		return out
	}
	var one, str []byte
	var err error
	switch alg {
	case "cSHAKE128", "cSHAKE256", "KMACXOF128", "KMACXOF256":
		x := map[string]func() io.ReadWriter{
			"cSHAKE128":  func() io.ReadWriter { return NewCSHAKE128(N, S) },
			"cSHAKE256":  func() io.ReadWriter { return NewCSHAKE256(N, S) },
			"KMACXOF128": func() io.ReadWriter { return NewKMACXOF128(key, S) },
			"KMACXOF256": func() io.ReadWriter { return NewKMACXOF256(key, S) },
		}[alg]()
		x.Write(in)
		one = read(x)
		str = one
	case "KMAC128", "KMAC256":
		var k *KMAC
		if alg == "KMAC128" {
			k, err = NewKMAC128(key, S, outLen)
		} else {
			k, err = NewKMAC256(key, S, outLen)
		}
		if err != nil {
			return nil, err
		}
		k.Write(in)
		one = k.Sum(nil)
		if k.Verify(one) != (len(one) >= minTag) { // shorter tags never verify
			return nil, io.ErrUnexpectedEOF
		}
		str = one
	case "TupleHash128", "TupleHash256", "TupleHashXOF128", "TupleHashXOF256":
		f := map[string]func([][]byte, []byte, int) ([]byte, error){
			"TupleHash128": TupleHash128, "TupleHash256": TupleHash256,
			"TupleHashXOF128": TupleHashXOF128, "TupleHashXOF256": TupleHashXOF256,
		}[alg]
		if one, err = f(tuple, S, outLen); err != nil {
			return nil, err
		}
		switch alg {
		case "TupleHash128", "TupleHash256":
			th, _ := NewTupleHash128(S, outLen)
			if alg == "TupleHash256" {
				th, _ = NewTupleHash256(S, outLen)
			}
			for _, e := range tuple {
				th.WriteElement(e)
			}
			str = th.Sum(nil)
		default:
			th := NewTupleHashXOF128(S)
			if alg == "TupleHashXOF256" {
				th = NewTupleHashXOF256(S)
			}
			for _, e := range tuple {
				th.WriteElement(e)
			}
			str = read(th)
		}
	case "ParallelHash128", "ParallelHash256", "ParallelHashXOF128", "ParallelHashXOF256":
		f := map[string]func([]byte, int, []byte, int) ([]byte, error){
			"ParallelHash128": ParallelHash128, "ParallelHash256": ParallelHash256,
			"ParallelHashXOF128": ParallelHashXOF128, "ParallelHashXOF256": ParallelHashXOF256,
		}[alg]
		if one, err = f(in, b, S, outLen); err != nil {
			return nil, err
		}
		switch alg {
		case "ParallelHash128", "ParallelHash256":
			ph, err := NewParallelHash128(b, S, outLen)
			if alg == "ParallelHash256" {
				ph, err = NewParallelHash256(b, S, outLen)
			}
			if err != nil {
				return nil, err
			}
			ph.Write(in)
			str = ph.Sum(nil)
		default:
			ph, err := NewParallelHashXOF128(b, S)
			if alg == "ParallelHashXOF256" {
				ph, err = NewParallelHashXOF256(b, S)
			}
			if err != nil {
				return nil, err
			}
			ph.Write(in)
			str = read(ph)
		}
	default:
		return nil, io.ErrNoProgress
	}
	if !bytes.Equal(one, str) {
		return nil, io.ErrShortWrite
	}
	return one, nil
}

// TestWycheproofKMAC runs C2SP/wycheproof's KMAC128 and KMAC256 tests
// (kmac*_no_customization_test.json): valid tags must verify and compute
// equal, modified tags must not verify.
func TestWycheproofKMAC(t *testing.T) {
	for _, f := range []struct {
		file string
		mk   func(key, S []byte, n int) (*KMAC, error)
	}{
		{"wycheproof/kmac128_no_customization_test.json.gz", NewKMAC128},
		{"wycheproof/kmac256_no_customization_test.json.gz", NewKMAC256},
	} {
		var file struct {
			TestGroups []struct {
				TagSize int `json:"tagSize"`
				Tests   []struct {
					TcID   int          `json:"tcId"`
					Key    hashtest.Hex `json:"key"`
					Msg    hashtest.Hex `json:"msg"`
					Tag    hashtest.Hex `json:"tag"`
					Result string       `json:"result"`
				} `json:"tests"`
			} `json:"testGroups"`
		}
		hashtest.LoadJSON(t, f.file, &file)
		n := 0
		for _, g := range file.TestGroups {
			for _, tc := range g.Tests {
				k, err := f.mk(tc.Key, nil, g.TagSize/8)
				if err != nil {
					t.Fatal(err)
				}
				k.Write(tc.Msg)
				ok := k.Verify(tc.Tag)
				if ok != (tc.Result == "valid") {
					t.Errorf("%s #%d: Verify = %v, want result %s", f.file, tc.TcID, ok, tc.Result)
				}
				if tc.Result == "valid" && !bytes.Equal(k.Sum(nil), tc.Tag) {
					t.Errorf("%s #%d: wrong tag", f.file, tc.TcID)
				}
				n++
			}
		}
		if n < 100 {
			t.Fatalf("%s: only %d tests", f.file, n)
		}
	}
}

func TestEqual(t *testing.T) {
	if !Equal([]byte("abc"), []byte("abc")) || Equal([]byte("abc"), []byte("abd")) || Equal([]byte("ab"), []byte("abc")) {
		t.Fatal("Equal is wrong")
	}
}

// TestConformance runs hashtest's hash.Hash and hash.XOF checks on every
// constructor. Its three-way splits are quadratic in the block size, so
// under -short it covers one hash per rate class with the default kernel
// (on both paths where the standard library's is one); the full set runs
// over every kernel otherwise.
func TestConformance(t *testing.T) {
	if testing.Short() {
		hashtest.AllImplementations(t, "sha3", func(t *testing.T) { conformance(t, true) })
		return
	}
	allPaths(t, func(t *testing.T) { conformance(t, false) })
}

func conformance(t *testing.T, short bool) {
	hashes := map[string]func() hash.Hash{
		"KMAC128":         func() hash.Hash { k, _ := NewKMAC128([]byte("key"), []byte("S"), 40); return k },
		"KMAC256":         func() hash.Hash { k, _ := NewKMAC256([]byte("key"), nil, 64); return k },
		"ParallelHash128": func() hash.Hash { h, _ := NewParallelHash128(200, []byte("S"), 32); return h },
		"ParallelHash256": func() hash.Hash { h, _ := NewParallelHash256(150, nil, 64); return h },
	}
	maps.Copy(hashes, fixedNew)
	for name, mk := range hashes {
		if short && name != "SHA3-512" && name != "Keccak-256" && name != "KMAC256" && name != "ParallelHash256" {
			continue
		}
		t.Run(name, func(t *testing.T) { hashtest.TestHash(t, mk) })
	}
	xofs := map[string]func() hash.XOF{
		"SHAKE128":           func() hash.XOF { return NewSHAKE128() },
		"SHAKE256":           func() hash.XOF { return NewSHAKE256() },
		"cSHAKE128":          func() hash.XOF { return NewCSHAKE128([]byte("N"), []byte("S")) },
		"cSHAKE256":          func() hash.XOF { return NewCSHAKE256(nil, bytes.Repeat([]byte("S"), 300)) },
		"KMACXOF128":         func() hash.XOF { return NewKMACXOF128([]byte("key"), nil) },
		"KMACXOF256":         func() hash.XOF { return NewKMACXOF256([]byte("key"), []byte("S")) },
		"ParallelHashXOF128": func() hash.XOF { h, _ := NewParallelHashXOF128(50, nil); return h },
		"ParallelHashXOF256": func() hash.XOF { h, _ := NewParallelHashXOF256(136, []byte("S")); return h },
	}
	for name, mk := range xofs {
		t.Run(name, func(t *testing.T) { hashtest.TestXOF(t, mk) })
	}
}

// TestClones checks that the XOFs' typed Clone methods give independent
// copies mid-absorb and mid-squeeze (hashtest.TestXOF checks hash.Cloner
// only, which an XOF cannot implement).
func TestClones(t *testing.T) {
	msg := hashtest.RandBytes(9, 500)
	type xof interface {
		io.Reader
		Write([]byte) (int, error)
	}
	cases := map[string]struct {
		mk    func() xof
		clone func(xof) xof
	}{
		"SHAKE":           {func() xof { return NewCSHAKE128(nil, []byte("x")) }, func(x xof) xof { return x.(*SHAKE).Clone() }},
		"KMACXOF":         {func() xof { return NewKMACXOF256([]byte("k"), nil) }, func(x xof) xof { return x.(*KMACXOF).Clone() }},
		"ParallelHashXOF": {func() xof { h, _ := NewParallelHashXOF128(64, nil); return h }, func(x xof) xof { return x.(*ParallelHashXOF).Clone() }},
	}
	for name, c := range cases {
		ref := c.mk()
		ref.Write(msg)
		want := make([]byte, 400)
		ref.Read(want)

		x := c.mk()
		x.Write(msg[:123])
		y := c.clone(x)
		x.Write([]byte("other"))
		y.Write(msg[123:])
		got := make([]byte, 100)
		y.Read(got)
		z := c.clone(y)
		rest := make([]byte, 300)
		y.Read(rest)
		rest2 := make([]byte, 300)
		z.Read(rest2)
		if !bytes.Equal(append(got, rest...), want) || !bytes.Equal(rest, rest2) {
			t.Errorf("%s: clones are not independent", name)
		}
	}
	th := NewTupleHashXOF128(nil)
	th.WriteElement([]byte("a"))
	th2 := th.Clone()
	th.WriteElement([]byte("b"))
	th2.WriteElement([]byte("b"))
	a, b := make([]byte, 32), make([]byte, 32)
	th.Read(a)
	th2.Read(b)
	if !bytes.Equal(a, b) {
		t.Error("TupleHashXOF clone differs")
	}
	t1, _ := NewTupleHash256(nil, 32)
	t1.WriteElement([]byte("a"))
	t2 := t1.Clone()
	t1.WriteElement([]byte("b"))
	if bytes.Equal(t1.Sum(nil), t2.Sum(nil)) {
		t.Error("TupleHash clone shares state")
	}
}

// TestTupleHashIsNotConcatenation: the point of TupleHash.
func TestTupleHashIsNotConcatenation(t *testing.T) {
	a, _ := TupleHash128([][]byte{[]byte("ab"), []byte("c")}, nil, 32)
	b, _ := TupleHash128([][]byte{[]byte("a"), []byte("bc")}, nil, 32)
	if bytes.Equal(a, b) {
		t.Fatal("TupleHash of different tuples with the same concatenation collide")
	}
}

// TestParallelHashStreaming compares streaming ParallelHash, written in
// pieces of many sizes, with the one-shot, for block sizes around the rate
// and inputs across the parallel threshold.
func TestParallelHashStreaming(t *testing.T) {
	size := 256<<10 + 3*8192 + 17 // beyond keccak.Leaves' parallel threshold
	if testing.Short() {
		size = 20000
	}
	msg := hashtest.RandBytes(11, size)
	for _, b := range []int{1, 7, 168, 169, 1000, 8192} {
		for _, xof := range []bool{false, true} {
			want, err := parallelHash(kindCSHAKE128, msg, b, []byte("S"), 45, xof)
			if err != nil {
				t.Fatal(err)
			}
			if b == 8192 && !xof {
				// The same input with leaves hashed one by one.
				var p phCore
				p.init(kindCSHAKE128, b, []byte("S"))
				for _, piece := range chunks(msg, b) {
					p.write(piece)
				}
				s := p.final(45 * 8)
				if got := appendSqueeze(nil, &s, 45); !bytes.Equal(got, want) {
					t.Fatal("leaf-at-a-time differs from batched")
				}
			}
			for _, step := range []int{1 + b/2, b, 3*b + 5, 65537} {
				if step == 1 && size > 100000 {
					continue
				}
				var got []byte
				if xof {
					h, _ := NewParallelHashXOF128(b, []byte("S"))
					for _, piece := range chunks(msg, step) {
						h.Write(piece)
					}
					got = make([]byte, 45)
					h.Read(got)
				} else {
					h, _ := NewParallelHash128(b, []byte("S"), 45)
					for _, piece := range chunks(msg, step) {
						h.Write(piece)
					}
					got = h.Sum(nil)
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("B=%d xof=%v: writes of %d bytes differ from one-shot", b, xof, step)
				}
			}
		}
	}
}

func chunks(b []byte, n int) [][]byte {
	var out [][]byte
	for len(b) > 0 {
		k := min(n, len(b))
		out = append(out, b[:k])
		b = b[k:]
	}
	return out
}

func TestParallelLeavesMatchSequential(t *testing.T) {
	hashtest.AllImplementations(t, "keccak", func(t *testing.T) { testLeaves(t) })
}

func testLeaves(t *testing.T) {
	for _, rate := range []int{168, 136} {
		cvLen := 200 - rate
		for _, b := range []int{1, 136, 1000, 8192} {
			// Every leaf count to 20 (each remainder of each kernel's
			// width), and beyond keccak.Leaves' parallel threshold.
			var counts []int
			for n := range 21 {
				counts = append(counts, n)
			}
			if !testing.Short() && b >= 1000 {
				counts = append(counts, (256<<10)/b+5)
			}
			for _, n := range counts {
				data := hashtest.RandBytes(3, b*n)
				a, s := make([]byte, n*cvLen), make([]byte, n*cvLen)
				hashLeaves(a, data, b, rate, cvLen)
				hashLeavesSequential(s, data, b, rate, cvLen)
				if !bytes.Equal(a, s) {
					t.Fatalf("rate %d B %d, %d leaves: parallel leaves differ", rate, b, n)
				}
			}
		}
	}
}

func TestErrors(t *testing.T) {
	if _, err := NewKMAC128(nil, nil, -1); err == nil {
		t.Error("NewKMAC128 accepted outLen -1")
	}
	// Lengths Sum could not make (growslice's panic, or the process's
	// end out of memory) are refused by every fixed-length function.
	lens := []int{maxOutLen + 1, math.MaxInt}
	if math.MaxInt > math.MaxInt32 {
		big := uint64(1) << 40
		lens = append(lens, int(big), int(big<<19))
	}
	for _, n := range lens {
		for name, f := range map[string]func(int) error{
			"NewKMAC128":       func(n int) error { _, err := NewKMAC128(nil, nil, n); return err },
			"NewKMAC256":       func(n int) error { _, err := NewKMAC256(nil, nil, n); return err },
			"NewTupleHash128":  func(n int) error { _, err := NewTupleHash128(nil, n); return err },
			"TupleHash256":     func(n int) error { _, err := TupleHash256(nil, nil, n); return err },
			"TupleHashXOF128":  func(n int) error { _, err := TupleHashXOF128(nil, nil, n); return err },
			"NewParallelHash":  func(n int) error { _, err := NewParallelHash128(8, nil, n); return err },
			"ParallelHash256":  func(n int) error { _, err := ParallelHash256(nil, 8, nil, n); return err },
			"ParallelHashXOF1": func(n int) error { _, err := ParallelHashXOF128(nil, 8, nil, n); return err },
		} {
			if f(n) == nil {
				t.Errorf("%s accepted outLen %d", name, n)
			}
		}
	}
	// A tag of another length than the MAC's fails without the MAC being
	// computed (here a GiB of it).
	k, err := NewKMAC256([]byte("key"), nil, maxOutLen)
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	ok := k.Verify(make([]byte, 32))
	runtime.ReadMemStats(&after)
	if ok || after.TotalAlloc-before.TotalAlloc > 1<<20 {
		t.Errorf("Verify of a 32-byte tag against a %d-byte MAC: %v, %d bytes allocated", maxOutLen, ok, after.TotalAlloc-before.TotalAlloc)
	}
	if _, err := TupleHash128(nil, nil, -5); err == nil {
		t.Error("TupleHash128 accepted outLen -5")
	}
	if _, err := TupleHashXOF256(nil, nil, -1); err == nil {
		t.Error("TupleHashXOF256 accepted outLen -1")
	}
	if _, err := NewTupleHash256(nil, -1); err == nil {
		t.Error("NewTupleHash256 accepted outLen -1")
	}
	for _, b := range []int{0, -1, math.MinInt} {
		if _, err := ParallelHash128([]byte("x"), b, nil, 32); err == nil {
			t.Errorf("ParallelHash128 accepted block size %d", b)
		}
		if _, err := NewParallelHash256(b, nil, 32); err == nil {
			t.Errorf("NewParallelHash256 accepted block size %d", b)
		}
		if _, err := NewParallelHashXOF128(b, nil); err == nil {
			t.Errorf("NewParallelHashXOF128 accepted block size %d", b)
		}
	}
	if _, err := ParallelHash256([]byte("x"), 8, nil, -1); err == nil {
		t.Error("ParallelHash256 accepted outLen -1")
	}
	if _, err := NewParallelHash128(8, nil, -1); err == nil {
		t.Error("NewParallelHash128 accepted outLen -1")
	}
	// Zero-length outputs are allowed (L = 0 is valid in SP 800-185).
	if out, err := TupleHash128(nil, nil, 0); err != nil || len(out) != 0 {
		t.Error("TupleHash128 with outLen 0 failed")
	}
}

// TestWriteAfterReadPanics: the documented misuse panics for every XOF.
func TestWriteAfterReadPanics(t *testing.T) {
	one := []byte{1}
	check := func(name string, read func(), write func()) {
		t.Helper()
		read()
		defer func() {
			if recover() == nil {
				t.Errorf("%s: Write after Read did not panic", name)
			}
		}()
		write()
	}
	th := NewTupleHashXOF256(nil)
	check("TupleHashXOF", func() { th.Read(one) }, func() { th.WriteElement(one) })
	k := NewKMACXOF128(nil, nil)
	check("KMACXOF", func() { k.Read(one) }, func() { k.Write(one) })
}

// TestMarshalGolden pins the marshalled format: a compatibility promise.
func TestMarshalGolden(t *testing.T) {
	allPaths(t, testMarshalGolden)
}

func testMarshalGolden(t *testing.T) {
	_, st := abcState()
	want := "686b3302" + "616263" + "0000000000" + "00" /* rest zero */
	if got := hex.EncodeToString(st[:len(want)/2]); got != want || len(st) != 206 || st[204] != 3 || st[205] != 0 {
		t.Fatalf("SHA3-256 state %x", st)
	}
	x := NewSHAKE128()
	x.Write([]byte("abc"))
	st, _ = x.MarshalBinary()
	if len(st) != 406 || string(st[:4]) != "hk3\x09" || st[204] != 3 {
		t.Fatalf("SHAKE128 state %x", st)
	}
	// Cross-algorithm states are refused.
	if New512().UnmarshalBinary(func() []byte { s, _ := New256().MarshalBinary(); return s }()) == nil {
		t.Error("SHA3-512 accepted a SHA3-256 state")
	}
	if NewSHAKE256().UnmarshalBinary(st) == nil {
		t.Error("SHAKE256 accepted a SHAKE128 state")
	}
	c := NewCSHAKE128(nil, []byte("S"))
	c.Write([]byte("abc"))
	cst, _ := c.MarshalBinary()
	y := NewSHAKE128()
	if err := y.UnmarshalBinary(cst); err != nil {
		t.Fatal(err)
	}
	a, b := make([]byte, 32), make([]byte, 32)
	c.Read(a)
	y.Read(b)
	if !bytes.Equal(a, b) {
		t.Error("cSHAKE state restored into another receiver differs")
	}
	// A SHAKE state with a non-zero initial state is refused.
	bad := bytes.Clone(st)
	bad[300] = 1
	if NewSHAKE128().UnmarshalBinary(bad) == nil {
		t.Error("SHAKE128 accepted a non-zero initial state")
	}
	// A SHA3 state marked as squeezing is refused.
	st, _ = New256().MarshalBinary()
	st[205] = 1
	if New256().UnmarshalBinary(st) == nil {
		t.Error("SHA3-256 accepted a squeezing state")
	}
}

// TestTupleHashMarshal: a TupleHash state resumes after any element, and
// states of other variants or output lengths are refused.
func TestTupleHashMarshal(t *testing.T) {
	tuple := [][]byte{[]byte("a"), bytes.Repeat([]byte("b"), 300), nil, []byte("c")}
	want, _ := TupleHash256(tuple, []byte("S"), 40)
	wantX, _ := TupleHashXOF128(tuple, []byte("S"), 40)
	for i := 0; i <= len(tuple); i++ {
		h, _ := NewTupleHash256([]byte("S"), 40)
		x := NewTupleHashXOF128([]byte("S"))
		for _, e := range tuple[:i] {
			h.WriteElement(e)
			x.WriteElement(e)
		}
		st, _ := h.MarshalBinary()
		stX, _ := x.MarshalBinary()
		h2, _ := NewTupleHash256(nil, 40)
		x2 := NewTupleHashXOF128(nil)
		if err := h2.UnmarshalBinary(st); err != nil {
			t.Fatal(err)
		}
		if err := x2.UnmarshalBinary(stX); err != nil {
			t.Fatal(err)
		}
		for _, e := range tuple[i:] {
			h2.WriteElement(e)
			x2.WriteElement(e)
		}
		got := make([]byte, 40)
		x2.Read(got)
		if !bytes.Equal(h2.Sum(nil), want) || !bytes.Equal(got, wantX) {
			t.Fatalf("resumed after %d elements differs", i)
		}
		other, _ := NewTupleHash256(nil, 41)
		if other.UnmarshalBinary(st) == nil {
			t.Fatal("accepted a state with another output length")
		}
		if NewTupleHashXOF256(nil).UnmarshalBinary(stX) == nil || x2.UnmarshalBinary(st) == nil {
			t.Fatal("accepted a state of another variant")
		}
	}
}

// Offsets in a ParallelHash state (phCore.appendBinary): the outer sponge's
// lanes, its initial lanes, the leaf's lanes, then leafN and blocks.
const (
	phOuter  = 4
	phInit   = phOuter + keccak.MarshaledSize
	phLeaf   = 4 + cshakeStateSize
	phLeafN  = phLeaf + keccak.MarshaledSize
	phBlocks = phLeafN + 8
)

// TestParallelHashMarshal: a ParallelHash state resumes after every prefix
// length (mid-leaf, at each leaf boundary, and on either side of the rate in
// the leaf and in the outer sponge), a ParallelHashXOF state also
// mid-squeeze, and each state marshals back to the same bytes.
func TestParallelHashMarshal(t *testing.T) {
	for _, b := range []int{1, 7, 100, 136, 168, 169, 400} {
		for _, v := range []struct {
			name string
			kind uint8
			xof  bool
		}{{"128", kindCSHAKE128, false}, {"256", kindCSHAKE256, false}, {"XOF128", kindCSHAKE128, true}, {"XOF256", kindCSHAKE256, true}} {
			msg := hashtest.RandBytes(12, 3*b+2*rateOf(v.kind)+5)
			want, _ := parallelHash(v.kind, msg, b, []byte("S"), 40, v.xof)
			mk := func() interface {
				io.Writer
				encoding.BinaryMarshaler
				encoding.BinaryUnmarshaler
			} {
				if v.xof {
					h, _ := newParallelHashXOF(v.kind, b, []byte("S"))
					return h
				}
				h, _ := newParallelHash(v.kind, b, []byte("S"), 40)
				return h
			}
			sum := func(h io.Writer) []byte {
				if x, ok := h.(*ParallelHashXOF); ok {
					out := make([]byte, 40)
					x.Read(out)
					return out
				}
				return h.(*ParallelHash).Sum(nil)
			}
			for i := 0; i <= len(msg); i++ {
				h := mk()
				h.Write(msg[:i])
				st, _ := h.MarshalBinary()
				h2 := mk()
				if err := h2.UnmarshalBinary(st); err != nil {
					t.Fatalf("ParallelHash%s B=%d: UnmarshalBinary after %d bytes: %v", v.name, b, i, err)
				}
				if again, _ := h2.MarshalBinary(); !bytes.Equal(again, st) {
					t.Fatalf("ParallelHash%s B=%d: state after %d bytes does not round-trip", v.name, b, i)
				}
				h2.Write(msg[i:])
				if !bytes.Equal(sum(h2), want) {
					t.Fatalf("ParallelHash%s B=%d: resumed after %d bytes differs", v.name, b, i)
				}
			}
			if !v.xof {
				continue
			}
			for _, i := range []int{0, b - 1, b, len(msg)} {
				h := mk()
				h.Write(msg[:i])
				first := make([]byte, 15)
				h.(*ParallelHashXOF).Read(first)
				st, _ := h.MarshalBinary()
				h2 := mk()
				if err := h2.UnmarshalBinary(st); err != nil {
					t.Fatalf("ParallelHash%s B=%d: UnmarshalBinary mid-squeeze after %d bytes: %v", v.name, b, i, err)
				}
				h3, _ := newParallelHashXOF(v.kind, b, []byte("S"))
				h3.Write(msg[:i])
				all := make([]byte, 40)
				h3.Read(all)
				if rest := sum(h2)[:25]; !bytes.Equal(append(first, rest...), all) {
					t.Fatalf("ParallelHash%s B=%d: resumed mid-squeeze after %d bytes differs", v.name, b, i)
				}
			}
		}
	}
}

// TestZeroValueStates: the zero values of the marshalling SP 800-185 hashes
// have no state to write, and a state whose initial lanes are zero (what
// they once wrote) is refused: accepted, it made the hash a wrong one until
// the end of its life, Reset included.
func TestZeroValueStates(t *testing.T) {
	type state interface {
		encoding.BinaryMarshaler
		encoding.BinaryUnmarshaler
	}
	tuple := func() *TupleHashXOF { return NewTupleHashXOF256([]byte("my-S")) }
	th, _ := NewTupleHash128(nil, 32)
	ph, _ := NewParallelHash128(8, nil, 32)
	phx, _ := NewParallelHashXOF256(8, nil)
	for _, c := range []struct {
		name       string
		zero, made state
	}{
		{"TupleHash", new(TupleHash), th},
		{"TupleHashXOF", new(TupleHashXOF), tuple()},
		{"ParallelHash", new(ParallelHash), ph},
		{"ParallelHashXOF", new(ParallelHashXOF), phx},
	} {
		if b, err := c.zero.MarshalBinary(); err == nil {
			t.Errorf("zero %s: MarshalBinary = %d bytes, no error", c.name, len(b))
		}
		st, err := c.made.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		// The initial lanes follow the sponge, after the 4-byte header.
		clear(st[4+keccak.MarshaledSize : 4+cshakeStateSize])
		if err := c.made.UnmarshalBinary(st); err == nil {
			t.Errorf("%s: a state with zero initial lanes restored", c.name)
		}
	}
	// The audit's case: a TupleHashXOF256 that took such a state hashed
	// neither its own customization nor none after Reset.
	h := tuple()
	st, _ := h.MarshalBinary()
	clear(st[4 : 4+cshakeStateSize])
	h.UnmarshalBinary(st)
	h.Reset()
	h.WriteElement([]byte("x"))
	got := make([]byte, 16)
	h.Read(got)
	want, _ := TupleHashXOF256([][]byte{[]byte("x")}, []byte("my-S"), 16)
	if !bytes.Equal(got, want) {
		t.Errorf("after UnmarshalBinary of a zeroed state and Reset: %x, want %x", got, want)
	}
}

// TestParallelHashUnmarshalForged: UnmarshalBinary refuses states that
// MarshalBinary never writes, leaving the hash as it was. Each is a genuine
// state with one field changed; all but the last two were accepted once
// (a leaf that claims no bytes but has absorbed some, for one, went on to
// give the next leaf a wrong chaining value).
func TestParallelHashUnmarshalForged(t *testing.T) {
	const B = 100 // left_encode(100) is 2 bytes; chaining values are 32
	state := func(n, read int) []byte {
		if read >= 0 {
			h, _ := NewParallelHashXOF128(B, []byte("S"))
			h.Write(hashtest.RandBytes(13, n))
			h.Read(make([]byte, read))
			st, _ := h.MarshalBinary()
			return st
		}
		h, _ := NewParallelHash128(B, []byte("S"), 32)
		h.Write(hashtest.RandBytes(13, n))
		st, _ := h.MarshalBinary()
		return st
	}
	xor := func(off int) func([]byte) { return func(st []byte) { st[off] ^= 1 } }
	set := func(off int, v uint64) func([]byte) {
		return func(st []byte) { binary.BigEndian.PutUint64(st[off:], v) }
	}
	for _, c := range []struct {
		name    string
		n, read int // bytes written; bytes read (of a ParallelHashXOF) or -1
		forge   func([]byte)
	}{
		{"empty, leaf lane 0 set", 0, -1, xor(phLeaf)},
		{"empty, leaf capacity set", 0, -1, xor(phLeaf + 199)},
		{"at a leaf boundary, leaf lane set", B, -1, xor(phLeaf + 5)},
		{"at two leaves, leaf lane set", 2 * B, -1, xor(phLeaf + 150)},
		{"mid-leaf, leaf byte past leafN", 10, -1, xor(phLeaf + 10)},
		{"mid-leaf, leaf capacity set", 10, -1, xor(phLeaf + 190)},
		{"squeezing, leaf byte past leafN", 10, 5, xor(phLeaf + 40)},
		{"squeezing at a leaf boundary, leaf lane set", B, 5, xor(phLeaf)},
		{"empty, outer lane past left_encode(B)", 0, -1, xor(phOuter + 50)},
		{"empty, outer left_encode(B)", 0, -1, xor(phOuter + 1)},
		{"empty, initial lane", 0, -1, xor(phInit + 3)},
		{"one leaf, outer lane past the chaining value", B + 3, -1, xor(phOuter + 2 + 32)},
		{"one leaf, outer capacity set", B, -1, xor(phOuter + 180)},
		{"one leaf, blocks 2", B, -1, set(phBlocks, 2)},
		{"one leaf, blocks 0", B + 3, -1, set(phBlocks, 0)},
		{"empty, blocks 1", 0, -1, set(phBlocks, 1)},
		{"ten leaves, blocks 11", 10 * B, -1, set(phBlocks, 11)},
		{"ten leaves, blocks 2^64-1", 10 * B, -1, set(phBlocks, math.MaxUint64)},
		{"mid-leaf, leafN 11", 10, -1, set(phLeafN, 11)},
		{"leafN B", 0, -1, set(phLeafN, B)},
	} {
		st := state(c.n, c.read)
		c.forge(st)
		var h interface {
			encoding.BinaryMarshaler
			encoding.BinaryUnmarshaler
		}
		if c.read >= 0 {
			h, _ = NewParallelHashXOF128(B, nil)
		} else {
			h, _ = NewParallelHash128(B, nil, 32)
		}
		before, _ := h.MarshalBinary()
		if h.UnmarshalBinary(st) == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		if after, _ := h.MarshalBinary(); !bytes.Equal(after, before) {
			t.Errorf("%s: a refused state changed the hash", c.name)
		}
	}
}

// TestZeroTupleHashXOFUnmarshal: the zero TupleHashXOF, which has no
// function name and so no rate, refuses every state, including the one an
// empty first Read leaves (squeezing at position 0, which fits any rate):
// accepted, it let the next Read skip the zero-value panic and return
// SHAKE256 output.
func TestZeroTupleHashXOFUnmarshal(t *testing.T) {
	for _, x := range []*TupleHashXOF{NewTupleHashXOF128([]byte("S")), NewTupleHashXOF256([]byte("S"))} {
		x.WriteElement([]byte("abc"))
		for _, read := range []int{0, 1, 200} {
			x.Read(make([]byte, read))
			st, _ := x.MarshalBinary()
			var z TupleHashXOF
			if z.UnmarshalBinary(st) == nil {
				t.Errorf("zero TupleHashXOF accepted a state (rate %d, after reading %d)", x.BlockSize(), read)
			}
		}
	}
}

// abcState returns a SHA3-256 that has absorbed "abc", and its marshalled
// state.
func abcState() (*SHA3, []byte) {
	h := New256()
	h.Write([]byte("abc"))
	st, _ := h.MarshalBinary()
	return h, st
}

// TestUnmarshalErrorLeavesState: a rejected state does not disturb the hash.
func TestUnmarshalErrorLeavesState(t *testing.T) {
	allPaths(t, testUnmarshalErrorLeavesState)
}

func testUnmarshalErrorLeavesState(t *testing.T) {
	h, st := abcState()
	st[204] = 200 // position beyond the rate
	if h.UnmarshalBinary(st) == nil {
		t.Fatal("accepted a bad position")
	}
	if got, want := h.Sum(nil), Sum256([]byte("abc")); !bytes.Equal(got, want[:]) {
		t.Fatal("a rejected UnmarshalBinary changed the state")
	}
}

// TestKMACShortTag checks that tags below 32 bits never verify, the empty
// tag of a zero-length KMAC included (it would match every message).
func TestKMACShortTag(t *testing.T) {
	for n := range minTag + 1 {
		k, err := NewKMAC128([]byte("key"), nil, n)
		if err != nil {
			t.Fatal(err)
		}
		k.Write([]byte("message"))
		if got := k.Verify(k.Sum(nil)); got != (n >= minTag) {
			t.Errorf("outLen %d: Verify of its own tag = %v", n, got)
		}
	}
}

// TestZeroSP800185Panics checks that the zero values of the SP 800-185
// types, which have no key, function name or customization, refuse input
// and output with a message of the package's, not a runtime error (a zero
// KMACXOF would otherwise return an unkeyed "MAC").
func TestZeroSP800185Panics(t *testing.T) {
	msg := []byte("message")
	out := make([]byte, 32)
	hashtest.PanicsWith(t, "hashkit/sha3: zero ", map[string]func(){
		"zero KMAC":                      func() { var k KMAC; k.Write(msg); k.Sum(nil) },
		"zero KMAC.Verify":               func() { var k KMAC; k.Verify(out) },
		"zero KMACXOF":                   func() { var k KMACXOF; k.Write(msg); k.Read(out) },
		"zero TupleHash":                 func() { var h TupleHash; h.Sum(nil) },
		"zero TupleHash.WriteElement":    func() { var h TupleHash; h.WriteElement(msg) },
		"zero TupleHashXOF":              func() { var h TupleHashXOF; h.Read(out) },
		"zero TupleHashXOF.WriteElement": func() { var h TupleHashXOF; h.WriteElement(msg) },
		"zero ParallelHash":              func() { var h ParallelHash; h.Sum(nil) },
		"zero ParallelHash.Write":        func() { var h ParallelHash; h.Write(msg) },
		"zero ParallelHashXOF":           func() { var h ParallelHashXOF; h.Read(out) },
		"zero ParallelHashXOF.Write":     func() { var h ParallelHashXOF; h.Write(msg) },
	})
}

// TestZeroKeccakPRG checks that the zero KeccakPRG, which has no block
// length, returns errors rather than panicking on a long seed or giving
// output of a generator of no defined capacity.
func TestZeroKeccakPRG(t *testing.T) {
	var g KeccakPRG
	for _, n := range []int{1, 300} {
		if err := g.AddEntropy(make([]byte, n)); err == nil {
			t.Errorf("zero KeccakPRG: AddEntropy of %d bytes succeeded", n)
		}
	}
	if n, err := g.Read(make([]byte, 8)); err == nil || n != 0 {
		t.Errorf("zero KeccakPRG: Read gave %d bytes (%v)", n, err)
	}
	if err := g.Forget(); err == nil {
		t.Error("zero KeccakPRG: Forget succeeded")
	}
}
