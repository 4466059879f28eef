// Package blake2test holds the tests that blake2b and blake2s share: the
// two packages differ only in word size and constants, so one suite,
// parameterised by a BLAKE2 description, checks both.
package blake2test

import (
	"bytes"
	"crypto"
	"encoding"
	"encoding/hex"
	"hash"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/blake2"
	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
)

// BLAKE2 describes the blake2b or blake2s package to the tests the two
// share; the sizes and constructors are the only differences between them.
// Describe fills in the constructors.
type BLAKE2 struct {
	Pkg  string // registry name, "blake2b"
	Alg  string // algorithm name in the vector file and in noble, "BLAKE2b"
	XAlg string // the BLAKE2X name in the vector file, "BLAKE2Xb"

	Size, BlockSize, SaltSize, PersonalSize int
	NodeOffsetBits                          int // the width of the node offset field

	// Fixed are the package's constructors of one digest size each
	// (New512, ...), with their one-shot sums and registered hashes.
	Fixed []Fixed

	// KeyedDigest returns the package's unkeyed digest type initialised
	// with a key, as the keyed hash wraps it (Keyed): it must refuse to
	// marshal.
	KeyedDigest func(size int, key []byte) Marshaler

	// New is the package's New(size, key).
	New func(size int, key []byte) (hash.Hash, error)

	newParams   func(*blake2.Params) (hash.Hash, error)
	newXOF      func(size int, p *blake2.Params) (hash.XOF, error)
	clone       func(hash.XOF) hash.XOF
	reservedXOF int // the all-ones XOF length, which BLAKE2X reserves
}

// Fixed is a constructor of one digest size.
type Fixed struct {
	Size int
	New  func(key []byte) (hash.Hash, error)
	// Sum is the one-shot function; nil where there is none (BLAKE2s-128,
	// a MAC only, which also refuses an empty key).
	Sum func([]byte) []byte
	// Hash is the crypto.Hash the package registers for Size, or 0.
	Hash crypto.Hash
}

// Marshaler is the marshaling pair a digest implements.
type Marshaler interface {
	encoding.BinaryMarshaler
	encoding.BinaryUnmarshaler
}

// Keyed returns a KeyedDigest that initialises a new D with init (the
// package's initSimple); it also asserts at compile time that *D is a
// hashtest.StateHash. (The keyed type's hash.Cloner and the XOF's
// interfaces are asserted by the packages' own Clone and NewXOF.)
func Keyed[D any, PD interface {
	*D
	hashtest.StateHash
}](init func(PD, int, []byte)) func(size int, key []byte) Marshaler {
	return func(size int, key []byte) Marshaler {
		d := PD(new(D))
		init(d, size, key)
		return d
	}
}

// Describe completes b with the package's New, NewWithParams and
// NewXOFWithParams and returns it. P is the package's Params, whose fields
// are blake2.Params's (the packages convert one to the other).
func Describe[P any, S uint16 | uint32, X interface {
	hash.XOF
	Clone() X
}](b *BLAKE2, newHash func(int, []byte) (hash.Hash, error), newParams func(*P) (hash.Hash, error), newXOF func(S, *P) (X, error)) *BLAKE2 {
	conv := func(p *blake2.Params) *P {
		if p == nil {
			return nil
		}
		q := reflect.ValueOf(*p).Convert(reflect.TypeFor[P]()).Interface().(P)
		return &q
	}
	b.New = newHash
	b.newParams = func(p *blake2.Params) (hash.Hash, error) { return newParams(conv(p)) }
	b.newXOF = func(size int, p *blake2.Params) (hash.XOF, error) {
		x, err := newXOF(S(size), conv(p))
		if err != nil {
			return nil, err
		}
		return x, nil
	}
	b.clone = func(x hash.XOF) hash.XOF { return x.(X).Clone() }
	b.reservedXOF = int(^S(0))
	return b
}

// NewParams is the package's NewWithParams with the given fields (nil for
// absent).
func (b *BLAKE2) NewParams(size int, key, salt, personal []byte) (hash.Hash, error) {
	return b.newParams(&blake2.Params{Size: size, Key: key, Salt: salt, Personal: personal})
}

