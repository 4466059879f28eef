package keccak

import (
	"bytes"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// manyReference is Many with one Sponge per message.
func manyReference(data []byte, n, msgLen, rate int, ds byte, outLen int) []byte {
	return manyReferenceRounds(data, n, msgLen, rate, 24, ds, outLen)
}

// manyReferenceRounds is manyReference with rounds rounds.
func manyReferenceRounds(data []byte, n, msgLen, rate, rounds int, ds byte, outLen int) []byte {
	out := make([]byte, n*outLen)
	var s Sponge
	for i := range n {
		s.Init(rate, rounds, ds)
		s.Absorb(data[i*msgLen : (i+1)*msgLen])
		s.Squeeze(out[i*outLen : (i+1)*outLen])
	}
	return out
}

// TestMany compares Many with one Sponge per message at the rates of
// SHA3-512, SHA3-384, SHA3-256/SHAKE256 and SHAKE128, message lengths
// around the block boundaries, outputs of one and several blocks and every
// group size, on every kernel.
func TestMany(t *testing.T) {
	counts := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 17}
	src := hashtest.RandBytes(4, 17*400)
	hashtest.AllImplementations(t, "keccak", func(t *testing.T) {
		for _, rate := range []int{72, 104, Rate256, Rate128} {
			for _, l := range []int{0, 1, rate - 1, rate, rate + 1, 2*rate + 5} {
				for _, outLen := range []int{1, 32, 64, rate + 1, 3*rate + 7} {
					for _, n := range counts {
						data := src[:n*l]
						want := manyReference(data, n, l, rate, DomainSHAKE, outLen)
						got := make([]byte, n*outLen)
						Many(got, data, l, rate, 24, DomainSHAKE, outLen)
						if !bytes.Equal(got, want) {
							t.Fatalf("rate %d, %d messages of %d bytes, %d bytes out: differs", rate, n, l, outLen)
						}
					}
				}
			}
		}
	})
}

// TestMultiSqueeze reads the streams of a Multi in pieces of varying
// length and compares with one Sponge per message, for every number of
// streams (12 rounds for the even ones, 24 for the odd).
func TestMultiSqueeze(t *testing.T) {
	src := hashtest.RandBytes(5, 8*34)
	hashtest.AllImplementations(t, "keccak", func(t *testing.T) {
		for n := 1; n <= MultiMax; n++ {
			const total = 900
			rounds := 24 - 12*(1-n%2)
			want := manyReferenceRounds(src[:n*34], n, 34, Rate128, rounds, DomainSHAKE, total)
			var m Multi
			m.Init(src[:n*34], n, 34, Rate128, rounds, DomainSHAKE)
			got := make([]byte, n*total)
			for done, k := 0, 1; done < total; k = k*3 + 1 {
				k = min(k, total-done)
				piece := make([]byte, n*k)
				m.Squeeze(piece, k)
				for j := range n {
					copy(got[j*total+done:], piece[j*k:(j+1)*k])
				}
				done += k
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%d streams read in pieces: differs", n)
			}
		}
	})
}

// TestManyParallel lowers the thresholds so that small batches take the
// goroutine path.
func TestManyParallel(t *testing.T) {
	defer func(a, b int) { manyParallelMin, manyRunBytes = a, b }(manyParallelMin, manyRunBytes)
	manyParallelMin, manyRunBytes = 1, 1000
	src := hashtest.RandBytes(6, 50*200)
	for _, n := range []int{2, 9, 50} {
		want := manyReference(src[:n*200], n, 200, Rate256, DomainSHA3, 32)
		got := make([]byte, n*32)
		Many(got, src[:n*200], 200, Rate256, 24, DomainSHA3, 32)
		if !bytes.Equal(got, want) {
			t.Fatalf("%d messages on several goroutines: differs", n)
		}
	}
}
