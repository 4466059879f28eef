package sha1

import (
	"bytes"
	stdsha1 "crypto/sha1"
	"encoding"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"math/rand/v2"
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
)

// Known answers: FIPS 180-2 appendix A (A.1 "abc", A.2 the 448-bit message),
// RFC 3174 section 7.3 (TEST1, TEST2, TEST4), and the empty message
// (NIST SHAVS SHA1ShortMsg.rsp, Len = 0).
var golden = []struct{ in, out string }{
	{"", "da39a3ee5e6b4b0d3255bfef95601890afd80709"},
	{"abc", "a9993e364706816aba3e25717850c26c9cd0d89d"},
	{"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"},
	{strings.Repeat("01234567", 80), "dea356a2cddd90c7a7ecedc5ebb563934f460452"},
}

func TestGolden(t *testing.T) {
	hashtest.AllImplementations(t, "sha1", func(t *testing.T) {
		for _, g := range golden {
			s := Sum([]byte(g.in))
			if got := hex.EncodeToString(s[:]); got != g.out {
				t.Errorf("Sum(%q) = %s, want %s", g.in, got, g.out)
			}
			h := New()
			for i := range len(g.in) {
				h.Write([]byte{g.in[i]})
			}
			if got := hex.EncodeToString(h.Sum(nil)); got != g.out {
				t.Errorf("byte-wise %q = %s, want %s", g.in, got, g.out)
			}
		}
	})
}

func TestVectors(t *testing.T) {
	hashtest.AllImplementations(t, "sha1", func(t *testing.T) {
		n := 0
		for _, c := range hashtest.Vectors(t, "sha1") {
			if c.Kind == "mct-sha2" {
				continue // TestVectorsMonteCarlo
			}
			if c.Algorithm != "SHA-1" || c.Kind != "" {
				t.Fatalf("%s: unexpected vector kind %q/%q", c.ID, c.Algorithm, c.Kind)
			}
			c.SkipSlow(t)
			h := New()
			if _, err := c.Input.WriteTo(h); err != nil {
				t.Fatal(err)
			}
			if got := h.Sum(nil); !bytes.Equal(got, c.Expected) {
				t.Errorf("%s: %x, want %x", c.ID, got, c.Expected)
			}
			n++
		}
		if n == 0 {
			t.Fatal("no vectors")
		}
	})
}

func TestHashContract(t *testing.T) {
	hashtest.AllImplementations(t, "sha1", func(t *testing.T) {
		hashtest.TestHash(t, New)
	})
}

// TestStdlib compares with crypto/sha1 at every length 0..1100, with random
// write chunkings.
func TestStdlib(t *testing.T) {
	hashtest.AllImplementations(t, "sha1", func(t *testing.T) {
		rng := rand.New(rand.NewPCG(1, 1))
		msg := hashtest.RandBytes(7, 1101)
		h := New()
		for n := 0; n <= 1100; n++ {
			want := stdsha1.Sum(msg[:n])
			if got := Sum(msg[:n]); got != want {
				t.Fatalf("Sum of %d bytes: %x, want %x", n, got, want)
			}
			h.Reset()
			for p := msg[:n]; len(p) > 0; {
				k := min(len(p), rng.IntN(200))
				h.Write(p[:k])
				p = p[k:]
			}
			if got := h.Sum(nil); !bytes.Equal(got, want[:]) {
				t.Fatalf("random chunking of %d bytes: %x, want %x", n, got, want)
			}
		}
	})
}

// TestStdlibState checks that states move both ways between crypto/sha1 and
// this package.
func TestStdlibState(t *testing.T) {
	msg := hashtest.RandBytes(8, 300)
	for _, n := range []int{0, 1, 63, 64, 65, 130, 299} {
		std := stdsha1.New()
		std.Write(msg[:n])
		st, _ := std.(encoding.BinaryMarshaler).MarshalBinary()
		h := New()
		if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(st); err != nil {
			t.Fatalf("crypto/sha1 state after %d bytes: %v", n, err)
		}
		ours, _ := h.(encoding.BinaryMarshaler).MarshalBinary()
		if !bytes.Equal(ours, st) {
			t.Fatalf("after %d bytes: our state %x, crypto/sha1's %x", n, ours, st)
		}
		h.Write(msg[n:])
		want := stdsha1.Sum(msg)
		if got := h.Sum(nil); !bytes.Equal(got, want[:]) {
			t.Fatalf("resumed from crypto/sha1 after %d bytes differs", n)
		}
		// And back.
		h = New()
		h.Write(msg[:n])
		ours, _ = h.(encoding.BinaryMarshaler).MarshalBinary()
		std = stdsha1.New()
		if err := std.(encoding.BinaryUnmarshaler).UnmarshalBinary(ours); err != nil {
			t.Fatal(err)
		}
		std.Write(msg[n:])
		if got := std.Sum(nil); !bytes.Equal(got, want[:]) {
			t.Fatalf("crypto/sha1 resumed from our state after %d bytes differs", n)
		}
	}
}

