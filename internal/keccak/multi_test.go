package keccak

import (
	"bytes"
	"fmt"
	"runtime"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// leafCase is one set of Leaves parameters.
type leafCase struct {
	leafLen, rate, rounds int
	ds                    byte
	cvLen                 int
}

// leafCases cover KangarooTwelve's leaves (8192 bytes, TurboSHAKE, D=0x0B,
// 32/64-byte chaining values), ParallelHash's (SHAKE, 24 rounds, 0x1F, any
// block size), every block boundary of both rates, and parameters the
// kernels do not take (other rates and rounds, long outputs).
func leafCases() []leafCase {
	var cs []leafCase
	for _, rate := range []int{Rate128, Rate256} {
		for _, leafLen := range []int{1, 7, 8, rate - 9, rate - 1, rate, rate + 1, 2*rate - 1, 2 * rate, 3*rate + 5, 1000} {
			cs = append(cs, leafCase{leafLen, rate, 12, 0x0B, 32}, leafCase{leafLen, rate, 24, 0x1F, 64})
		}
		cs = append(cs, leafCase{8192, rate, 12, 0x0B, 32}, leafCase{8192, rate, 12, 0x0B, 64}, leafCase{8191, rate, 24, 0x1F, rate})
		cs = append(cs, leafCase{100, rate, 12, 0x0B, 13}, leafCase{100, rate, 12, 0x7F, 1})
	}
	// Not for the kernels: the generic path must still be right.
	cs = append(cs, leafCase{300, 72, 24, 0x06, 64}, leafCase{300, Rate128, 6, 0x0B, 32}, leafCase{300, Rate256, 12, 0x0B, 200})
	return cs
}

func (c leafCase) String() string {
	return fmt.Sprintf("leaf=%d/rate=%d/rounds=%d/ds=%#x/cv=%d", c.leafLen, c.rate, c.rounds, c.ds, c.cvLen)
}

// leavesReference hashes each leaf with its own Sponge.
func leavesReference(data []byte, c leafCase) []byte {
	n := len(data) / c.leafLen
	out := make([]byte, n*c.cvLen)
	for i := range n {
		var s Sponge
		s.Init(c.rate, c.rounds, c.ds)
		s.Absorb(data[i*c.leafLen : (i+1)*c.leafLen])
		s.Squeeze(out[i*c.cvLen : (i+1)*c.cvLen])
	}
	return out
}

func TestLeaves(t *testing.T) {
	hashtest.AllImplementations(t, "keccak", func(t *testing.T) {
		for _, c := range leafCases() {
			// Every count to 20: each remainder of each kernel's width.
			var counts []int
			for n := range 21 {
				if !testing.Short() || c.leafLen <= 1000 || n <= 9 {
					counts = append(counts, n)
				}
			}
			for _, n := range counts {
				data := hashtest.RandBytes(uint64(n*c.leafLen+c.rate), n*c.leafLen)
				want := leavesReference(data, c)
				// Room after the outputs must stay untouched.
				got := bytes.Repeat([]byte{0xAA}, len(want)+5)
				Leaves(got, data, c.leafLen, c.rate, c.rounds, c.ds, c.cvLen)
				if !bytes.Equal(got[:len(want)], want) {
					t.Fatalf("%v, %d leaves: differs from one sponge per leaf", c, n)
				}
				if !bytes.Equal(got[len(want):], bytes.Repeat([]byte{0xAA}, 5)) {
					t.Fatalf("%v, %d leaves: wrote past the outputs", c, n)
				}
			}
		}
	})
}

// TestLeavesParallel forces the split over goroutines on small inputs.
func TestLeavesParallel(t *testing.T) {
	defer func(a, b int) { parallelMinBytes, workerMinBytes = a, b }(parallelMinBytes, workerMinBytes)
	parallelMinBytes, workerMinBytes = 1, 1
	// More goroutines than this machine may have cores.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(8))
	hashtest.AllImplementations(t, "keccak", func(t *testing.T) {
		for _, c := range []leafCase{{8192, Rate128, 12, 0x0B, 32}, {8192, Rate256, 12, 0x0B, 64}, {777, Rate128, 24, 0x1F, 32}} {
			for _, n := range []int{2, 9, 16, 17, 40} {
				data := hashtest.RandBytes(uint64(n), n*c.leafLen)
				want := leavesReference(data, c)
				got := make([]byte, len(want))
				Leaves(got, data, c.leafLen, c.rate, c.rounds, c.ds, c.cvLen)
				if !bytes.Equal(got, want) {
					t.Fatalf("%v, %d leaves on goroutines: differs", c, n)
				}
			}
		}
	})
}

// TestLeavesNoReadsOutside checks that every leaf is read from its own
// bytes only: the same leaves inside different surroundings hash the same.
func TestLeavesNoReadsOutside(t *testing.T) {
	hashtest.AllImplementations(t, "keccak", func(t *testing.T) {
		c := leafCase{8192 + 100, Rate128, 12, 0x0B, 32}
		n := 9
		a := hashtest.RandBytes(1, n*c.leafLen+256)
		b := hashtest.RandBytes(2, n*c.leafLen+256)
		copy(b[128:], a[128:128+n*c.leafLen])
		ga := make([]byte, n*32)
		gb := make([]byte, n*32)
		Leaves(ga, a[128:128+n*c.leafLen], c.leafLen, c.rate, c.rounds, c.ds, c.cvLen)
		Leaves(gb, b[128:128+n*c.leafLen], c.leafLen, c.rate, c.rounds, c.ds, c.cvLen)
		if !bytes.Equal(ga, gb) {
			t.Fatal("result depends on bytes outside the leaves")
		}
	})
}

func TestLeavesInvalid(t *testing.T) {
	for i, f := range []func(){
		func() { Leaves(make([]byte, 64), make([]byte, 10), 3, Rate128, 12, 0x0B, 32) },  // not a multiple
		func() { Leaves(make([]byte, 31), make([]byte, 10), 10, Rate128, 12, 0x0B, 32) }, // dst too short
		func() { Leaves(make([]byte, 64), make([]byte, 10), 0, Rate128, 12, 0x0B, 32) },
		func() { Leaves(make([]byte, 64), make([]byte, 10), 10, 100, 12, 0x0B, 32) },
		func() { Leaves(make([]byte, 64), make([]byte, 10), 10, Rate128, 25, 0x0B, 32) },
		func() { Leaves(make([]byte, 64), make([]byte, 10), 10, Rate128, 12, 0, 32) },
		func() { Leaves(make([]byte, 64), make([]byte, 10), 10, Rate128, 12, 0x0B, 0) },
	} {
		if !hashtest.Panics(f) {
			t.Errorf("case %d: no panic", i)
		}
	}
}

func TestLeavesAllocs(t *testing.T) {
	if hashtest.RaceEnabled {
		t.Skip("the race detector allocates")
	}
	data := make([]byte, 16*8192)
	var dst [16 * 32]byte
	hashtest.NoAllocs(t, "Leaves", func() {
		Leaves(dst[:], data, 8192, Rate128, 12, 0x0B, 32)
	})
}

func FuzzLeaves(f *testing.F) {
	f.Add([]byte("seed"), uint16(168), uint8(9), true, uint8(0x0B), false)
	f.Add([]byte{}, uint16(8192), uint8(3), false, uint8(0x1F), true)
	f.Fuzz(func(t *testing.T, seed []byte, leafLen uint16, n uint8, rate128 bool, ds uint8, long bool) {
		if leafLen == 0 || ds == 0 {
			return
		}
		c := leafCase{int(leafLen), Rate256, 12, ds, 32}
		if rate128 {
			c.rate = Rate128
		}
		if long {
			c.rounds, c.cvLen = 24, 64
		}
		data := make([]byte, int(n%20)*c.leafLen)
		for i := range data {
			data[i] = byte(i*7) ^ byte(len(seed))
			if len(seed) > 0 {
				data[i] ^= seed[i%len(seed)]
			}
		}
		want := leavesReference(data, c)
		hashtest.AllImplementations(t, "keccak", func(t *testing.T) {
			got := make([]byte, len(want))
			Leaves(got, data, c.leafLen, c.rate, c.rounds, c.ds, c.cvLen)
			if !bytes.Equal(got, want) {
				t.Fatalf("%v, %d leaves: differs", c, len(data)/c.leafLen)
			}
		})
	})
}

func BenchmarkLeaves(b *testing.B) {
	for _, c := range []leafCase{{8192, Rate128, 12, 0x0B, 32}, {8192, Rate256, 24, 0x1F, 64}} {
		data := make([]byte, 64*c.leafLen)
		dst := make([]byte, 64*c.cvLen)
		for _, impl := range append(cpuImpls(), "generic") {
			b.Run(fmt.Sprintf("impl=%s/rate=%d/rounds=%d", impl, c.rate, c.rounds), func(b *testing.B) {
				selectImpl(impl)
				defer restoreImpls()
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				for b.Loop() {
					leavesSerial(dst, data, 64, c.leafLen, c.rate, c.rounds, c.ds, c.cvLen)
				}
			})
		}
	}
}

// TestLeavesAfter compares LeavesAfter with absorbing the prefix into the
// sponge and running one sponge per leaf, with the sponge empty or already
// holding whole blocks.
func TestLeavesAfter(t *testing.T) {
	hashtest.AllImplementations(t, "keccak", func(t *testing.T) {
		for _, c := range []leafCase{
			{8192, Rate128, 12, 0x0B, 32}, {8192, Rate256, 12, 0x0B, 64}, {2 * Rate128, Rate128, 12, 0x0B, 32},
			{1000, Rate256, 24, 0x1F, 64}, {100, Rate128, 12, 0x0B, 32}, {300, 72, 24, 0x06, 32},
		} {
			for _, n := range []int{0, 1, 2, 6, 7, 8, 9, 17} {
				for _, before := range []int{0, 2 * c.rate} {
					data := hashtest.RandBytes(uint64(n*c.leafLen+before), (n+1)*c.leafLen)
					pre := hashtest.RandBytes(5, before)
					var want, got Sponge
					want.Init(c.rate, c.rounds, 0x07)
					got.Init(c.rate, c.rounds, 0x07)
					want.Absorb(pre)
					got.Absorb(pre)
					want.Absorb(data[:c.leafLen])
					wantCVs := leavesReference(data[c.leafLen:], c)
					gotCVs := make([]byte, len(wantCVs))
					LeavesAfter(&got, gotCVs, data, c.leafLen, c.rate, c.rounds, c.ds, c.cvLen)
					if !bytes.Equal(gotCVs, wantCVs) {
						t.Fatalf("%v, %d leaves after %d bytes: leaves differ", c, n, before)
					}
					a, b := make([]byte, 100), make([]byte, 100)
					want.Squeeze(a)
					got.Squeeze(b)
					if !bytes.Equal(a, b) {
						t.Fatalf("%v, %d leaves after %d bytes: prefix sponge differs", c, n, before)
					}
				}
			}
		}
	})
}
