package bench

import (
	"bytes"
	stdmd5 "crypto/md5"
	stdsha1 "crypto/sha1"
	"hash"
	"strconv"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
	"github.com/hashkit/hashkit/md5"
	"github.com/hashkit/hashkit/ripemd160"
	"github.com/hashkit/hashkit/sha1"
	xripemd160 "golang.org/x/crypto/ripemd160"
)

// Differential tests of ripemd160 against golang.org/x/crypto/ripemd160 (md5
// and sha1 are compared with the standard library in their own packages).

func TestRIPEMD160VersusXCrypto(t *testing.T) {
	hashtest.AllImplementations(t, "ripemd160", func(t *testing.T) {
		digesttest.TestDifferential(t, 3, 2, sumRIPEMD160, ripemd160.New, func(b []byte) []byte {
			x := xripemd160.New()
			x.Write(b)
			return x.Sum(nil)
		})
	})
}

func sumRIPEMD160(b []byte) []byte { s := ripemd160.Sum(b); return s[:] }

// TestRIPEMD160Stream compares a message of more than 2^32 bytes (so the
// bit length needs more than 35 bits), outside -short.
func TestRIPEMD160Stream(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the 4 GiB stream under -short")
	}
	buf := hashtest.RandBytes(4, 1<<20+5)
	h, x := ripemd160.New(), xripemd160.New()
	for total := uint64(0); total < 1<<32+(1<<20); total += uint64(len(buf)) {
		h.Write(buf)
		x.Write(buf)
	}
	if got, want := h.Sum(nil), x.Sum(nil); !bytes.Equal(got, want) {
		t.Fatalf("4 GiB stream: %x, want %x", got, want)
	}
}

func FuzzRIPEMD160VersusXCrypto(f *testing.F) {
	f.Add([]byte("abc"), uint(1))
	f.Add(make([]byte, 300), uint(64))
	f.Fuzz(func(t *testing.T, msg []byte, split uint) {
		x := xripemd160.New()
		x.Write(msg)
		want := x.Sum(nil)
		defer cpu.Restore("ripemd160")
		for _, name := range append(cpu.Impls("ripemd160"), "") {
			cpu.Select("ripemd160", name)
			t.Logf("kernel %q", name)
			digesttest.CheckSplit(t, msg, split, want, sumRIPEMD160, ripemd160.New)
		}
	})
}

// benchStream measures New once, then Reset, Write, Sum per iteration.
func benchStream(b *testing.B, impl string, mk func() hash.Hash) {
	for _, size := range blockHashSizes {
		b.Run("impl="+impl+"/size="+strconv.Itoa(size), func(b *testing.B) {
			benchReused(b, mk(), hashtest.RandBytes(1, size))
		})
	}
}

// streamVs measures ours (impl=hashkit) and theirs (impl=peer) by
// benchStream.
func streamVs(b *testing.B, peer string, ours, theirs func() hash.Hash) {
	benchStream(b, "hashkit", ours)
	benchStream(b, peer, theirs)
}

// benchReused measures Reset, Write of msg and Sum into a buffer on h.
func benchReused(b *testing.B, h hash.Hash, msg []byte) {
	out := make([]byte, 0, h.Size())
	b.SetBytes(int64(len(msg)))
	b.ReportAllocs()
	for b.Loop() {
		out = resum(h, msg, out)
	}
}

// resum resets h, writes p and returns its sum appended to out[:0].
func resum(h hash.Hash, p, out []byte) []byte {
	h.Reset()
	h.Write(p)
	return h.Sum(out[:0])
}

func BenchmarkMD5(b *testing.B) {
	streamVs(b, "stdlib", md5.New, stdmd5.New)
}

func BenchmarkSHA1(b *testing.B) {
	streamVs(b, "stdlib", sha1.New, stdsha1.New)
}

func BenchmarkRIPEMD160(b *testing.B) {
	streamVs(b, "xcrypto", ripemd160.New, xripemd160.New)
}

// One-shot sums of 64 bytes.
func BenchmarkLegacySum64(b *testing.B) {
	msg := hashtest.RandBytes(2, 64)
	run := func(name string, f func()) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(64)
			b.ReportAllocs()
			for b.Loop() {
				f()
			}
		})
	}
	var s16 [16]byte
	var s20 [20]byte
	run("alg=MD5/impl=hashkit", func() { s16 = md5.Sum(msg) })
	run("alg=MD5/impl=stdlib", func() { s16 = stdmd5.Sum(msg) })
	run("alg=SHA1/impl=hashkit", func() { s20 = sha1.Sum(msg) })
	run("alg=SHA1/impl=stdlib", func() { s20 = stdsha1.Sum(msg) })
	run("alg=RIPEMD160/impl=hashkit", func() { s20 = ripemd160.Sum(msg) })
	x := xripemd160.New()
	out := make([]byte, 0, 20)
	run("alg=RIPEMD160/impl=xcrypto", func() { x.Reset(); x.Write(msg); out = x.Sum(out[:0]) })
	_, _ = s16, s20
}
