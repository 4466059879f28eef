package hazmat_test

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/blake3"
	"github.com/hashkit/hashkit/blake3/hazmat"
	"github.com/hashkit/hashkit/internal/hashtest"
)

// subtreeCV hashes in, the bytes at offset of the whole input, as one
// subtree, written in pieces of random sizes so that every buffering path
// of the Hasher underneath is taken.
func subtreeCV(t testing.TB, mode hazmat.Mode, offset uint64, in []byte, rng *rand.Rand) hazmat.ChainingValue {
	t.Helper()
	s, err := hazmat.NewSubtree(mode, offset)
	if err != nil {
		t.Fatal(err)
	}
	for p := in; len(p) > 0; {
		k := len(p)
		if rng != nil && rng.IntN(2) == 0 {
			k = rng.IntN(len(p) + 1)
		}
		if n, err := s.Write(p[:k]); n != k || err != nil {
			t.Fatalf("Write(%d bytes) at offset %d = %d, %v", k, offset, n, err)
		}
		p = p[k:]
	}
	cv, err := s.ChainingValue()
	if err != nil {
		t.Fatal(err)
	}
	return cv
}

// nodeCV returns the chaining value of the node of the tree over the whole
// input that spans in, starting at offset, hashing each node of at most max
// bytes as a Subtree and merging the rest.
func nodeCV(t testing.TB, mode hazmat.Mode, offset uint64, in []byte, max uint64, rng *rand.Rand) hazmat.ChainingValue {
	if uint64(len(in)) <= max {
		if lim, limited := hazmat.MaxSubtreeLen(offset); limited && uint64(len(in)) > lim {
			t.Fatalf("node of %d bytes at offset %d exceeds MaxSubtreeLen %d", len(in), offset, lim)
		}
		return subtreeCV(t, mode, offset, in, rng)
	}
	l := hazmat.LeftSubtreeLen(uint64(len(in)))
	return hazmat.MergeNonRoot(nodeCV(t, mode, offset, in[:l], max, rng), nodeCV(t, mode, offset+l, in[l:], max, rng), mode)
}

// rootXOF returns a reader of the root output of in, split into subtrees of
// at most max bytes, and its 32-byte hash from MergeRoot or Root.
func rootXOF(t testing.TB, mode hazmat.Mode, in []byte, max uint64, rng *rand.Rand) (*blake3.OutputReader, [32]byte) {
	if uint64(len(in)) <= max || len(in) <= hazmat.ChunkLen {
		s, err := hazmat.NewSubtree(mode, 0)
		if err != nil {
			t.Fatal(err)
		}
		s.Write(in)
		sum, err := s.Root()
		if err != nil {
			t.Fatal(err)
		}
		r, err := s.RootXOF()
		if err != nil {
			t.Fatal(err)
		}
		return r, sum
	}
	l := hazmat.LeftSubtreeLen(uint64(len(in)))
	left, right := nodeCV(t, mode, 0, in[:l], max, rng), nodeCV(t, mode, l, in[l:], max, rng)
	return hazmat.MergeRootXOF(left, right, mode), hazmat.MergeRoot(left, right, mode)
}

// TestVectors hashes every official BLAKE3 vector (hash, keyed_hash and
// derive_key, 131-byte outputs) through the subtree API, split into every
// power-of-two subtree size from one chunk to the whole input, merged up
// to the root.
func TestVectors(t *testing.T) {
	cases := hashtest.Vectors(t, "blake3")
	hashtest.AllImplementations(t, "blake3", func(t *testing.T) {
		rng := rand.New(rand.NewPCG(1, 2))
		for _, c := range cases {
			c.SkipSlow(t)
			in := c.Input.Materialize()
			want := []byte(c.Expected)
			var mode hazmat.Mode
			switch m := c.String("mode"); m {
			case "hash":
				mode = hazmat.Hash()
			case "keyed_hash":
				mode = hazmat.Keyed((*[32]byte)(c.Bytes("key")))
			case "derive_key":
				ck := hazmat.ContextKey(c.String("context"))
				mode = hazmat.DeriveKeyMaterial(&ck)
			default:
				t.Fatalf("%s: unknown mode %q", c.ID, m)
			}
			for max := uint64(hazmat.ChunkLen); ; max *= 2 {
				r, sum := rootXOF(t, mode, in, max, rng)
				got := make([]byte, len(want))
				io.ReadFull(r, got)
				if !bytes.Equal(got, want) {
					t.Errorf("%s: subtrees of %d bytes: XOF = %x", c.ID, max, got)
				}
				if !bytes.Equal(sum[:], want[:32]) {
					t.Errorf("%s: subtrees of %d bytes: root = %x", c.ID, max, sum)
				}
				if max >= uint64(len(in)) {
					break
				}
			}
		}
	})
}