// NewXOF is the package's NewXOFWithParams with the given fields; size 0 is
// OutputLengthUnknown.
func (b *BLAKE2) NewXOF(size int, key, salt, personal []byte) (hash.XOF, error) {
	return b.newXOF(size, &blake2.Params{Key: key, Salt: salt, Personal: personal})
}

func (b *BLAKE2) mustNew(t testing.TB, size int, key []byte) hash.Hash {
	t.Helper()
	h, err := b.New(size, key)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func (b *BLAKE2) mustXOF(t testing.TB, size int, key, salt, personal []byte) hash.XOF {
	t.Helper()
	x, err := b.NewXOF(size, key, salt, personal)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// TestRFC7693 checks, on every implementation, the examples of RFC 7693:
// Appendix A or B, the one-shot digest of the largest size of "abc" (hex
// appendix), and the self-test of Appendix E: the grand hash (32 bytes) of
// the digests of every output length in outlens, unkeyed and keyed, over
// inputs of each length in inlens, against the hex value grand.
func (b *BLAKE2) TestRFC7693(t *testing.T, appendix string, outlens, inlens []int, grand string) {
	hashtest.AllImplementations(t, b.Pkg, func(t *testing.T) {
		want := hashtest.Unhex(appendix)
		if got := b.sum()([]byte("abc")); !bytes.Equal(got, want) {
			t.Errorf("%s-%d(\"abc\") = %x, want %x", b.Alg, 8*b.Size, got, want)
		}
		b.testSelfTest(t, outlens, inlens, grand)
	})
}

func (b *BLAKE2) testSelfTest(t *testing.T, outlens, inlens []int, want string) {
	t.Helper()
	// selftestSeq is selftest_seq of Appendix E: a Fibonacci-like sequence
	// seeded with seed.
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
	grand := b.mustNew(t, 32, nil)
	for _, outlen := range outlens {
		for _, inlen := range inlens {
			in := selftestSeq(inlen, uint32(inlen))
			h := b.mustNew(t, outlen, nil)
			h.Write(in)
			grand.Write(h.Sum(nil))
			key := selftestSeq(outlen, uint32(outlen))
			h = b.mustNew(t, outlen, key)
			h.Write(in)
			grand.Write(h.Sum(nil))
		}
	}
	if got := hex.EncodeToString(grand.Sum(nil)); got != want {
		t.Errorf("Appendix E self-test: %s, want %s", got, want)
	}
}

// TestVectors runs every vector of ../shared/vectors/blake2.json.gz for
// b.Alg (through NewParams, and through New where there is no salt or
// personalization) and b.XAlg (reading the whole output, then io.EOF), and
// checks that exactly nHash and nXOF of them ran, on every implementation.
func (b *BLAKE2) TestVectors(t *testing.T, nHash, nXOF int) {
	hashtest.AllImplementations(t, b.Pkg, func(t *testing.T) { b.testVectors(t, nHash, nXOF) })
}

func (b *BLAKE2) testVectors(t *testing.T, nHash, nXOF int) {
	t.Helper()
	counts := map[string]int{}
	for _, c := range hashtest.Vectors(t, "blake2") {
		switch c.Algorithm {
		case b.Alg:
			c.SkipSlow(t)
			key, salt, personal := c.Bytes("key"), c.Bytes("salt"), c.Bytes("personal")
			h, err := b.NewParams(c.OutLen, key, salt, personal)
			if err != nil {
				t.Fatalf("%s: %v", c.ID, err)
			}
			c.Input.WriteTo(h)
			if got := h.Sum(nil); !bytes.Equal(got, c.Expected) {
				t.Fatalf("%s: got %x, want %x", c.ID, got, c.Expected)
			}
			if salt == nil && personal == nil {
				// The x/crypto-style constructor must agree.
				h := b.mustNew(t, c.OutLen, key)
				c.Input.WriteTo(h)
				if got := h.Sum(nil); !bytes.Equal(got, c.Expected) {
					t.Fatalf("%s: New: got %x, want %x", c.ID, got, c.Expected)
				}
			}
		case b.XAlg:
			x, err := b.NewXOF(c.OutLen, c.Bytes("key"), nil, nil)
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
	// Make sure no vector was silently dropped.
	if counts[b.Alg] != nHash || counts[b.XAlg] != nXOF {
		t.Errorf("ran %v vectors", counts)
	}
}

// TestAccumulated hashes 3000 generated cases (every digest size, keys of
// every length, with and without salt and personalization, inputs of 0 to
// 516 bytes) and feeds the digests into one accumulator hash of b.Size
// bytes, whose hex value must be want: the value CPython 3.11.7's hashlib
// (the BLAKE2 reference code) computes with this program (the first line
// printed is BLAKE2b's, the second BLAKE2s's):
//
//	import hashlib
//	def acc(alg, n, maxsize, saltlen):
//	    h = getattr(hashlib, alg)
//	    a = h()
//	    for i in range(n):
//	        size = 1 + i % maxsize
//	        key = bytes((i + j) % 256 for j in range((i * 7) % (maxsize + 1)))
//	        salt = b'' if i % 3 == 0 else bytes((3 * i + j) % 256 for j in range(saltlen))
//	        person = b'' if i % 5 == 0 else bytes((5 * i + j) % 256 for j in range(saltlen))
//	        msg = bytes((i * j + 1) % 256 for j in range((i * 13) % 517))
//	        a.update(h(msg, digest_size=size, key=key, salt=salt, person=person).digest())
//	    return a.hexdigest()
//	print(acc('blake2b', 3000, 64, 16))
//	print(acc('blake2s', 3000, 32, 8))
//
// It runs on every implementation.
func (b *BLAKE2) TestAccumulated(t *testing.T, want string) {
	hashtest.AllImplementations(t, b.Pkg, func(t *testing.T) { b.testAccumulated(t, want) })
}

func (b *BLAKE2) testAccumulated(t *testing.T, want string) {
	t.Helper()
	acc := b.mustNew(t, b.Size, nil)
	for i := range 3000 {
		key := make([]byte, (i*7)%(b.Size+1))
		for j := range key {
			key[j] = byte(i + j)
		}
		var salt, personal []byte
		if i%3 != 0 {
			salt = make([]byte, b.SaltSize)
			for j := range salt {
				salt[j] = byte(3*i + j)
			}
		}
		if i%5 != 0 {
			personal = make([]byte, b.PersonalSize)
			for j := range personal {
				personal[j] = byte(5*i + j)
			}
		}
		msg := make([]byte, (i*13)%517)
		for j := range msg {
			msg[j] = byte(i*j + 1)
		}
		h, err := b.NewParams(1+i%b.Size, key, salt, personal)
		if err != nil {
			t.Fatal(err)
		}
		h.Write(msg)
		acc.Write(h.Sum(nil))
	}
	if got := hex.EncodeToString(acc.Sum(nil)); got != want {
		t.Errorf("accumulated digest %s, want %s", got, want)
	}
}

// TestNoble cross-checks against @noble/hashes (crosscheck/noble,
// algs/blake2.mjs) over random lengths, digest sizes, keys, salts and
// personalization strings: 300 cases, 60 under -short. noble has no
// BLAKE2X or tree parameters.
func (b *BLAKE2) TestNoble(t *testing.T) {
	s := hashtest.NewNobleSet(0)
	for i := range s.Count(300, 60) {
		seed := uint64(i)
		r := hashtest.RandBytes(seed, 4)
		size := 1 + int(r[0])%b.Size
		var key, salt, personal []byte
		p := map[string]any{"dkLen": size}
		if r[1]&1 != 0 {
			key = hashtest.RandBytes(seed+1000, 1+int(r[2])%b.Size)
			p["key"] = key
		}
		if r[1]&2 != 0 {
			salt = hashtest.RandBytes(seed+2000, b.SaltSize)
			p["salt"] = salt
		}
		if r[1]&4 != 0 {
			personal = hashtest.RandBytes(seed+3000, b.PersonalSize)
			p["personal"] = personal
		}
		length := (i * 37) % 700
		if i%10 == 0 {
			length = i * 211 // a few longer inputs
		}
		in := hashtest.RandBytes(seed+4000, length)
		s.Add(b.Alg, p, in, func() ([]byte, error) {
			h, err := b.NewParams(size, key, salt, personal)
			if err != nil {
				return nil, err
			}
			h.Write(in)
			return h.Sum(nil), nil
		})
	}
	s.CheckAll(t, b.Pkg)
}

// TestXOFLongOutput checks that reading BLAKE2X output in odd pieces equals
// one read, across many output blocks, for known and unknown lengths; and
// that an unknown-length output is not a prefix of a known one (the length
// is in the parameter block).
func (b *BLAKE2) TestXOFLongOutput(t *testing.T) {
	read := func(size int, steps ...int) []byte {
		x := b.mustXOF(t, size, []byte("key"), bytes.Repeat([]byte{2}, b.SaltSize), bytes.Repeat([]byte{3}, b.PersonalSize))
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
	for _, size := range []int{3000, 0} {
		want := read(size, 3000)
		for _, steps := range [][]int{{1}, {63, 65}, {64}, {100, 1, 7}, {129}} {
			if got := read(size, steps...); !bytes.Equal(got, want) {
				t.Errorf("size %d: reads of %v differ", size, steps)
			}
		}
	}
	if bytes.Equal(read(3000, 3000)[:64], read(0, 3000)[:64]) {
		t.Error("known and unknown output lengths give the same output")
	}
}

// TestXOFClone checks that a clone taken mid-squeeze is independent.
func (b *BLAKE2) TestXOFClone(t *testing.T) {
	for _, size := range []int{300, 0} {
		x := b.mustXOF(t, size, []byte("k"), nil, nil)
		x.Write([]byte("clone me"))
		want := make([]byte, 300)
		b.clone(x).Read(want)
		first := make([]byte, 70)
		x.Read(first)
		c := b.clone(x)
		rest, rest2 := make([]byte, 230), make([]byte, 230)
		x.Read(rest)
		c.Read(rest2)
		if !bytes.Equal(append(first, rest...), want) || !bytes.Equal(rest, rest2) {
			t.Fatalf("size %d: clone mid-squeeze is not independent", size)
		}
	}
}

// CheckXOFPieces is the body of the XOF fuzz target: size is taken modulo
// 5000 (0 is an output of unknown length, of which 3000 bytes are read);
// reading in pieces of steps[i]+1 bytes must equal one read of a clone, and
// a known length must end with io.EOF.
func (b *BLAKE2) CheckXOFPieces(t *testing.T, size int, in, steps []byte) {
	t.Helper()
	if len(steps) == 0 {
		return
	}
	size %= 5000
	x := b.mustXOF(t, size, nil, nil, nil)
	x.Write(in)
	total := size
	if size == 0 {
		total = 3000
	}
	want := make([]byte, total)
	b.clone(x).Read(want)
	var got []byte
	for i := 0; len(got) < total; i++ {
		buf := make([]byte, int(steps[i%len(steps)])+1)
		n, err := x.Read(buf)
		if err != nil {
			t.Fatalf("Read after %d bytes: %v", len(got), err)
		}
		got = append(got, buf[:n]...)
	}
	if !bytes.Equal(got[:total], want) {
		t.Fatal("pieces differ from one read")
	}
	if size != 0 {
		if len(got) != total {
			t.Fatalf("read %d bytes of a %d-byte output", len(got), total)
		}
		if n, err := x.Read(make([]byte, 1)); n != 0 || err == nil {
			t.Fatal("Read past the end did not return EOF")
		}
	}
}

// CheckSplit3 is the body of the split fuzz target: in written in three
// pieces (split at i and j) equals one write, keyed and unkeyed; unkeyed,
// a state marshalled after the first piece resumes to the same digest, and
// for the largest size sum (the package's one-shot function) agrees.
func (b *BLAKE2) CheckSplit3(t *testing.T, in []byte, i, j int, key []byte, size int, sum func([]byte) []byte) {
	t.Helper()
	if len(key) > b.Size || size < 1 || size > b.Size {
		return
	}
	lo, hi := min(i, len(in)), min(j, len(in))
	if lo > hi {
		lo, hi = hi, lo
	}
	one := b.mustNew(t, size, key)
	one.Write(in)
	want := one.Sum(nil)
	h := b.mustNew(t, size, key)
	h.Write(in[:lo])
	h.Write(in[lo:hi])
	h.Write(in[hi:])
	if got := h.Sum(nil); !bytes.Equal(got, want) {
		t.Fatalf("split %d, %d differs", lo, hi)
	}
	if len(key) != 0 {
		return
	}
	if size == b.Size {
		if s := sum(in); !bytes.Equal(s, want) {
			t.Fatal("one-shot Sum differs")
		}
	}
	h = b.mustNew(t, size, nil)
	h.Write(in[:lo])
	st := hashtest.Marshal(t, h)
	h2 := b.mustNew(t, size, nil)
	if err := hashtest.Unmarshal(h2, st); err != nil {
		t.Fatal(err)
	}
	h2.Write(in[lo:])
	if got := h2.Sum(nil); !bytes.Equal(got, want) {
		t.Fatal("resumed state differs")
	}
}

// NamedHash is a named constructor for TestHashes.
type NamedHash struct {
	Name string
	New  func() (hash.Hash, error)
}

// TestConformance runs, on every implementation, TestHashes (hs, short)
// and TestXOFs (key).
func (b *BLAKE2) TestConformance(t *testing.T, hs []NamedHash, short string, key []byte) {
	hashtest.AllImplementations(t, b.Pkg, func(t *testing.T) {
		TestHashes(t, hs, short)
		b.TestXOFs(t, key)
	})
}

// TestHashes runs TestHash on each constructor in a subtest of its name.
// Under -short (and so under emulation in CI) it runs only those whose name
// is a substring of short, since the split test is quadratic.
func TestHashes(t *testing.T, hs []NamedHash, short string) {
	t.Helper()
	for _, tc := range hs {
		if testing.Short() && !strings.Contains(short, tc.Name) {
			continue
		}
		t.Run(tc.Name, func(t *testing.T) {
			hashtest.TestHash(t, func() hash.Hash {
				h, err := tc.New()
				if err != nil {
					t.Fatal(err)
				}
				return h
			})
		})
	}
}

// TestXOFs runs TestXOF (which reads 511 bytes) on BLAKE2X outputs of 511,
// 1000 (not under -short) and an unknown number of bytes, unkeyed and with
// key.
func (b *BLAKE2) TestXOFs(t *testing.T, key []byte) {
	t.Helper()
	for _, size := range []int{511, 1000, 0} {
		if testing.Short() && size == 1000 {
			continue
		}
		for _, k := range [][]byte{nil, key} {
			t.Run("XOF", func(t *testing.T) {
				hashtest.TestXOF(t, func() hash.XOF { return b.mustXOF(t, size, k, nil, nil) })
			})
		}
	}
}

// CheckLastBlock compares a BLAKE2 package's final-block compression last
// (lastBlock) under every implementation with generic (lastBlockGeneric,
// run with the portable blocks) on the fuzzer's chaining value seed,
// counter (t0, t1: carries included), last-node flag f1 and tail p, cut to
// at most one block.
func CheckLastBlock[W uint32 | uint64](t *testing.T, pkg string, blockSize int, seed, t0, t1, f1 W, p []byte, last, generic func(h *[8]W, c *[2]W, f1 W, p []byte)) {
	t.Helper()
	p = p[:min(len(p), blockSize)]
	var h [8]W
	for i := range h {
		h[i] = seed * W(2*i+1)
	}
	defer cpu.Restore(pkg)
	cpu.Select(pkg, "")
	wantH, wantC := h, [2]W{t0, t1}
	generic(&wantH, &wantC, f1, p)
	for _, name := range cpu.Impls(pkg) {
		cpu.Select(pkg, name)
		gotH, gotC := h, [2]W{t0, t1}
		last(&gotH, &gotC, f1, p)
		if gotH != wantH || gotC != wantC {
			t.Fatalf("%s: the final block of %d bytes differs from the portable code", name, len(p))
		}
	}
}
