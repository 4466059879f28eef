package sha3

import (
	"bytes"
	stdsha3 "crypto/sha3"
	"errors"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
)

// manyCases returns the (batch size, message length) pairs of the
// differential tests: every size 0..70 at a few lengths and every length
// 0..300 at a few sizes (group widths 4 and 8 and one more, a lone message),
// or under -short the boundaries only (the rates 72 and 136).
func manyCases() [][2]int {
	var c [][2]int
	if testing.Short() {
		for _, n := range []int{0, 1, 3, 4, 5, 8, 9, 17} {
			for _, l := range []int{0, 1, 64, 71, 72, 135, 136, 137, 300} {
				c = append(c, [2]int{n, l})
			}
		}
		return c
	}
	for n := range 71 {
		for _, l := range []int{0, 1, 64, 136, 300} {
			c = append(c, [2]int{n, l})
		}
	}
	for l := range 301 {
		for _, n := range []int{1, 5, 8, 9, 17} {
			c = append(c, [2]int{n, l})
		}
	}
	return c
}

// checkMany compares each batch function's outputs with the one-message
// functions, for n messages of l bytes.
func checkMany(t *testing.T, data []byte, n, l int) {
	t.Helper()
	d256 := make([][Size256]byte, n)
	d512 := make([][Size512]byte, n)
	dk := make([][Size256]byte, n)
	if err := errors.Join(SumMany256(d256, data, l), SumMany512(d512, data, l), SumManyKeccak256(dk, data, l)); err != nil {
		t.Fatal(err)
	}
	const outLen = 200
	s128 := make([]byte, n*outLen)
	s256 := make([]byte, n*outLen)
	if err := SumManySHAKE128(s128, outLen, data, l); err != nil {
		t.Fatal(err)
	}
	if err := SumManySHAKE256(s256, outLen, data, l); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		m := data[i*l : (i+1)*l]
		switch {
		case d256[i] != stdsha3.Sum256(m):
			t.Fatalf("%d messages of %d bytes: SHA3-256 %d differs", n, l, i)
		case d512[i] != stdsha3.Sum512(m):
			t.Fatalf("%d messages of %d bytes: SHA3-512 %d differs", n, l, i)
		case dk[i] != SumKeccak256(m):
			t.Fatalf("%d messages of %d bytes: Keccak-256 %d differs", n, l, i)
		case !bytes.Equal(s128[i*outLen:(i+1)*outLen], stdsha3.SumSHAKE128(m, outLen)):
			t.Fatalf("%d messages of %d bytes: SHAKE128 %d differs", n, l, i)
		case !bytes.Equal(s256[i*outLen:(i+1)*outLen], stdsha3.SumSHAKE256(m, outLen)):
			t.Fatalf("%d messages of %d bytes: SHAKE256 %d differs", n, l, i)
		}
	}
}

// TestSumMany compares the batch functions with crypto/sha3 (and
// SumKeccak256) on every kernel.
func TestSumMany(t *testing.T) {
	src := hashtest.RandBytes(7, 70*300)
	hashtest.AllImplementations(t, "keccak", func(t *testing.T) {
		hashtest.CheckBatches(t, src, manyCases(), checkMany)
	})
}

// TestSHAKEMany reads the streams in pieces (the matrix expansion pattern:
// 168 bytes at a time, and odd sizes) and compares with crypto/sha3.
func TestSHAKEMany(t *testing.T) {
	src := hashtest.RandBytes(8, 8*34)
	hashtest.AllImplementations(t, "keccak", func(t *testing.T) {
		for _, n := range []int{1, 2, 4, 5, 8} {
			for _, wide := range []bool{false, true} {
				const total = 840
				var x SHAKEMany
				init, sum := x.Init128, stdsha3.SumSHAKE128
				if wide {
					init, sum = x.Init256, stdsha3.SumSHAKE256
				}
				if err := init(n, src[:n*34], 34); err != nil {
					t.Fatal(err)
				}
				got := make([]byte, n*total)
				for done, k := 0, 168; done < total; k = 168 + 13 - k {
					k = min(k, total-done)
					piece := make([]byte, n*k)
					if err := x.Read(piece); err != nil {
						t.Fatal(err)
					}
					for j := range n {
						copy(got[j*total+done:], piece[j*k:(j+1)*k])
					}
					done += k
				}
				for j := range n {
					if !bytes.Equal(got[j*total:(j+1)*total], sum(src[j*34:(j+1)*34], total)) {
						t.Fatalf("%d streams (SHAKE256 %v): stream %d differs", n, wide, j)
					}
				}
			}
		}
	})
}

func TestSumManyErrors(t *testing.T) {
	dst := make([][Size256]byte, 2)
	for _, c := range hashtest.BadBatches {
		if SumMany256(dst, c.Data, c.MsgLen) == nil || SumManyKeccak256(dst, c.Data, c.MsgLen) == nil ||
			SumMany512(make([][Size512]byte, 2), c.Data, c.MsgLen) == nil || SumManySHAKE128(make([]byte, 64), 32, c.Data, c.MsgLen) == nil {
			t.Errorf("len(data) %d, msgLen %d: no error", len(c.Data), c.MsgLen)
		}
	}
	if dst[0] != ([Size256]byte{}) {
		t.Error("a failing call wrote to dst")
	}
	for _, outLen := range []int{0, -1, 5} {
		if SumManySHAKE256(make([]byte, 64), outLen, make([]byte, 4), 2) == nil {
			t.Errorf("outLen %d: no error", outLen)
		}
	}
	var x SHAKEMany
	if x.Read(make([]byte, 8)) == nil {
		t.Error("Read before Init: no error")
	}
	if x.Init128(0, nil, 0) == nil || x.Init128(9, make([]byte, 9), 1) == nil || x.Init256(2, make([]byte, 3), 1) == nil {
		t.Error("bad Init: no error")
	}
	if err := x.Init128(3, make([]byte, 3), 1); err != nil {
		t.Fatal(err)
	}
	if x.Read(make([]byte, 8)) == nil {
		t.Error("Read of 8 bytes from 3 streams: no error")
	}
	if SumMany256(nil, nil, 0) != nil || SumManySHAKE128(nil, 32, nil, 5) != nil {
		t.Error("empty batches give an error")
	}
}

// FuzzSumMany compares the batch functions with the one-message ones on
// the fuzzer's data cut into messages of the length it picks, on every
// kernel.
func FuzzSumMany(f *testing.F) {
	f.Add(make([]byte, 640), uint(64))
	f.Add(make([]byte, 1360), uint(136))
	hashtest.FuzzBatch(f, "keccak", cpu.Impls("keccak"), checkMany)
}

func TestSumManyAllocs(t *testing.T) {
	if hashtest.RaceEnabled {
		t.Skip("race instrumentation allocates")
	}
	data := make([]byte, 16*136)
	var dst [16][Size256]byte
	out := make([]byte, 4*840)
	hashtest.NoAllocs(t, "SumMany256", func() { SumMany256(dst[:], data, 136) })
	hashtest.NoAllocs(t, "SumManyKeccak256", func() { SumManyKeccak256(dst[:], data[:16*64], 64) })
	hashtest.NoAllocs(t, "SumManySHAKE128", func() { SumManySHAKE128(out, 840, data[:4*34], 34) })
	hashtest.NoAllocs(t, "SHAKEMany", func() {
		var x SHAKEMany
		x.Init128(4, data[:4*34], 34)
		x.Read(out)
	})
}
