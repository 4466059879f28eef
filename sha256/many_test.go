package sha256

import (
	stdsha256 "crypto/sha256"
	"errors"
	"runtime"
	"slices"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
)

// manySizes returns the batch sizes and message lengths of the
// differential tests: every size 0..70 and every length 0..300, or under
// -short the boundaries only (an odd last message, the kernel's pairs, the
// padding scratch's groups; one and two padding blocks, whole blocks).
func manySizes() (counts, lengths []int) {
	if testing.Short() {
		return []int{0, 1, 2, 3, 4, 7, 16, 17, 70},
			[]int{0, 1, 31, 32, 55, 56, 63, 64, 65, 119, 120, 128, 191, 192, 256, 300}
	}
	return hashtest.UpTo(70), hashtest.UpTo(300)
}

// checkMany compares SumMany and SumMany224 of n messages of l bytes with
// crypto/sha256.
func checkMany(t *testing.T, data []byte, n, l int) {
	t.Helper()
	dst := make([][Size]byte, n)
	dst224 := make([][Size224]byte, n)
	if err := errors.Join(SumMany(dst, data, l), SumMany224(dst224, data, l)); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		m := data[i*l : (i+1)*l]
		if want := stdsha256.Sum256(m); dst[i] != want {
			t.Fatalf("%d messages of %d bytes: digest %d is %x, want %x", n, l, i, dst[i], want)
		}
		if want := stdsha256.Sum224(m); dst224[i] != want {
			t.Fatalf("%d messages of %d bytes: SHA-224 digest %d is %x, want %x", n, l, i, dst224[i], want)
		}
	}
}

// TestSumMany compares SumMany, SumMany224 and SumPairs with a loop of
// crypto/sha256, on every kernel.
func TestSumMany(t *testing.T) {
	counts, lengths := manySizes()
	src := hashtest.RandBytes(1, 70*300)
	hashtest.ManyImplementations(t, "sha256", func(t *testing.T) {
		for _, l := range lengths {
			for _, n := range counts {
				checkMany(t, src[:n*l], n, l)
			}
		}
		for _, n := range counts {
			nodes := make([][Size]byte, 2*n)
			for i := range nodes {
				copy(nodes[i][:], src[32*i:])
			}
			dst := make([][Size]byte, n)
			if err := SumPairs(dst, nodes); err != nil {
				t.Fatal(err)
			}
			for i := range n {
				if want := stdsha256.Sum256(append(nodes[2*i][:], nodes[2*i+1][:]...)); dst[i] != want {
					t.Fatalf("%d pairs: parent %d is %x, want %x", n, i, dst[i], want)
				}
			}
			checkPairsInPlace(t, nodes, dst)
		}
	})
}

// checkPairsInPlace hashes the 2n nodes of layer in place, as SumPairs
// allows (the parents overwrite the first half of the layer), and compares
// the n parents with want.
func checkPairsInPlace(t *testing.T, layer, want [][Size]byte) {
	t.Helper()
	n := len(want)
	if err := SumPairs(layer[:n], layer); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if layer[i] != want[i] {
			t.Fatalf("%d pairs in place: parent %d is %x, want %x", n, i, layer[i], want[i])
		}
	}
}

// TestSumPairsInPlaceParallel checks in-place layers large enough to be
// hashed on several goroutines (from 8192 pairs), with GOMAXPROCS raised so
// that they are even on a small machine: no goroutine may overwrite nodes
// that another has not read yet.
func TestSumPairsInPlaceParallel(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(8))
	for _, n := range []int{8192, 8193, 20001} {
		nodes := make([][Size]byte, 2*n)
		for i := range nodes {
			nodes[i] = [Size]byte{byte(i), byte(i >> 8), byte(i >> 16)}
		}
		want := make([][Size]byte, n)
		if err := SumPairs(want, nodes); err != nil {
			t.Fatal(err)
		}
		for range 4 {
			checkPairsInPlace(t, slices.Clone(nodes), want)
		}
	}
}

// TestSumManyErrors checks the length rule: an error and nothing written.
func TestSumManyErrors(t *testing.T) {
	var canary [Size]byte
	canary[0] = 0xa5
	dst := [][Size]byte{canary, canary}
	for _, c := range hashtest.BadBatches {
		if err := SumMany(dst, c.Data, c.MsgLen); err == nil {
			t.Errorf("len(data) %d, msgLen %d: no error", len(c.Data), c.MsgLen)
		}
		if err := SumMany224(make([][Size224]byte, 2), c.Data, c.MsgLen); err == nil {
			t.Errorf("SHA-224, len(data) %d, msgLen %d: no error", len(c.Data), c.MsgLen)
		}
	}
	for _, n := range []int{0, 1, 3, 5} {
		if err := SumPairs(dst, make([][Size]byte, n)); err == nil {
			t.Errorf("SumPairs of 2 and %d: no error", n)
		}
	}
	if dst[0] != canary || dst[1] != canary {
		t.Error("a failing call wrote to dst")
	}
	// Empty batches are fine, nil slices included.
	if err := SumMany(nil, nil, 0); err != nil {
		t.Error(err)
	}
	if err := SumMany(nil, nil, 64); err != nil {
		t.Error(err)
	}
	if err := SumPairs(nil, nil); err != nil {
		t.Error(err)
	}
}

// FuzzSumMany compares SumMany and SumMany224 of the fuzzer's data cut
// into messages of the length it picks with crypto/sha256, on every kernel.
func FuzzSumMany(f *testing.F) {
	f.Add(make([]byte, 640), uint(64))
	f.Add(make([]byte, 300), uint(100))
	f.Add([]byte("abc"), uint(1))
	hashtest.FuzzBatch(f, "sha256", cpu.RoleImpls("sha256", cpu.RoleMany), checkMany)
}

func TestSumManyAllocs(t *testing.T) {
	if hashtest.RaceEnabled {
		t.Skip("race instrumentation allocates")
	}
	data := make([]byte, 16*256)
	var dst [16][Size]byte
	var dst224 [16][Size224]byte
	nodes := make([][Size]byte, 64)
	hashtest.NoAllocs(t, "SumMany", func() { SumMany(dst[:], data, 256) })
	hashtest.NoAllocs(t, "SumMany of 100-byte messages", func() { SumMany(dst[:], data[:1600], 100) })
	hashtest.NoAllocs(t, "SumMany224", func() { SumMany224(dst224[:], data, 256) })
	hashtest.NoAllocs(t, "SumPairs", func() { SumPairs(dst[:], nodes[:32]) })
}
