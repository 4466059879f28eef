package digesttest

import (
	"bytes"
	"encoding/binary"
	"hash"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
)

// Variant is one function of a package that mirrors a standard-library one
// (SHA-256 and SHA-224 of sha256, ...): its constructor and one-shot sum
// and the standard library's.
type Variant struct {
	Name        string // in the vector files and in messages: "SHA2-256"
	New, Ref    func() hash.Hash
	Sum, RefSum func([]byte) []byte
	// SumArray calls the one-shot sum and drops its array, which must stay
	// off the heap (Sum returns a slice of it, which escapes).
	SumArray func([]byte)
	Magic    string // of the marshalled state
}

// Variants is a package's table of variants, for the tests they share.
type Variants struct {
	Pkg        string // registry name, "sha256"
	Family     string // vector family, "sha2"
	BlockSize  int
	MinVectors int // the quick vectors that must run
	List       []Variant
}

// Test runs the shared tests of the variants as subtests: Vectors
// (testVectors), Conformance (testConformance) and Stdlib
// (testStdlib), and Allocations outside the race detector.
func (v *Variants) Test(t *testing.T) {
	t.Run("Vectors", func(t *testing.T) { testVectors(t, v.Pkg, v.Family, v.MinVectors, v.List) })
	t.Run("Conformance", func(t *testing.T) { testConformance(t, v.Pkg, v.List) })
	t.Run("Stdlib", func(t *testing.T) { testStdlib(t, v.Pkg, v.BlockSize, v.List) })
	t.Run("Allocations", func(t *testing.T) {
		if hashtest.RaceEnabled {
			t.Skip("the race detector allocates")
		}
		hashtest.TestAllocs(t, v.List[0].New)
		msg := make([]byte, 100)
		for _, x := range v.List {
			hashtest.NoAllocs(t, x.Name, func() { x.SumArray(msg) })
		}
	})
}

// testVectors runs every vector of family for vs: the quick ones on
// every implementation of pkg (at least minQuick of them), and the slow
// multi-GiB ones once, on the default dispatch, outside -short.
func testVectors(t *testing.T, pkg, family string, minQuick int, vs []Variant) {
	algs := map[string]func() hash.Hash{}
	for _, v := range vs {
		algs[v.Name] = v.New
	}
	hashtest.AllImplementations(t, pkg, func(t *testing.T) {
		if n := hashtest.CheckFixedVectors(t, family, algs, hashtest.QuickVectors); n < minQuick {
			t.Fatalf("only %d vectors checked", n)
		}
	})
	t.Run("slow", func(t *testing.T) {
		if testing.Short() {
			t.Skip("the multi-GiB vectors run only without -short")
		}
		if n := hashtest.CheckFixedVectors(t, family, algs, hashtest.SlowVectors); n == 0 && hashtest.VectorsDir() != "" {
			t.Fatal("no slow vectors found")
		}
	})
}

// testConformance runs hashtest.TestHash on each variant and checks its method
// set, on every implementation of pkg.
func testConformance(t *testing.T, pkg string, vs []Variant) {
	hashtest.AllImplementations(t, pkg, func(t *testing.T) {
		for _, v := range vs {
			t.Run(v.Name, func(t *testing.T) { hashtest.TestHash(t, v.New) })
		}
	})
	for _, v := range vs {
		hashtest.NoExtraMethods(t, v.New())
	}
}

// testStdlib compares, on every implementation of pkg, each
// variant's one-shot sum with the standard library's at every length
// 0..1100 and at 3*64 KiB + 5 bytes (past the pieces the standard library
// writes in), and its marshalled state with the standard library's after
// lengths around blockSize.
func testStdlib(t *testing.T, pkg string, blockSize int, vs []Variant) {
	msg := hashtest.RandBytes(1, 1100)
	long := hashtest.RandBytes(2, 3<<16+5)
	hashtest.AllImplementations(t, pkg, func(t *testing.T) {
		for _, v := range vs {
			for n := 0; n <= len(msg); n++ {
				if got, want := v.Sum(msg[:n]), v.RefSum(msg[:n]); !bytes.Equal(got, want) {
					t.Fatalf("%s of %d bytes: %x, want %x", v.Name, n, got, want)
				}
			}
			if got, want := v.Sum(long), v.RefSum(long); !bytes.Equal(got, want) {
				t.Fatalf("%s of %d bytes: %x, want %x", v.Name, len(long), got, want)
			}
			for _, n := range []int{0, 1, blockSize - 1, blockSize, blockSize + 1, 200, 300} {
				ours, std := v.New(), v.Ref()
				ours.Write(msg[:n])
				std.Write(msg[:n])
				if !bytes.Equal(hashtest.Marshal(t, ours), hashtest.Marshal(t, std)) {
					t.Fatalf("%s: marshalled state after %d bytes differs from the standard library's", v.Name, n)
				}
			}
		}
	})
}

