package digesttest

import (
	"hash"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// Digest describes md5, sha1 or ripemd160 to the suite they share; each
// package keeps its kernel tests and what only it has.
type Digest struct {
	Pkg, Alg  string   // registry and vector-family name ("md5"), algorithm in the vector file ("MD5")
	SkipKinds []string // vector kinds the package checks itself
	New       func() hash.Hash
	Sum       func([]byte) []byte
	Golden    []Golden

	// Magic is the prefix of this package's marshalled state; OtherMagic
	// another digest's, which UnmarshalBinary must refuse, as a nonzero
	// byte at BadIndex of the state after "hello" (past the buffered input).
	Magic, OtherMagic string
	BadIndex          int
	GoldenState       string // hex of the marshalled state after "abc"

	// MillionA and Stream are the hex digests of TestLongMessage; "" where
	// the package has none.
	MillionA, Stream string
	ExtraMethods     []string // exported beyond the interfaces, as the standard library's

	// StdName, Std and StdSum are the standard library's package, New and
	// Sum; Std is nil where it has none.
	StdName string
	Std     func() hash.Hash
	StdSum  func([]byte) []byte
}

// Test runs the shared tests as subtests: Golden (TestGolden), Vectors
// (TestVectorsOf) and HashContract (hashtest.TestHash) on every
// implementation; UnmarshalRejects, GoldenState and Methods on hashkit's own
// code; Long (TestLongMessage); and, against the standard library, Stdlib
// (TestDifferential, every implementation), StdlibState (TestStateInterop)
// and LargeLength (TestLargeLength).
func (d *Digest) Test(t *testing.T) {
	onEvery := func(name string, f func(t *testing.T)) {
		t.Run(name, func(t *testing.T) { hashtest.AllImplementations(t, d.Pkg, f) })
	}
	onEvery("Golden", func(t *testing.T) { TestGolden(t, d.Golden, d.Sum, d.New) })
	onEvery("Vectors", func(t *testing.T) { TestVectorsOf(t, d.Pkg, d.Alg, d.New, d.SkipKinds...) })
	onEvery("HashContract", func(t *testing.T) { hashtest.TestHash(t, d.New) })
	// The standard library's path checks less, and has other methods.
	t.Run("UnmarshalRejects", func(t *testing.T) {
		Portable(t, d.Pkg)
		TestUnmarshalRejects(t, d.New, d.OtherMagic, d.BadIndex)
	})
	t.Run("GoldenState", func(t *testing.T) { TestGoldenState(t, d.New, "abc", d.GoldenState) })
	t.Run("Methods", func(t *testing.T) {
		Portable(t, d.Pkg)
		hashtest.NoExtraMethods(t, d.New(), d.ExtraMethods...)
	})
	if d.MillionA != "" {
		t.Run("Long", func(t *testing.T) { TestLongMessage(t, d.Sum, d.New, d.MillionA, d.Stream) })
	}
	if d.Std == nil {
		return
	}
	onEvery("Stdlib", func(t *testing.T) { TestDifferential(t, 7, 1, d.Sum, d.New, d.StdSum) })
	t.Run("StdlibState", func(t *testing.T) { TestStateInterop(t, d.StdName, d.New, d.Std) })
	t.Run("LargeLength", func(t *testing.T) { TestLargeLength(t, d.New, d.Std) })
}

// FuzzUnmarshal feeds arbitrary states (hashtest.FuzzUnmarshal): no
// panics, and an accepted state marshals back to the same bytes and is
// accepted by the standard library's, where there is one.
func (d *Digest) FuzzUnmarshal(f *testing.F) {
	hashtest.FuzzUnmarshal(f, d.New, []byte("some bytes"), d.Magic, d.StdName, d.Std)
}
