package bench

import (
	"bytes"
	"fmt"
	"io"
	"testing"

	"github.com/hashkit/hashkit/blake3"
	"github.com/hashkit/hashkit/internal/hashtest"
	zeebo "github.com/zeebo/blake3"
	luke "lukechampine.com/blake3"
)

const blake3Context = "hashkit bench 2026-11-29 differential test context"

// blake3Lengths are every length 0..2049 and, up to 1 MiB, the lengths
// around chunk boundaries: k*1024-1, k*1024, k*1024+1 for k in 2..33, the
// SIMD batches (4, 8, 16 chunks) and their multiples, and powers of two.
func blake3Lengths(short bool) []int {
	var ls []int
	for n := 0; n <= 2049; n++ {
		ls = append(ls, n)
	}
	ks := []int{}
	for k := 2; k <= 33; k++ {
		ks = append(ks, k)
	}
	ks = append(ks, 47, 48, 49, 63, 64, 65, 127, 128, 129, 255, 256, 257, 511, 512, 513, 1000, 1023, 1024)
	if short {
		ks = ks[:40]
	}
	for _, k := range ks {
		for _, d := range []int{-1, 0, 1} {
			if n := k*1024 + d; n > 2049 {
				ls = append(ls, n)
			}
		}
	}
	return ls
}

// TestBLAKE3Differential compares hash, keyed hash and key derivation, each
// with 200 bytes of extended output, against github.com/zeebo/blake3 and
// lukechampine.com/blake3, over every implementation of ours.
func TestBLAKE3Differential(t *testing.T) {
	key := hashtest.RandBytes(1, 32)
	lengths := blake3Lengths(testing.Short())
	data := hashtest.RandBytes(2, lengths[len(lengths)-1])
	const outLen = 200
	hashtest.AllImplementations(t, "blake3", func(t *testing.T) {
		for _, n := range lengths {
			in := data[:n]
			ours := func(h *blake3.Hasher) []byte {
				h.Write(in)
				out := make([]byte, outLen)
				h.XOF().Read(out)
				if !bytes.Equal(h.Sum(nil), out[:32]) {
					t.Fatalf("length %d: Sum differs from XOF", n)
				}
				return out
			}
			read := func(r io.Reader) []byte {
				out := make([]byte, outLen)
				io.ReadFull(r, out)
				return out
			}
			// Plain hash.
			got := ours(blake3.New())
			zh := zeebo.New()
			zh.Write(in)
			lh := luke.New(32, nil)
			lh.Write(in)
			if z, l := read(zh.Digest()), read(lh.XOF()); !bytes.Equal(got, z) || !bytes.Equal(got, l) {
				t.Fatalf("hash, length %d: ours %x, zeebo %x, lukechampine %x", n, got[:32], z[:32], l[:32])
			}
			if s := blake3.Sum256(in); !bytes.Equal(s[:], got[:32]) {
				t.Fatalf("hash, length %d: Sum256 %x, want %x", n, s, got[:32])
			}
			// Keyed hash.
			kh, _ := blake3.NewKeyed(key)
			got = ours(kh)
			zk, _ := zeebo.NewKeyed(key)
			zk.Write(in)
			lk := luke.New(32, key)
			lk.Write(in)
			if z, l := read(zk.Digest()), read(lk.XOF()); !bytes.Equal(got, z) || !bytes.Equal(got, l) {
				t.Fatalf("keyed, length %d: ours %x, zeebo %x, lukechampine %x", n, got[:32], z[:32], l[:32])
			}
			// Key derivation.
			got = ours(blake3.NewDeriveKey(blake3Context))
			d := make([]byte, outLen)
			blake3.DeriveKey(blake3Context, in, d)
			z := make([]byte, outLen)
			zeebo.DeriveKey(blake3Context, in, z)
			l := make([]byte, outLen)
			luke.DeriveKey(l, blake3Context, in)
			if !bytes.Equal(got, d) || !bytes.Equal(got, z) || !bytes.Equal(got, l) {
				t.Fatalf("derive, length %d: ours %x, DeriveKey %x, zeebo %x, lukechampine %x", n, got[:32], d[:32], z[:32], l[:32])
			}
		}
	})
}

