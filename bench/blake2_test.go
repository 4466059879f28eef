package bench

import (
	"bytes"
	"errors"
	"fmt"
	"hash"
	"io"
	"testing"

	"github.com/hashkit/hashkit/blake2b"
	"github.com/hashkit/hashkit/blake2s"
	"github.com/hashkit/hashkit/internal/hashtest"
	xblake2b "golang.org/x/crypto/blake2b"
	xblake2s "golang.org/x/crypto/blake2s"
)

// TestBLAKE2bVsXCrypto compares hashkit's BLAKE2b with x/crypto's at every
// input length 0..2049, for several digest sizes, unkeyed and keyed, one-shot
// and in two writes; and at longer lengths around 64 KiB, where hashkit
// hands input to assembly in pieces, up to 1 MiB.
func TestBLAKE2bVsXCrypto(t *testing.T) {
	hashtest.AllImplementations(t, "blake2b", func(t *testing.T) {
		msg := hashtest.RandBytes(1, 1<<20+300)
		key := hashtest.RandBytes(2, 64)
		for _, n := range blake2Lengths(blake2b.BlockSize) {
			in := msg[:n]
			if got, want := blake2b.Sum512(in), xblake2b.Sum512(in); got != want {
				t.Fatalf("Sum512 of %d bytes: %x, want %x", n, got, want)
			}
			if got, want := blake2b.Sum256(in), xblake2b.Sum256(in); got != want {
				t.Fatalf("Sum256 of %d bytes differs", n)
			}
			if got, want := blake2b.Sum384(in), xblake2b.Sum384(in); got != want {
				t.Fatalf("Sum384 of %d bytes differs", n)
			}
			for _, kl := range []int{0, 1, 32, 64} {
				size := []int{64, 20, 32, 64}[kl%4]
				if kl == 64 {
					size = 48
				}
				ours, err := blake2b.New(size, key[:kl])
				if err != nil {
					t.Fatal(err)
				}
				theirs, err := xblake2b.New(size, key[:kl])
				if err != nil {
					t.Fatal(err)
				}
				compareTwoWrites(t, in, ours, theirs, fmt.Sprintf("key %d, size %d", kl, size))
			}
		}
	})
}

// blake2Lengths returns the input lengths of the differential tests: every
// length 0..2049, and lengths around 64 KiB (where hashkit hands input to
// assembly in pieces), the block after it, 192 KiB and 1 MiB.
func blake2Lengths(blockSize int) []int {
	lengths := make([]int, 0, 2100)
	for n := range 2050 {
		lengths = append(lengths, n)
	}
	return append(lengths, 1<<16-1, 1<<16, 1<<16+1, 1<<16+blockSize+1, 3<<16, 3<<16+300, 1<<20-1, 1<<20, 1<<20+1, 1<<20+300)
}

// compareTwoWrites writes in to ours in two pieces (at a third) and to
// theirs at once; the sums must agree.
func compareTwoWrites(t *testing.T, in []byte, ours, theirs hash.Hash, what string) {
	t.Helper()
	ours.Write(in[:len(in)/3])
	ours.Write(in[len(in)/3:])
	theirs.Write(in)
	if got, want := ours.Sum(nil), theirs.Sum(nil); !bytes.Equal(got, want) {
		t.Fatalf("%d bytes, %s: %x, want %x", len(in), what, got, want)
	}
}

// TestBLAKE2sVsXCrypto is TestBLAKE2bVsXCrypto for BLAKE2s, including the
// keyed BLAKE2s-128.
func TestBLAKE2sVsXCrypto(t *testing.T) {
	hashtest.AllImplementations(t, "blake2s", func(t *testing.T) {
		msg := hashtest.RandBytes(3, 1<<20+300)
		key := hashtest.RandBytes(4, 32)
		for _, n := range blake2Lengths(blake2s.BlockSize) {
			in := msg[:n]
			if got, want := blake2s.Sum256(in), xblake2s.Sum256(in); got != want {
				t.Fatalf("Sum256 of %d bytes: %x, want %x", n, got, want)
			}
			for _, kl := range []int{0, 1, 16, 32} {
				mk := []func([]byte) (hash.Hash, error){blake2s.New256, blake2s.New128}
				xmk := []func([]byte) (hash.Hash, error){xblake2s.New256, xblake2s.New128}
				which := 0
				if kl == 16 {
					which = 1
				}
				ours, err := mk[which](key[:kl])
				if err != nil {
					t.Fatal(err)
				}
				theirs, err := xmk[which](key[:kl])
				if err != nil {
					t.Fatal(err)
				}
				compareTwoWrites(t, in, ours, theirs, fmt.Sprintf("key %d", kl))
			}
		}
	})
}