// TestLargeOffsets checks subtrees far into the input (chunk counters above
// 2^32) and large enough for the wide kernels and several goroutines: each
// one's chaining value equals the merge of its halves, down to single
// chunks hashed one at a time.
func TestLargeOffsets(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	in := make([]byte, 4<<20)
	for i := range in {
		in[i] = byte(rng.Uint32())
	}
	if testing.Short() {
		in = in[:1<<20]
	}
	for _, off := range []uint64{0, 1 << 22, 1 << 42, 3 << 42, 1 << 62, 1 << 63} {
		for _, mode := range []hazmat.Mode{hazmat.Hash(), hazmat.Keyed(&[32]byte{7})} {
			whole := subtreeCV(t, mode, off, in, nil)
			want := nodeCV(t, mode, off, in, 64<<10, rng)
			if whole != want {
				t.Errorf("offset %d, %d bytes: whole subtree %x, merged halves %x", off, len(in), whole, want)
			}
		}
	}
}

// TestZeroSubtree checks that the zero Subtree is NewSubtree(Hash(), 0).
func TestZeroSubtree(t *testing.T) {
	in := make([]byte, 20000)
	for i := range in {
		in[i] = byte(i % 251)
	}
	for _, n := range []int{0, 1, 2048, 20000} {
		var z hazmat.Subtree
		z.Write(in[:n])
		want := blake3.Sum256(in[:n])
		if got, err := z.Root(); err != nil || got != want {
			t.Errorf("%d bytes: zero Subtree's Root %x (%v), want %x", n, got, err, want)
		}
		s, _ := hazmat.NewSubtree(hazmat.Hash(), 0)
		s.Write(in[:n])
		cv, err := s.ChainingValue()
		if got, gotErr := z.ChainingValue(); got != cv || (gotErr == nil) != (err == nil) {
			t.Errorf("%d bytes: zero Subtree's ChainingValue %x (%v), want %x (%v)", n, got, gotErr, cv, err)
		}
	}
}

// TestMatchesHasher compares roots of inputs of many lengths, in subtrees
// of every size, with blake3's one-shot and keyed Hashers.
func TestMatchesHasher(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	key := [32]byte{1, 2, 3}
	for _, n := range []int{0, 1, 1023, 1024, 1025, 2048, 3073, 16 << 10, 17<<10 + 5, 64<<10 + 1, 300 << 10} {
		in := make([]byte, n)
		for i := range in {
			in[i] = byte(rng.Uint32())
		}
		for max := uint64(1024); max <= 512<<10; max *= 4 {
			if _, sum := rootXOF(t, hazmat.Hash(), in, max, rng); sum != blake3.Sum256(in) {
				t.Errorf("n=%d max=%d: hash %x", n, max, sum)
			}
			h, _ := blake3.NewKeyed(key[:])
			h.Write(in)
			if _, sum := rootXOF(t, hazmat.Keyed(&key), in, max, rng); !bytes.Equal(sum[:], h.Sum(nil)) {
				t.Errorf("n=%d max=%d: keyed %x", n, max, sum)
			}
			ck := hazmat.ContextKey("hashkit hazmat test")
			var dk [32]byte
			blake3.DeriveKey("hashkit hazmat test", in, dk[:])
			if _, sum := rootXOF(t, hazmat.DeriveKeyMaterial(&ck), in, max, rng); sum != dk {
				t.Errorf("n=%d max=%d: derive %x", n, max, sum)
			}
		}
	}
}