// TestBLAKE3SeekDifferential compares reads after seeks with the peers'.
func TestBLAKE3SeekDifferential(t *testing.T) {
	in := hashtest.RandBytes(3, 5000)
	h := blake3.New()
	h.Write(in)
	zh := zeebo.New()
	zh.Write(in)
	r, z := h.XOF(), zh.Digest()
	for _, off := range []int64{0, 1, 63, 64, 65, 1000, 1 << 40, 1<<62 + 7} {
		r.Seek(off, io.SeekStart)
		z.Seek(off, io.SeekStart)
		a, b := make([]byte, 300), make([]byte, 300)
		r.Read(a)
		io.ReadFull(z, b)
		if !bytes.Equal(a, b) {
			t.Fatalf("offset %d: ours %x, zeebo %x", off, a[:16], b[:16])
		}
	}
	// Near the end, through io.SeekEnd. lukechampine's stream ends one byte
	// earlier (2^64 - 1 bytes), so its Seek(n-1, io.SeekEnd) is our
	// Seek(n, io.SeekEnd). Its v1.4.1 Seek reads the wrong block unless the
	// offset is in the first block of a 1 KiB unit, hence these distances.
	lh := luke.New(32, nil)
	lh.Write(in)
	l := lh.XOF()
	for _, back := range []int64{3072, 2000, 1024, 1000, 970} {
		if _, err := r.Seek(-back, io.SeekEnd); err != nil {
			t.Fatal(err)
		}
		l.Seek(-back+1, io.SeekEnd)
		a, b := make([]byte, 300), make([]byte, 300)
		na, _ := r.Read(a)
		nb, _ := l.Read(b)
		if n := min(na, nb); n == 0 || !bytes.Equal(a[:n], b[:n]) {
			t.Fatalf("%d bytes before the end: ours %x, lukechampine %x", back, a[:na], b[:nb])
		}
	}
}

var blake3Sizes = []int{8, 64, 1024, 8192, 16384, 65536, 1 << 20, 16 << 20}

// BenchmarkBLAKE3 measures one-shot Sum256.
func BenchmarkBLAKE3(b *testing.B) {
	impls := []struct {
		name string
		sum  func([]byte) [32]byte
	}{
		{"hashkit", blake3.Sum256},
		{"zeebo", zeebo.Sum256},
		{"lukechampine", luke.Sum256},
	}
	// Sizes outside, implementations inside, so that the peers of one size
	// run close together in time on a busy machine.
	for _, size := range blake3Sizes {
		for _, im := range impls {
			benchSizes(b, im.name, []int{size}, func(m []byte) { im.sum(m) })
		}
	}
}

type blake3Writer interface {
	io.Writer
	Sum([]byte) []byte
}

// blake3Streams are the streaming hashers compared by BenchmarkBLAKE3Stream
// and BenchmarkBLAKE3Pieces.
var blake3Streams = []struct {
	name string
	new  func() blake3Writer
}{
	{"hashkit", func() blake3Writer { return blake3.New() }},
	{"zeebo", func() blake3Writer { return zeebo.New() }},
	{"lukechampine", func() blake3Writer { return luke.New(32, nil) }},
}

// BenchmarkBLAKE3Stream measures New, Write in 8 KiB pieces, and Sum.
func BenchmarkBLAKE3Stream(b *testing.B) {
	for _, size := range []int{64, 8192, 1 << 20} {
		for _, im := range blake3Streams {
			b.Run(fmt.Sprintf("impl=%s/size=%d", im.name, size), func(b *testing.B) {
				in := make([]byte, size)
				out := make([]byte, 0, 32)
				b.SetBytes(int64(size))
				b.ReportAllocs()
				for b.Loop() {
					h := im.new()
					for p := in; len(p) > 0; {
						k := min(len(p), 8192)
						h.Write(p[:k])
						p = p[k:]
					}
					out = h.Sum(out[:0])
				}
			})
		}
	}
}

// BenchmarkBLAKE3XOF measures reading extended output.
func BenchmarkBLAKE3XOF(b *testing.B) {
	h := blake3.New()
	zh := zeebo.New()
	lh := luke.New(32, nil)
	impls := []struct {
		name string
		r    func() io.Reader
	}{
		{"hashkit", func() io.Reader { return h.XOF() }},
		{"zeebo", func() io.Reader { return zh.Digest() }},
		{"lukechampine", func() io.Reader { return lh.XOF() }},
	}
	for _, size := range []int{64, 1024, 65536} {
		for _, im := range impls {
			// The message benchSizes makes is the output buffer.
			benchSizes(b, im.name, []int{size}, func(out []byte) { im.r().Read(out) })
		}
	}
}

// BenchmarkBLAKE3Pieces measures New, 1 MiB written in pieces of the given
// size, and Sum: how close streaming stays to the one-shot speed when the
// caller's writes are small.
func BenchmarkBLAKE3Pieces(b *testing.B) {
	in := make([]byte, 1<<20)
	for _, piece := range []int{64, 512, 1024, 4096, 32768} {
		for _, im := range blake3Streams {
			s := streamer{func() io.Writer { return im.new() }, sumFinish}
			b.Run(fmt.Sprintf("impl=%s/piece=%d", im.name, piece), func(b *testing.B) {
				out := make([]byte, 32)
				b.SetBytes(int64(len(in)))
				b.ReportAllocs()
				for b.Loop() {
					writePieces(s, in, piece, out)
				}
			})
		}
	}
}