// FuzzStdlib compares, on every implementation, each variant's one-shot sum
// with the standard library's, and the first variant's write split where
// the fuzzer says. It adds the seed ("abc", 1); callers may add more first.
func (v *Variants) FuzzStdlib(f *testing.F) {
	pkg, vs := v.Pkg, v.List
	f.Add([]byte("abc"), uint(1))
	f.Fuzz(func(t *testing.T, msg []byte, split uint) {
		defer cpu.Restore(pkg)
		for _, name := range append(cpu.Impls(pkg), "") {
			cpu.Select(pkg, name)
			for _, v := range vs {
				if got, want := v.Sum(msg), v.RefSum(msg); !bytes.Equal(got, want) {
					t.Fatalf("%q: %s %x, want %x", name, v.Name, got, want)
				}
			}
			CheckSplit(t, msg, split, vs[0].RefSum(msg), vs[0].Sum, vs[0].New)
		}
	})
}

// FuzzState feeds arbitrary states to every variant and the standard
// library's twin: no panics, the standard library accepts what we accept,
// and both then marshal to the same bytes and give the same sum (where
// sameSum, if not nil, says the sums of that state can agree). It adds each
// variant's state after a few bytes, and the first variant's bare magic, as
// seeds.
func (v *Variants) FuzzState(f *testing.F, sameSum func(state []byte) bool) {
	vs := v.List
	for _, v := range vs {
		h := v.New()
		h.Write([]byte("some bytes"))
		f.Add(hashtest.Marshal(f, h))
	}
	f.Add([]byte(vs[0].Magic))
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, v := range vs {
			ours, std := v.New(), v.Ref()
			if hashtest.Unmarshal(ours, b) != nil {
				continue
			}
			if err := hashtest.Unmarshal(std, b); err != nil {
				t.Fatalf("%s: the standard library rejects a state we accept: %v", v.Name, err)
			}
			if a, s := hashtest.Marshal(t, ours), hashtest.Marshal(t, std); !bytes.Equal(a, s) {
				t.Fatalf("%s: state %x marshals as %x, the standard library's as %x", v.Name, b, a, s)
			}
			if (sameSum == nil || sameSum(b)) && !bytes.Equal(std.Sum(nil), ours.Sum(nil)) {
				t.Fatalf("%s: the standard library and hashkit disagree on an accepted state", v.Name)
			}
		}
	})
}

// TestLongLengths checks the length field for messages past 2^32 and 2^35
// bytes (and wherever counts puts it) without hashing gigabytes, on every
// implementation: for each variant and count n, a marshalled state claims n
// bytes (a random chaining value of BlockSize/2 bytes and n % BlockSize
// buffered bytes), and the variant and its reference resume from
// it, hash 0, 1, BlockSize-BlockSize/8-1 (the most that leaves room for the
// length in the same block), BlockSize and tailLen more bytes and must
// agree. Where override returns a digest for the state and the more bytes,
// that is the expected value instead of the reference's.
func (v *Variants) TestLongLengths(t *testing.T, tailLen int, counts []uint64, override func(st, more []byte) []byte) {
	pkg, blockSize, vs := v.Pkg, v.BlockSize, v.List
	tail := hashtest.RandBytes(uint64(6+blockSize/64), tailLen)
	hashtest.AllImplementations(t, pkg, func(t *testing.T) {
		for _, v := range vs {
			for _, n := range counts {
				st := []byte(v.Magic)
				st = append(st, hashtest.RandBytes(n, blockSize/2)...) // chaining value
				buf := make([]byte, blockSize)                         // buffered bytes, zero past n%blockSize
				copy(buf, hashtest.RandBytes(n+1, int(n%uint64(blockSize))))
				st = append(st, buf...)
				st = binary.BigEndian.AppendUint64(st, n)
				ours, std := v.New(), v.Ref()
				if err := hashtest.Unmarshal(ours, st); err != nil {
					t.Fatal(err)
				}
				if err := hashtest.Unmarshal(std, st); err != nil {
					t.Fatal(err)
				}
				for _, k := range []int{0, 1, blockSize - blockSize/8 - 1, blockSize, tailLen} {
					ac, _ := ours.(hash.Cloner).Clone()
					bc, _ := std.(hash.Cloner).Clone()
					ac.(hash.Hash).Write(tail[:k])
					bc.(hash.Hash).Write(tail[:k])
					want := bc.(hash.Hash).Sum(nil)
					if override != nil {
						if w := override(st, tail[:k]); w != nil {
							want = w[:ours.Size()]
						}
					}
					if got := ac.(hash.Hash).Sum(nil); !bytes.Equal(got, want) {
						t.Fatalf("%s after %d+%d bytes: %x, want %x", v.Name, n, k, got, want)
					}
				}
			}
		}
	})
}
