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

// TestBLAKE2VsXCrypto compares hashkit's BLAKE2b and BLAKE2s with
// x/crypto's at every input length 0..2049, for several digest sizes
// (BLAKE2s-128 keyed), unkeyed and keyed, one-shot and in two writes; and at
// longer lengths around 64 KiB, where hashkit hands input to assembly in
// pieces, up to 1 MiB.
func TestBLAKE2VsXCrypto(t *testing.T) {
	for _, f := range []struct {
		pkg         string
		seed        uint64 // of the message; the key's is seed+1
		blockSize   int
		keyLens     []int
		sums, keyed func(t *testing.T, in, key []byte)
	}{
		{"blake2b", 1, blake2b.BlockSize, []int{0, 1, 32, 64}, blake2bSums, blake2bKeyed},
		{"blake2s", 3, blake2s.BlockSize, []int{0, 1, 16, 32}, blake2sSums, blake2sKeyed},
	} {
		t.Run(f.pkg, func(t *testing.T) {
			hashtest.AllImplementations(t, f.pkg, func(t *testing.T) {
				msg := hashtest.RandBytes(f.seed, 1<<20+300)
				key := hashtest.RandBytes(f.seed+1, f.keyLens[len(f.keyLens)-1])
				for _, n := range blake2Lengths(f.blockSize) {
					f.sums(t, msg[:n], nil)
					for _, kl := range f.keyLens {
						f.keyed(t, msg[:n], key[:kl])
					}
				}
			})
		})
	}
}

// sameSum fails t unless the one-shot sums got and want of n bytes agree.
func sameSum[A [32]byte | [48]byte | [64]byte](t *testing.T, what string, n int, got, want A) {
	t.Helper()
	if got != want {
		t.Fatalf("%s of %d bytes: %x, want %x", what, n, got, want)
	}
}

func blake2bSums(t *testing.T, in, _ []byte) {
	sameSum(t, "Sum512", len(in), blake2b.Sum512(in), xblake2b.Sum512(in))
	sameSum(t, "Sum256", len(in), blake2b.Sum256(in), xblake2b.Sum256(in))
	sameSum(t, "Sum384", len(in), blake2b.Sum384(in), xblake2b.Sum384(in))
}

func blake2sSums(t *testing.T, in, _ []byte) {
	sameSum(t, "Sum256", len(in), blake2s.Sum256(in), xblake2s.Sum256(in))
}

// blake2bKeyed compares New at a digest size chosen by the key length
// (64, 20, 32, and 48 for a 64-byte key).
func blake2bKeyed(t *testing.T, in, key []byte) {
	size := []int{64, 20, 32, 64}[len(key)%4]
	if len(key) == 64 {
		size = 48
	}
	ours, err1 := blake2b.New(size, key)
	theirs, err2 := xblake2b.New(size, key)
	if err := errors.Join(err1, err2); err != nil {
		t.Fatal(err)
	}
	compareTwoWrites(t, in, ours, theirs, fmt.Sprintf("key %d, size %d", len(key), size))
}

// blake2sKeyed compares New256, or New128 for a 16-byte key.
func blake2sKeyed(t *testing.T, in, key []byte) {
	mk, xmk := blake2s.New256, xblake2s.New256
	if len(key) == 16 {
		mk, xmk = blake2s.New128, xblake2s.New128
	}
	ours, err1 := mk(key)
	theirs, err2 := xmk(key)
	if err := errors.Join(err1, err2); err != nil {
		t.Fatal(err)
	}
	compareTwoWrites(t, in, ours, theirs, fmt.Sprintf("key %d", len(key)))
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

// benchBLAKE2 measures hashkit's sum and x/crypto's at each of
// blake2Sizes, the two runs of one size side by side.
func benchBLAKE2(b *testing.B, hashkit, xcrypto func([]byte)) {
	for _, size := range blake2Sizes {
		benchSizes(b, "hashkit", []int{size}, hashkit)
		benchSizes(b, "xcrypto", []int{size}, xcrypto)
	}
}

// BenchmarkBLAKE2b512 is the one-shot Sum512.
func BenchmarkBLAKE2b512(b *testing.B) {
	benchBLAKE2(b, func(m []byte) { blake2b.Sum512(m) }, func(m []byte) { xblake2b.Sum512(m) })
}

// BenchmarkBLAKE2s256 is the one-shot Sum256.
func BenchmarkBLAKE2s256(b *testing.B) {
	benchBLAKE2(b, func(m []byte) { blake2s.Sum256(m) }, func(m []byte) { xblake2s.Sum256(m) })
}

// BenchmarkBLAKE2bMAC is Reset, Write and Sum into a buffer on a keyed
// hasher (a MAC).
func BenchmarkBLAKE2bMAC(b *testing.B) {
	key := make([]byte, 32)
	h1, _ := blake2b.New256(key)
	h2, _ := xblake2b.New256(key)
	out := make([]byte, 0, 32)
	benchBLAKE2(b, func(m []byte) { resum(h1, m, out) }, func(m []byte) { resum(h2, m, out) })
}

// BenchmarkBLAKE2XbRead reads BLAKE2Xb output of unknown length; size is
// the number of bytes read per op.
func BenchmarkBLAKE2XbRead(b *testing.B) {
	x1, _ := blake2b.NewXOF(blake2b.OutputLengthUnknown, nil)
	x2, _ := xblake2b.NewXOF(xblake2b.OutputLengthUnknown, nil)
	for _, size := range []int{64, 8192} {
		for _, im := range []struct {
			name string
			x    io.Reader
		}{{"hashkit", x1}, {"xcrypto", x2}} {
			// The message benchSizes makes is the output buffer.
			benchSizes(b, im.name, []int{size}, func(out []byte) { im.x.Read(out) })
		}
	}
}
