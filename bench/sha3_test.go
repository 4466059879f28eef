package bench

import (
	"bytes"
	stdsha3 "crypto/sha3"
	"hash"
	"strconv"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/sha3"
	xsha3 "golang.org/x/crypto/sha3"
)

// The sha3 package against crypto/sha3 (Go 1.26, with its own amd64
// assembly) and x/crypto/sha3's legacy Keccak. Differential tests against
// crypto/sha3 live in package sha3; x/crypto's legacy Keccak is checked here.

var sha3Sizes = []int{8, 64, 1024, 1350, 8192, 1 << 20}

func benchSizes(b *testing.B, impl string, sizes []int, f func([]byte)) {
	for _, size := range sizes {
		msg := hashtest.RandBytes(uint64(size), size)
		b.Run("impl="+impl+"/size="+strconv.Itoa(size), func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				f(msg)
			}
		})
	}
}

// benchVs measures ours (impl=hashkit) and theirs (impl=peer) at each of
// sizes by benchSizes.
func benchVs(b *testing.B, peer string, sizes []int, ours, theirs func([]byte)) {
	benchSizes(b, "hashkit", sizes, ours)
	benchSizes(b, peer, sizes, theirs)
}

func BenchmarkSHA3_256(b *testing.B) {
	benchVs(b, "stdlib", sha3Sizes, func(m []byte) { sink256 = sha3.Sum256(m) }, func(m []byte) { sink256 = stdsha3.Sum256(m) })
}

// BenchmarkSHA3_256Stream is New, Write, Sum on a reused hash.
func BenchmarkSHA3_256Stream(b *testing.B) {
	run := func(impl string, h hash.Hash) {
		out := make([]byte, 0, 32)
		benchSizes(b, impl, sha3Sizes, func(m []byte) { h.Reset(); h.Write(m); out = h.Sum(out[:0]) })
	}
	run("hashkit", sha3.New256())
	run("stdlib", stdsha3.New256())
}

func BenchmarkSHAKE128(b *testing.B) {
	out := make([]byte, 32)
	benchVs(b, "stdlib", sha3Sizes, func(m []byte) { x := sha3.NewSHAKE128(); x.Write(m); x.Read(out) }, func(m []byte) { x := stdsha3.NewSHAKE128(); x.Write(m); x.Read(out) })
}

// BenchmarkSHAKE128Read times squeezing: bytes of output per second.
func BenchmarkSHAKE128Read(b *testing.B) {
	benchSizes(b, "hashkit", []int{64, 8192}, func(m []byte) { x := sha3.NewSHAKE128(); x.Read(m) })
	benchSizes(b, "stdlib", []int{64, 8192}, func(m []byte) { x := stdsha3.NewSHAKE128(); x.Read(m) })
}

func BenchmarkKeccak256(b *testing.B) {
	benchSizes(b, "hashkit", sha3Sizes, func(m []byte) { sink256 = sha3.SumKeccak256(m) })
	h := xsha3.NewLegacyKeccak256()
	out := make([]byte, 0, 32)
	benchSizes(b, "xcrypto", sha3Sizes, func(m []byte) { h.Reset(); h.Write(m); out = h.Sum(out[:0]) })
}

// BenchmarkParallelHash128 compares ParallelHash128 (B = 8192) with
// hashkit's own SHAKE128 on the same input.
func BenchmarkParallelHash128(b *testing.B) {
	sizes := []int{8192, 64 << 10, 1 << 20, 16 << 20}
	benchSizes(b, "hashkit", sizes, func(m []byte) { sha3.ParallelHash128(m, 8192, nil, 32) })
	out := make([]byte, 32)
	benchSizes(b, "shake128", sizes, func(m []byte) { x := sha3.NewSHAKE128(); x.Write(m); x.Read(out) })
}

