package bench

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"

	circlk12 "github.com/cloudflare/circl/xof/k12"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/k12"
)

// circl's xof/k12 implements KT128 (draft 10 of the KangarooTwelve
// specification, the same function as RFC 9861's KT128).

func circlKT128(msg, custom []byte, outLen int) []byte {
	out := make([]byte, outLen)
	circlk12.Draft10Sum(out, msg, custom)
	return out
}

// TestKT128Circl compares one-shot KT128 with circl over random lengths,
// every length around the chunk boundaries and multiples of the chunk size
// (where the eight- and four-state kernels and the goroutines take over),
// random customizations and output lengths.
func TestKT128Circl(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 9861))
	var lengths []int
	for _, base := range []int{0, 8192, 2 * 8192, 8 * 8192, 9 * 8192, 16 * 8192, 33 * 8192} {
		for d := -3; d <= 3; d++ {
			if base+d >= 0 {
				lengths = append(lengths, base+d)
			}
		}
	}
	for range 60 {
		lengths = append(lengths, rng.IntN(300*1024))
	}
	if !testing.Short() {
		lengths = append(lengths, 4<<20+rng.IntN(8192), 8<<20)
	}
	for _, n := range lengths {
		msg := hashtest.RandBytes(uint64(n), n)
		custom := hashtest.RandBytes(uint64(n)+1, []int{0, 0, 1, 41, 8190, 20000}[rng.IntN(6)])
		outLen := 1 + rng.IntN(300)
		want := circlKT128(msg, custom, outLen)
		if got := k12.SumKT128(msg, custom, outLen); !bytes.Equal(got, want) {
			t.Fatalf("|M| = %d, |C| = %d: SumKT128 = %x, circl %x", n, len(custom), got, want)
		}
	}
}

// TestKT128CirclStreaming writes in pieces that straddle the chunk
// boundaries (7919, 1024, 8192 as in circl's own tests, and random ones)
// into both implementations and reads in random pieces.
func TestKT128CirclStreaming(t *testing.T) {
	rng := rand.New(rand.NewPCG(7919, 1024))
	for _, n := range []int{8191, 8192, 8193, 5*8192 + 17, 40*8192 + 3, 100000} {
		msg := hashtest.RandBytes(uint64(n)+2, n)
		for _, step := range []int{7919, 1024, 8192, 0} {
			ours := k12.NewKT128([]byte("C"))
			theirs := circlk12.NewDraft10([]byte("C"))
			for p := msg; len(p) > 0; {
				k := step
				if k == 0 {
					k = 1 + rng.IntN(3*8192)
				}
				k = min(k, len(p))
				ours.Write(p[:k])
				theirs.Write(p[:k])
				p = p[k:]
			}
			for range 5 {
				k := rng.IntN(500)
				a, b := make([]byte, k), make([]byte, k)
				ours.Read(a)
				theirs.Read(b)
				if !bytes.Equal(a, b) {
					t.Fatalf("|M| = %d in writes of %d: %x, circl %x", n, step, a, b)
				}
			}
		}
	}
}

var k12Sizes = []int{8, 1350, 8192, 64 << 10, 1 << 20, 16 << 20}

// BenchmarkKT128 compares one-shot KT128 (32-byte output, no
// customization). Run with -cpu 1 for the single-core figures; circl uses
// one goroutine whatever GOMAXPROCS is.
func BenchmarkKT128(b *testing.B) {
	for _, size := range k12Sizes {
		msg := make([]byte, size)
		out := make([]byte, 32)
		b.Run(fmt.Sprintf("impl=hashkit/size=%d", size), func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				k12.SumKT128(msg, nil, 32)
			}
		})
		b.Run(fmt.Sprintf("impl=circl/size=%d", size), func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				circlk12.Draft10Sum(out, msg, nil)
			}
		})
	}
}

// BenchmarkKT128Stream writes the input through the streaming API in
// pieces of 32 KiB (io.Copy's buffer size, aligned with the chunks) and of
// 7919 bytes (straddling them), then reads 32 bytes.
func BenchmarkKT128Stream(b *testing.B) {
	for _, size := range []int{64 << 10, 1 << 20} {
		for _, piece := range []int{32 << 10, 7919} {
			msg := make([]byte, size)
			out := make([]byte, 32)
			write := func(w interface{ Write([]byte) (int, error) }) {
				for p := msg; len(p) > 0; {
					k := min(len(p), piece)
					w.Write(p[:k])
					p = p[k:]
				}
			}
			for _, im := range []struct {
				name string
				new  func() ktStream
			}{
				{"hashkit", func() ktStream { return k12.NewKT128(nil) }},
				{"circl", func() ktStream { x := circlk12.NewDraft10(nil); return &x }},
			} {
				b.Run(fmt.Sprintf("impl=%s/write=%d/size=%d", im.name, piece, size), func(b *testing.B) {
					b.SetBytes(int64(size))
					b.ReportAllocs()
					x := im.new()
					for b.Loop() {
						x.Reset()
						write(x)
						x.Read(out)
					}
				})
			}
		}
	}
}

// BenchmarkKT256, BenchmarkM14 and BenchmarkTurboSHAKE128 have no peer in
// Go; they show hashkit's own figures.
func BenchmarkKT256(b *testing.B) { benchmarkTree(b, k12.SumKT256) }

func BenchmarkM14(b *testing.B) { benchmarkTree(b, k12.SumM14) }

// ktStream is a KT128 hasher of hashkit or circl, reset and reused.
type ktStream interface {
	Reset()
	io.Writer
	io.Reader
}

func benchmarkTree(b *testing.B, sum func(data, customization []byte, length int) []byte) {
	for _, size := range k12Sizes {
		msg := make([]byte, size)
		b.Run(fmt.Sprintf("impl=hashkit/size=%d", size), func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				sum(msg, nil, 64)
			}
		})
	}
}

func BenchmarkTurboSHAKE128(b *testing.B) {
	for _, size := range []int{8, 1350, 8192, 1 << 20} {
		msg := make([]byte, size)
		b.Run(fmt.Sprintf("impl=hashkit/size=%d", size), func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				k12.SumTurboSHAKE128(msg, 0x1F, 32)
			}
		})
	}
}