// TestLargeLength checks the length encoding for messages past 2^32 and
// 2^35 bytes (and bit counts past 2^64, which wrap) by resuming crypto/sha1
// and this package from the same state with a large byte counter.
func TestLargeLength(t *testing.T) {
	tail := hashtest.RandBytes(9, 200)
	for _, total := range []uint64{1<<32 - 1, 1 << 32, 1<<32 + 70, 1<<35 - 3, 1 << 35, 1<<35 + 1, 1<<61 - 1, 1 << 61, 1<<64 - 5} {
		for _, extra := range []int{0, 1, 55, 56, 64, 200} {
			std := stdsha1.New()
			std.Write(tail[:total%BlockSize])
			st, _ := std.(encoding.BinaryMarshaler).MarshalBinary()
			binary.BigEndian.PutUint64(st[len(st)-8:], total)
			if err := std.(encoding.BinaryUnmarshaler).UnmarshalBinary(st); err != nil {
				t.Fatal(err)
			}
			h := New()
			if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(st); err != nil {
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

func TestUnmarshalRejects(t *testing.T) {
	h := New()
	h.Write([]byte("hello"))
	st, _ := h.(encoding.BinaryMarshaler).MarshalBinary()
	u := New().(encoding.BinaryUnmarshaler)
	bad := bytes.Clone(st)
	bad[4+20+10] = 1 // a byte past the 5 buffered ones
	for _, b := range [][]byte{nil, st[:3], []byte("md5\x01"), st[:len(st)-1], append(bytes.Clone(st), 0), bad} {
		if err := u.UnmarshalBinary(b); err == nil {
			t.Errorf("UnmarshalBinary(%x) accepted", b)
		}
	}
}

// Golden marshalled state: the format is a compatibility promise.
func TestGoldenState(t *testing.T) {
	h := New()
	h.Write([]byte("abc"))
	st, _ := h.(encoding.BinaryMarshaler).MarshalBinary()
	const want = "73686101" + "67452301efcdab8998badcfe10325476c3d2e1f0" + "616263" + "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000" + "0000000000000003"
	if got := hex.EncodeToString(st); got != want {
		t.Fatalf("state %s\nwant  %s", got, want)
	}
}

// TestKernels compares the active kernel with blockGeneric on random blocks.
func TestKernels(t *testing.T) {
	hashtest.AllImplementations(t, "sha1", func(t *testing.T) {
		msg := hashtest.RandBytes(10, 40*BlockSize)
		for nb := 0; nb <= 40; nb++ {
			var a, b digest
			a.Reset()
			a.h[1] ^= uint32(nb) * 0x9e3779b9
			b = a
			block(&a, msg[:nb*BlockSize])
			blockGeneric(&b, msg[:nb*BlockSize])
			if a.h != b.h {
				t.Fatalf("%d blocks: %x, generic %x", nb, a.h, b.h)
			}
		}
	})
}

// TestLong checks a million "a" (FIPS 180-2 appendix A.3, RFC 3174 TEST3) and a streamed 2^32+ byte message
// outside -short against a digest computed independently.
func TestLong(t *testing.T) {
	s := Sum(bytes.Repeat([]byte("a"), 1000000))
	if got := hex.EncodeToString(s[:]); got != "34aa973cd4c4daa4f61eeb2bdbad27316534016f" {
		t.Fatalf("million a: %s", got)
	}
	if testing.Short() {
		t.Skip("skipping the 4 GiB stream under -short")
	}
	// 4097 writes of the 1 MiB + 3 bytes i % 251: 4296028163 bytes. The
	// expected value was computed with Python's hashlib
	// (OpenSSL) on this machine.
	buf := make([]byte, 1<<20+3)
	for i := range buf {
		buf[i] = byte(i % 251)
	}
	h := New()
	for range 4097 {
		h.Write(buf)
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != "1b0c0fd57e6e28851aa5011fc8a3f39b641c8d99" {
		t.Fatalf("4 GiB stream: %s", got)
	}
}

// TestVectorsMonteCarlo runs the SHAVS Monte Carlo test (NIST SHAVS section
// 6.4; note of the vector): for j in 0..99 { MD0 = MD1 = MD2 = seed; for i in
// 3..1002 { MDi = SHA1(MD(i-3) || MD(i-2) || MD(i-1)) }; seed = MD1002 },
// checking each of the 100 outputs.
func TestVectorsMonteCarlo(t *testing.T) {
	found := false
	for _, c := range hashtest.Vectors(t, "sha1") {
		if c.Kind != "mct-sha2" {
			continue
		}
		found = true
		c.SkipSlow(t)
		seed := c.Input.Materialize()
		var md [3][Size]byte
		var buf [3 * Size]byte
		for j := range c.Checkpoints {
			if testing.Short() && j >= 10 {
				break // the first 10 checkpoints are enough under -short
			}
			copy(md[0][:], seed)
			md[1], md[2] = md[0], md[0]
			for range 1000 {
				copy(buf[0:], md[0][:])
				copy(buf[Size:], md[1][:])
				copy(buf[2*Size:], md[2][:])
				md[0], md[1] = md[1], md[2]
				md[2] = Sum(buf[:])
			}
			if !bytes.Equal(md[2][:], c.Checkpoints[j]) {
				t.Fatalf("%s: checkpoint %d = %x, want %x", c.ID, j, md[2], c.Checkpoints[j])
			}
			seed = md[2][:]
		}
		if !testing.Short() && !bytes.Equal(seed, c.Expected) {
			t.Fatalf("%s: final %x, want %x", c.ID, seed, c.Expected)
		}
	}
	if !found {
		t.Fatal("no Monte Carlo vector in sha1.json.gz")
	}
}

// TestMethods checks that the hasher exports only the methods of its
// interfaces.
func TestMethods(t *testing.T) {
	want := "AppendBinary BlockSize Clone MarshalBinary Reset Size Sum UnmarshalBinary Write"
	typ := reflect.TypeOf(New())
	var got []string
	for i := range typ.NumMethod() {
		got = append(got, typ.Method(i).Name)
	}
	if s := strings.Join(got, " "); s != want {
		t.Errorf("methods %s, want %s", s, want)
	}
}