func TestErrors(t *testing.T) {
	for _, off := range []uint64{1, 1000, 1025, 1<<63 + 1} {
		if _, err := hazmat.NewSubtree(hazmat.Hash(), off); !errors.Is(err, hazmat.ErrOffset) {
			t.Errorf("NewSubtree(offset %d) error = %v", off, err)
		}
	}
	s, _ := hazmat.NewSubtree(hazmat.Hash(), 2048)
	if _, err := s.ChainingValue(); !errors.Is(err, hazmat.ErrEmpty) {
		t.Errorf("ChainingValue of an empty subtree: error = %v", err)
	}
	if _, err := s.Root(); !errors.Is(err, hazmat.ErrNotRoot) {
		t.Errorf("Root at offset 2048: error = %v", err)
	}
	if _, err := s.RootXOF(); !errors.Is(err, hazmat.ErrNotRoot) {
		t.Errorf("RootXOF at offset 2048: error = %v", err)
	}
	in := make([]byte, 2049)
	if n, err := s.Write(in); n != 0 || !errors.Is(err, hazmat.ErrTooLong) {
		t.Errorf("Write(2049 bytes) at offset 2048 = %d, %v", n, err)
	}
	if n, err := s.Write(in[:2000]); n != 2000 || err != nil {
		t.Fatalf("Write(2000) = %d, %v", n, err)
	}
	if n, err := s.Write(in[:49]); n != 0 || !errors.Is(err, hazmat.ErrTooLong) {
		t.Errorf("Write(49 more) at offset 2048 = %d, %v", n, err)
	}
	if s.Len() != 2000 {
		t.Errorf("Len after a refused write = %d", s.Len())
	}
	s.Write(in[:48])
	got, err := s.ChainingValue()
	if err != nil {
		t.Fatal(err)
	}
	if want := subtreeCV(t, hazmat.Hash(), 2048, in[:2048], nil); got != want {
		t.Errorf("after a refused write: %x, want %x", got, want)
	}
	s.Reset()
	if _, err := s.ChainingValue(); !errors.Is(err, hazmat.ErrEmpty) || s.Len() != 0 {
		t.Errorf("after Reset: Len %d, error %v", s.Len(), err)
	}
	z, _ := hazmat.NewSubtree(hazmat.Hash(), 0)
	if sum, err := z.Root(); err != nil || sum != blake3.Sum256(nil) {
		t.Errorf("Root of the empty input = %x, %v", sum, err)
	}
}

// TestNilKey checks that Keyed and DeriveKeyMaterial given a nil key, which
// once dereferenced it, return a Mode that is not the plain hash, that
// NewSubtree refuses with ErrNilKey and that the Merge functions panic on
// with a message naming the nil key.
func TestNilKey(t *testing.T) {
	var cv hazmat.ChainingValue
	for name, mode := range map[string]hazmat.Mode{"Keyed(nil)": hazmat.Keyed(nil), "DeriveKeyMaterial(nil)": hazmat.DeriveKeyMaterial(nil)} {
		if mode == hazmat.Hash() {
			t.Errorf("%s is the plain hash's Mode", name)
		}
		for _, off := range []uint64{0, 1024, 1} {
			if s, err := hazmat.NewSubtree(mode, off); s != nil || !errors.Is(err, hazmat.ErrNilKey) {
				t.Errorf("NewSubtree(%s, %d) = %v, %v", name, off, s, err)
			}
		}
		hashtest.PanicsWith(t, "hashkit/blake3/hazmat: Merge", map[string]func(){
			"MergeNonRoot with " + name: func() { hazmat.MergeNonRoot(cv, cv, mode) },
			"MergeRoot with " + name:    func() { hazmat.MergeRoot(cv, cv, mode) },
			"MergeRootXOF with " + name: func() { hazmat.MergeRootXOF(cv, cv, mode) },
		})
		func() {
			defer func() {
				if r, _ := recover().(string); !strings.Contains(r, "nil key") {
					t.Errorf("MergeRoot with %s panicked with %q, which does not name the nil key", name, r)
				}
			}()
			hazmat.MergeRoot(cv, cv, mode)
		}()
	}
}

func TestLengths(t *testing.T) {
	for _, c := range []struct {
		off     uint64
		n       uint64
		limited bool
	}{
		{0, 0, false}, {1, 0, true}, {1023, 0, true}, {1024, 1024, true}, {2048, 2048, true},
		{3072, 1024, true}, {4096, 4096, true}, {6144, 2048, true}, {1 << 40, 1 << 40, true},
		{1<<40 + 1024, 1024, true}, {1 << 63, 1 << 63, true},
	} {
		if n, lim := hazmat.MaxSubtreeLen(c.off); n != c.n || lim != c.limited {
			t.Errorf("MaxSubtreeLen(%d) = %d, %v; want %d, %v", c.off, n, lim, c.n, c.limited)
		}
	}
	for _, c := range [][2]uint64{
		{0, 0}, {1, 0}, {1024, 0}, {1025, 1024}, {2047, 1024}, {2048, 1024}, {2049, 2048},
		{3072, 2048}, {4096, 2048}, {4097, 4096}, {1<<20 + 1, 1 << 20}, {1 << 63, 1 << 62},
		{1<<63 + 1, 1 << 63}, {1<<64 - 1, 1 << 63},
	} {
		if got := hazmat.LeftSubtreeLen(c[0]); got != c[1] {
			t.Errorf("LeftSubtreeLen(%d) = %d, want %d", c[0], got, c[1])
		}
	}
}
