package blake3

import (
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
)

var manyTestKey = [KeySize]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32}

const manyTestContext = "hashkit 2026-12-01 batch test"

// checkMany compares SumMany, SumManyKeyed and SumManyDeriveKey with
// Sum256, NewKeyed and DeriveKey for n messages of l bytes.
func checkMany(t *testing.T, data []byte, n, l int) {
	t.Helper()
	plain, keyed, derived := make([][Size]byte, n), make([][Size]byte, n), make([][Size]byte, n)
	if err := SumMany(plain, data, l); err != nil {
		t.Fatal(err)
	}
	if err := SumManyKeyed(keyed, &manyTestKey, data, l); err != nil {
		t.Fatal(err)
	}
	if err := SumManyDeriveKey(derived, manyTestContext, data, l); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		m := data[i*l : (i+1)*l]
		if plain[i] != Sum256(m) {
			t.Fatalf("%d messages of %d bytes: hash %d differs", n, l, i)
		}
		h, _ := NewKeyed(manyTestKey[:])
		h.Write(m)
		if [Size]byte(h.Sum(nil)) != keyed[i] {
			t.Fatalf("%d messages of %d bytes: keyed hash %d differs", n, l, i)
		}
		var d [Size]byte
		DeriveKey(manyTestContext, m, d[:])
		if d != derived[i] {
			t.Fatalf("%d messages of %d bytes: derived key %d differs", n, l, i)
		}
	}
}

// manyCases returns the (batch size, message length) pairs of the
// differential tests: every size 0..70 and every length 0..300, the block
// and chunk boundaries up to 1025 bytes, or under -short the boundaries
// only (the 16 lanes, one and several blocks, whole and partial last
// blocks, one chunk and more).
func manyCases() [][2]int {
	var c [][2]int
	long := []int{511, 512, 1023, 1024, 1025}
	if testing.Short() {
		for _, n := range []int{0, 1, 2, 15, 16, 17, 33} {
			for _, l := range append([]int{0, 1, 63, 64, 65, 128, 300}, long...) {
				c = append(c, [2]int{n, l})
			}
		}
		return c
	}
	for n := range 71 {
		for _, l := range append(hashtest.UpTo(300), long...) {
			c = append(c, [2]int{n, l})
		}
	}
	return c
}

// TestSumMany compares the batch functions with the one-message ones on
// every kernel.
func TestSumMany(t *testing.T) {
	src := hashtest.RandBytes(10, 70*1025)
	hashtest.ManyImplementations(t, "blake3", func(t *testing.T) {
		hashtest.CheckBatches(t, src, manyCases(), checkMany)
	})
}

// TestSumManyParallel lowers the thresholds so that small batches take the
// goroutine path.
func TestSumManyParallel(t *testing.T) {
	defer func(a, b int) { manyParallelMin, manyRunBytes = a, b }(manyParallelMin, manyRunBytes)
	manyParallelMin, manyRunBytes = 1, 1000
	src := hashtest.RandBytes(11, 100*200)
	for _, n := range []int{2, 17, 100} {
		checkMany(t, src[:n*200], n, 200)
	}
}

func TestSumManyErrors(t *testing.T) {
	dst := make([][Size]byte, 2)
	for _, c := range hashtest.BadBatches {
		if SumMany(dst, c.Data, c.MsgLen) == nil || SumManyKeyed(dst, &manyTestKey, c.Data, c.MsgLen) == nil ||
			SumManyDeriveKey(dst, "x", c.Data, c.MsgLen) == nil {
			t.Errorf("len(data) %d, msgLen %d: no error", len(c.Data), c.MsgLen)
		}
	}
	if dst[0] != ([Size]byte{}) || dst[1] != ([Size]byte{}) {
		t.Error("a failing call wrote to dst")
	}
	if SumMany(nil, nil, 0) != nil || SumMany(nil, nil, 64) != nil {
		t.Error("empty batches give an error")
	}
}

// FuzzSumMany compares the batch functions with the one-message ones on
// the fuzzer's data cut into messages of the length it picks, on every
// kernel.
func FuzzSumMany(f *testing.F) {
	f.Add(make([]byte, 640), uint(64))
	f.Add(make([]byte, 2050), uint(1025))
	hashtest.FuzzBatch(f, "blake3", append(cpu.RoleImpls("blake3", cpu.RoleMany), cpu.RoleImpls("blake3", cpu.RoleManyFewLanes)...), checkMany)
}

func TestSumManyAllocs(t *testing.T) {
	if hashtest.RaceEnabled {
		t.Skip("race instrumentation allocates")
	}
	data := make([]byte, 16*1024)
	var dst [16][Size]byte
	hashtest.NoAllocs(t, "SumMany", func() { SumMany(dst[:], data, 1024) })
	hashtest.NoAllocs(t, "SumMany of 100 bytes", func() { SumMany(dst[:], data[:1600], 100) })
	hashtest.NoAllocs(t, "SumManyKeyed", func() { SumManyKeyed(dst[:], &manyTestKey, data[:1024], 64) })
	hashtest.NoAllocs(t, "SumManyDeriveKey", func() { SumManyDeriveKey(dst[:], manyTestContext, data[:1024], 64) })
}

func TestSumManyKeyedNilKey(t *testing.T) {
	dst := make([][Size]byte, 2)
	if err := SumManyKeyed(dst, nil, make([]byte, 8), 4); err == nil || dst[0] != [Size]byte{} {
		t.Errorf("nil key: %v, dst[0] %x; want an error and nothing written", err, dst[0])
	}
}