// TestBLAKE2XVsXCrypto compares BLAKE2Xb and BLAKE2Xs with x/crypto's XOFs,
// for known and unknown output lengths, keyed and unkeyed.
func TestBLAKE2XVsXCrypto(t *testing.T) {
	msg := hashtest.RandBytes(5, 1000)
	read := func(r io.Reader, n int) []byte {
		out := make([]byte, n)
		if _, err := io.ReadFull(r, out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	for _, key := range [][]byte{nil, []byte("a key")} {
		for _, size := range []int{1, 31, 32, 33, 63, 64, 65, 1000, 4097, 0} {
			outLen := size
			if size == 0 {
				outLen = 5000
			}
			for _, n := range []int{0, 1, 64, 128, 129, 1000} {
				oursB, err1 := blake2b.NewXOF(uint32(size), key)
				theirsB, err2 := xblake2b.NewXOF(uint32(size), key)
				oursS, err3 := blake2s.NewXOF(uint16(size), key)
				theirsS, err4 := xblake2s.NewXOF(uint16(size), key)
				if err := errors.Join(err1, err2, err3, err4); err != nil {
					t.Fatal(err)
				}
				for _, x := range []struct {
					name         string
					ours, theirs io.ReadWriter
				}{{"BLAKE2Xb", oursB, theirsB}, {"BLAKE2Xs", oursS, theirsS}} {
					x.ours.Write(msg[:n])
					x.theirs.Write(msg[:n])
					if !bytes.Equal(read(x.ours, outLen), read(x.theirs, outLen)) {
						t.Fatalf("%s size %d, key %q, %d-byte input differs", x.name, size, key, n)
					}
				}
			}
		}
	}
}

var blake2Sizes = []int{8, 64, 1024, 8192, 1 << 20}

func benchBLAKE2(b *testing.B, impls []struct {
	name string
	sum  func([]byte)
}) {
	for _, size := range blake2Sizes {
		msg := hashtest.RandBytes(uint64(size), size)
		for _, im := range impls {
			b.Run(fmt.Sprintf("impl=%s/size=%d", im.name, size), func(b *testing.B) {
				b.SetBytes(int64(size))
				b.ReportAllocs()
				for b.Loop() {
					im.sum(msg)
				}
			})
		}
	}
}

// BenchmarkBLAKE2b512 is the one-shot Sum512.
func BenchmarkBLAKE2b512(b *testing.B) {
	benchBLAKE2(b, []struct {
		name string
		sum  func([]byte)
	}{
		{"hashkit", func(m []byte) { blake2b.Sum512(m) }},
		{"xcrypto", func(m []byte) { xblake2b.Sum512(m) }},
	})
}

// BenchmarkBLAKE2s256 is the one-shot Sum256.
func BenchmarkBLAKE2s256(b *testing.B) {
	benchBLAKE2(b, []struct {
		name string
		sum  func([]byte)
	}{
		{"hashkit", func(m []byte) { blake2s.Sum256(m) }},
		{"xcrypto", func(m []byte) { xblake2s.Sum256(m) }},
	})
}

// BenchmarkBLAKE2bMAC is Reset, Write and Sum into a buffer on a keyed
// hasher (a MAC).
func BenchmarkBLAKE2bMAC(b *testing.B) {
	key := make([]byte, 32)
	h1, _ := blake2b.New256(key)
	h2, _ := xblake2b.New256(key)
	out := make([]byte, 0, 32)
	benchBLAKE2(b, []struct {
		name string
		sum  func([]byte)
	}{
		{"hashkit", func(m []byte) { resum(h1, m, out) }},
		{"xcrypto", func(m []byte) { resum(h2, m, out) }},
	})
}

// BenchmarkBLAKE2XbRead reads BLAKE2Xb output of unknown length; size is
// the number of bytes read per op.
func BenchmarkBLAKE2XbRead(b *testing.B) {
	x1, _ := blake2b.NewXOF(blake2b.OutputLengthUnknown, nil)
	x2, _ := xblake2b.NewXOF(xblake2b.OutputLengthUnknown, nil)
	for _, size := range []int{64, 8192} {
		out := make([]byte, size)
		for _, im := range []struct {
			name string
			x    io.Reader
		}{{"hashkit", x1}, {"xcrypto", x2}} {
			b.Run(fmt.Sprintf("impl=%s/size=%d", im.name, size), func(b *testing.B) {
				b.SetBytes(int64(size))
				b.ReportAllocs()
				for b.Loop() {
					im.x.Read(out)
				}
			})
		}
	}
}
