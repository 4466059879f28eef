package md5

import (
	"bytes"
	stdmd5 "crypto/md5"
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

// RFC 1321 appendix A.5, "test suite".
var golden = []struct{ in, out string }{
	{"", "d41d8cd98f00b204e9800998ecf8427e"},
	{"a", "0cc175b9c0f1b6a831c399e269772661"},
	{"abc", "900150983cd24fb0d6963f7d28e17f72"},
	{"message digest", "f96b697d7cb7938d525a2f31aaf161d0"},
	{"abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"},
	{"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"},
	{strings.Repeat("1234567890", 8), "57edf4a22be3c955ac49da2e2107b67a"},
}

func TestGolden(t *testing.T) {
	hashtest.AllImplementations(t, "md5", func(t *testing.T) {
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
	hashtest.AllImplementations(t, "md5", func(t *testing.T) {
		n := 0
		for _, c := range hashtest.Vectors(t, "md5") {
			if c.Algorithm != "MD5" || c.Kind != "" {
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
	hashtest.AllImplementations(t, "md5", func(t *testing.T) {
		hashtest.TestHash(t, New)
	})
}

// TestStdlib compares with crypto/md5 at every length 0..1100, with random
// write chunkings.
func TestStdlib(t *testing.T) {
	hashtest.AllImplementations(t, "md5", func(t *testing.T) {
		rng := rand.New(rand.NewPCG(1, 1))
		msg := hashtest.RandBytes(7, 1101)
		h := New()
		for n := 0; n <= 1100; n++ {
			want := stdmd5.Sum(msg[:n])
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

// TestStdlibState checks that states move both ways between crypto/md5 and
// this package.
func TestStdlibState(t *testing.T) {
	msg := hashtest.RandBytes(8, 300)
	for _, n := range []int{0, 1, 63, 64, 65, 130, 299} {
		std := stdmd5.New()
		std.Write(msg[:n])
		st, _ := std.(encoding.BinaryMarshaler).MarshalBinary()
		h := New()
		if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(st); err != nil {
			t.Fatalf("crypto/md5 state after %d bytes: %v", n, err)
		}
		ours, _ := h.(encoding.BinaryMarshaler).MarshalBinary()
		if !bytes.Equal(ours, st) {
			t.Fatalf("after %d bytes: our state %x, crypto/md5's %x", n, ours, st)
		}
		h.Write(msg[n:])
		want := stdmd5.Sum(msg)
		if got := h.Sum(nil); !bytes.Equal(got, want[:]) {
			t.Fatalf("resumed from crypto/md5 after %d bytes differs", n)
		}
		// And back.
		h = New()
		h.Write(msg[:n])
		ours, _ = h.(encoding.BinaryMarshaler).MarshalBinary()
		std = stdmd5.New()
		if err := std.(encoding.BinaryUnmarshaler).UnmarshalBinary(ours); err != nil {
			t.Fatal(err)
		}
		std.Write(msg[n:])
		if got := std.Sum(nil); !bytes.Equal(got, want[:]) {
			t.Fatalf("crypto/md5 resumed from our state after %d bytes differs", n)
		}
	}
}

// TestLargeLength checks the length encoding for messages past 2^32 and
// 2^35 bytes (and bit counts past 2^64, which wrap) by resuming crypto/md5
// and this package from the same state with a large byte counter.
func TestLargeLength(t *testing.T) {
	tail := hashtest.RandBytes(9, 200)
	for _, total := range []uint64{1<<32 - 1, 1 << 32, 1<<32 + 70, 1<<35 - 3, 1 << 35, 1<<35 + 1, 1<<61 - 1, 1 << 61, 1<<64 - 5} {
		for _, extra := range []int{0, 1, 55, 56, 64, 200} {
			std := stdmd5.New()
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
	bad[4+16+10] = 1 // a byte past the 5 buffered ones
	for _, b := range [][]byte{nil, st[:3], []byte("sha\x01"), st[:len(st)-1], append(bytes.Clone(st), 0), bad} {
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
	const want = "6d643501" + "67452301efcdab8998badcfe10325476" + "616263" + "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000" + "0000000000000003"
	if got := hex.EncodeToString(st); got != want {
		t.Fatalf("state %s\nwant  %s", got, want)
	}
}

// TestKernels compares the active kernel with blockGeneric on random blocks.
func TestKernels(t *testing.T) {
	hashtest.AllImplementations(t, "md5", func(t *testing.T) {
		msg := hashtest.RandBytes(10, 40*BlockSize)
		for nb := 0; nb <= 40; nb++ {
			var a, b digest
			a.Reset()
			a.s[1] ^= uint32(nb) * 0x9e3779b9
			b = a
			block(&a, msg[:nb*BlockSize])
			blockGeneric(&b, msg[:nb*BlockSize])
			if a.s != b.s {
				t.Fatalf("%d blocks: %x, generic %x", nb, a.s, b.s)
			}
		}
	})
}

// TestLong checks a million "a" (a long-message value; MD5 of it is well
// known: 7707d6ae4e027c70eea2a935c2296f21) and a streamed 2^32+ byte message
// outside -short against a digest computed independently.
func TestLong(t *testing.T) {
	s := Sum(bytes.Repeat([]byte("a"), 1000000))
	if got := hex.EncodeToString(s[:]); got != "7707d6ae4e027c70eea2a935c2296f21" {
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
	if got := hex.EncodeToString(h.Sum(nil)); got != "bac31c53fa967e2af1e877683a656a86" {
		t.Fatalf("4 GiB stream: %s", got)
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
