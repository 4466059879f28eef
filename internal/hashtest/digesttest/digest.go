// Package digesttest holds the tests that md5, sha1 and ripemd160 share
// (and, where it fits, the sha256 and sha512 packages and the bench module):
// known answers, vector files, differential loops against a reference
// implementation, moving marshalled states to and from it, and the fuzz and
// allocation bodies. Each package keeps its own known answers, golden states
// and kernel tests; a reference is a one-shot function or a constructor of a
// hash from another package (the standard library in the main module).
package digesttest

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// Golden is a known answer: a string and its hex digest.
type Golden [2]string

// TestGolden checks sum on each answer, and a stream of one-byte writes to
// mk for the inputs of at most 1000 bytes.
func TestGolden(t *testing.T, golden []Golden, sum func([]byte) []byte, mk func() hash.Hash) {
	t.Helper()
	for _, g := range golden {
		in, out := g[0], g[1]
		if got := hex.EncodeToString(sum([]byte(in))); got != out {
			t.Errorf("Sum(%.20q) = %s, want %s", in, got, out)
		}
		if len(in) > 1000 {
			continue
		}
		h := mk()
		for i := range len(in) {
			h.Write([]byte{in[i]})
		}
		if got := hex.EncodeToString(h.Sum(nil)); got != out {
			t.Errorf("byte-wise %.20q = %s, want %s", in, got, out)
		}
	}
}

// TestVectorsOf runs every vector of family through mk (hashtest.CheckFixedVectors
// with hashtest.AllVectors). Every vector must be of algorithm alg, and of no kind
// but those in skipKinds (left to another test). It fails if no vector ran.
func TestVectorsOf(t *testing.T, family, alg string, mk func() hash.Hash, skipKinds ...string) {
	t.Helper()
	for _, c := range hashtest.Vectors(t, family) {
		if c.Algorithm != alg || (c.Kind != "" && !slices.Contains(skipKinds, c.Kind)) {
			t.Fatalf("%s: unexpected vector kind %q/%q", c.ID, c.Algorithm, c.Kind)
		}
	}
	if hashtest.CheckFixedVectors(t, family, map[string]func() hash.Hash{alg: mk}, hashtest.AllVectors, skipKinds...) == 0 {
		t.Fatal("no vectors")
	}
}

// TestDifferential compares sum and a hasher from mk, written in random
// chunks of up to 199 bytes, with ref at every length 0..1100. The message
// is hashtest.RandBytes(msgSeed, 1101); the chunk sizes come from PCG(1, chunkSeed).
func TestDifferential(t *testing.T, msgSeed, chunkSeed uint64, sum func([]byte) []byte, mk func() hash.Hash, ref func([]byte) []byte) {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, chunkSeed))
	msg := hashtest.RandBytes(msgSeed, 1101)
	h := mk()
	for n := 0; n <= 1100; n++ {
		want := ref(msg[:n])
		if got := sum(msg[:n]); !bytes.Equal(got, want) {
			t.Fatalf("Sum of %d bytes: %x, want %x", n, got, want)
		}
		h.Reset()
		for p := msg[:n]; len(p) > 0; {
			k := min(len(p), rng.IntN(200))
			h.Write(p[:k])
			p = p[k:]
		}
		if got := h.Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("random chunking of %d bytes: %x, want %x", n, got, want)
		}
	}
}

// TestStateInterop checks that marshalled states move both ways between
// hashers from mk and from ref (named refName in messages), whose formats
// must be byte for byte the same, after several prefix lengths.
func TestStateInterop(t *testing.T, refName string, mk, ref func() hash.Hash) {
	t.Helper()
	msg := hashtest.RandBytes(8, 300)
	whole := ref()
	whole.Write(msg)
	want := whole.Sum(nil)
	for _, n := range []int{0, 1, 63, 64, 65, 130, 299} {
		std := ref()
		std.Write(msg[:n])
		st := hashtest.Marshal(t, std)
		h := mk()
		if err := hashtest.Unmarshal(h, st); err != nil {
			t.Fatalf("%s state after %d bytes: %v", refName, n, err)
		}
		if ours := hashtest.Marshal(t, h); !bytes.Equal(ours, st) {
			t.Fatalf("after %d bytes: our state %x, %s's %x", n, ours, refName, st)
		}
		h.Write(msg[n:])
		if got := h.Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("resumed from %s after %d bytes differs", refName, n)
		}
		// And back.
		h = mk()
		h.Write(msg[:n])
		std = ref()
		if err := hashtest.Unmarshal(std, hashtest.Marshal(t, h)); err != nil {
			t.Fatal(err)
		}
		std.Write(msg[n:])
		if got := std.Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("%s resumed from our state after %d bytes differs", refName, n)
		}
	}
}