// TestLegacyKeccakVsXCrypto compares legacy Keccak with x/crypto/sha3 at
// every length up to a few blocks, streaming and one-shot.
func TestLegacyKeccakVsXCrypto(t *testing.T) {
	msg := hashtest.RandBytes(1, 600)
	peers := []struct {
		name string
		ours func() hash.Hash
		sum  func([]byte) []byte
		peer func() hash.Hash
	}{
		{"Keccak-256", func() hash.Hash { return sha3.NewLegacyKeccak256() }, func(m []byte) []byte { s := sha3.SumKeccak256(m); return s[:] }, xsha3.NewLegacyKeccak256},
		{"Keccak-512", func() hash.Hash { return sha3.NewLegacyKeccak512() }, func(m []byte) []byte { s := sha3.SumKeccak512(m); return s[:] }, xsha3.NewLegacyKeccak512},
	}
	for _, p := range peers {
		for n := 0; n <= len(msg); n++ {
			ref := p.peer()
			ref.Write(msg[:n])
			want := ref.Sum(nil)
			h := p.ours()
			h.Write(msg[:n/3])
			h.Write(msg[n/3 : n])
			if got := h.Sum(nil); !bytes.Equal(got, want) {
				t.Fatalf("%s of %d bytes: %x, want %x", p.name, n, got, want)
			}
			if got := p.sum(msg[:n]); !bytes.Equal(got, want) {
				t.Fatalf("%s one-shot of %d bytes differs", p.name, n)
			}
		}
	}
}

// TestXCryptoSHA3API runs code written for x/crypto/sha3 on both packages:
// the ShakeHash constructors, ShakeSum, and legacy Keccak's Read as
// go-ethereum uses it (asserting the hash.Hash to a Read-er), at lengths
// around the rates.
func TestXCryptoSHA3API(t *testing.T) {
	type keccakState interface {
		hash.Hash
		Read([]byte) (int, error)
	}
	msg := hashtest.RandBytes(2, 400)
	N, S := []byte("N"), []byte("S")
	shakes := []struct {
		name  string
		peers func() xsha3.ShakeHash
		oursH func() sha3.ShakeHash
	}{
		{"Shake128", xsha3.NewShake128, sha3.NewShake128},
		{"Shake256", xsha3.NewShake256, sha3.NewShake256},
		{"CShake128", func() xsha3.ShakeHash { return xsha3.NewCShake128(N, S) }, func() sha3.ShakeHash { return sha3.NewCShake128(N, S) }},
		{"CShake256", func() xsha3.ShakeHash { return xsha3.NewCShake256(N, S) }, func() sha3.ShakeHash { return sha3.NewCShake256(N, S) }},
	}
	for n := 0; n <= len(msg); n += 7 {
		m := msg[:n]
		for _, c := range shakes {
			ours, peer := c.oursH(), c.peers()
			ours.Write(m)
			peer.Write(m)
			if a, b := ours.Sum(nil), peer.Sum(nil); !bytes.Equal(a, b) || ours.Size() != peer.Size() {
				t.Fatalf("%s Sum of %d bytes differs", c.name, n)
			}
			a, b := make([]byte, 2*n+1), make([]byte, 2*n+1)
			ours.Read(a)
			peer.Read(b)
			if !bytes.Equal(a, b) {
				t.Fatalf("%s Read after %d bytes differs", c.name, n)
			}
		}
		a, b := make([]byte, n), make([]byte, n)
		sha3.ShakeSum256(a, m)
		xsha3.ShakeSum256(b, m)
		if !bytes.Equal(a, b) {
			t.Fatalf("ShakeSum256 of %d bytes differs", n)
		}
		for _, mk := range []struct {
			ours, peer func() hash.Hash
		}{{sha3.NewLegacyKeccak256, xsha3.NewLegacyKeccak256}, {sha3.NewLegacyKeccak512, xsha3.NewLegacyKeccak512}} {
			ours, peer := mk.ours().(keccakState), mk.peer().(keccakState)
			ours.Write(m)
			peer.Write(m)
			a, b := make([]byte, n+3), make([]byte, n+3)
			ours.Read(a)
			peer.Read(b)
			if !bytes.Equal(a, b) {
				t.Fatalf("legacy Keccak Read after %d bytes differs", n)
			}
		}
	}
}