// TestLargeLength checks the length encoding of a Merkle-Damgård hash for
// messages past 2^32 and 2^35 bytes (and bit counts past 2^64, which wrap):
// hashers from mk and ref resume from the same state, ref's with its
// big-endian byte counter (the last 8 bytes of the state) set to a large
// value, and must agree after a few more bytes.
func TestLargeLength(t *testing.T, mk, ref func() hash.Hash) {
	t.Helper()
	tail := hashtest.RandBytes(9, 200)
	bs := uint64(mk().BlockSize())
	for _, total := range []uint64{1<<32 - 1, 1 << 32, 1<<32 + 70, 1<<35 - 3, 1 << 35, 1<<35 + 1, 1<<61 - 1, 1 << 61, 1<<64 - 5} {
		for _, extra := range []int{0, 1, 55, 56, 64, 200} {
			std := ref()
			std.Write(tail[:total%bs])
			st := hashtest.Marshal(t, std)
			binary.BigEndian.PutUint64(st[len(st)-8:], total)
			if err := hashtest.Unmarshal(std, st); err != nil {
				t.Fatal(err)
			}
			h := mk()
			if err := hashtest.Unmarshal(h, st); err != nil {
				t.Fatal(err)
			}
			std.Write(tail[:extra])
			h.Write(tail[:extra])
			if got, want := h.Sum(nil), std.Sum(nil); !bytes.Equal(got, want) {
				t.Fatalf("length %d+%d: %x, want %x", total, extra, got, want)
			}
		}
	}
}

// TestUnmarshalRejects checks that a hasher from mk rejects damaged states
// of a hasher that has absorbed "hello": nil, a cut magic, another
// package's magic, a state one byte short or long, and one with a nonzero
// byte at badIndex, past the buffered input.
func TestUnmarshalRejects(t *testing.T, mk func() hash.Hash, otherMagic string, badIndex int) {
	t.Helper()
	h := mk()
	h.Write([]byte("hello"))
	st := hashtest.Marshal(t, h)
	bad := bytes.Clone(st)
	bad[badIndex] = 1
	for _, b := range [][]byte{nil, st[:3], []byte(otherMagic), st[:len(st)-1], append(bytes.Clone(st), 0), bad} {
		if err := hashtest.Unmarshal(mk(), b); err == nil {
			t.Errorf("UnmarshalBinary(%x) accepted", b)
		}
	}
}

// TestGoldenState checks the marshalled state, hex-encoded, of a hasher from
// mk after writing msg: the format is a compatibility promise.
func TestGoldenState(t *testing.T, mk func() hash.Hash, msg, want string) {
	t.Helper()
	h := mk()
	h.Write([]byte(msg))
	if got := hex.EncodeToString(hashtest.Marshal(t, h)); got != want {
		t.Fatalf("state %s\nwant  %s", got, want)
	}
}

// TestLongMessage checks sum of a million "a" against millionA and, outside
// -short, a 4296028163-byte stream (4097 writes of the 1 MiB + 3 bytes
// i % 251) against stream, both hex-encoded.
func TestLongMessage(t *testing.T, sum func([]byte) []byte, mk func() hash.Hash, millionA, stream string) {
	t.Helper()
	if got := hex.EncodeToString(sum(bytes.Repeat([]byte("a"), 1000000))); got != millionA {
		t.Fatalf("million a: %s", got)
	}
	if testing.Short() {
		t.Skip("skipping the 4 GiB stream under -short")
	}
	buf := make([]byte, 1<<20+3)
	for i := range buf {
		buf[i] = byte(i % 251)
	}
	h := mk()
	for range 4097 {
		h.Write(buf)
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != stream {
		t.Fatalf("4 GiB stream: %s", got)
	}
}

// CheckSplit is the body of a split fuzz target: sum(msg) and msg written to
// a hasher from mk in two pieces, at split modulo len(msg)+1, must both
// equal want.
func CheckSplit(t *testing.T, msg []byte, split uint, want []byte, sum func([]byte) []byte, mk func() hash.Hash) {
	t.Helper()
	if got := sum(msg); !bytes.Equal(got, want) {
		t.Fatalf("Sum %x, want %x", got, want)
	}
	k := int(split % uint(len(msg)+1))
	h := mk()
	h.Write(msg[:k])
	h.Write(msg[k:])
	if got := h.Sum(nil); !bytes.Equal(got, want) {
		t.Fatalf("split at %d: %x, want %x", k, got, want)
	}
}

// CrossCheckLengths cross-checks sum with @noble/hashes' alg on 200 random
// inputs: lengths 0..149, then 150*97 to 199*97.
func CrossCheckLengths(t *testing.T, alg string, sum func([]byte) []byte) {
	t.Helper()
	lengths := hashtest.UpTo(149)
	for i := 150; i < 200; i++ {
		lengths = append(lengths, i*97)
	}
	s := hashtest.NewNobleSet(100)
	s.AddSums(lengths, map[string]func([]byte) []byte{alg: sum})
	s.Check(t)
}
