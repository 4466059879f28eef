package stdhash

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"encoding"
	"hash"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/preempt"
)

// TestWrap checks that a wrapped hash object computes and marshals what
// the object itself does, for writes around and past the piece size, and
// that its clones are wrapped and independent.
func TestWrap(t *testing.T) {
	msg := hashtest.RandBytes(1, 3*preempt.Piece+5)
	for _, n := range []int{0, 1, preempt.Piece - 1, preempt.Piece, preempt.Piece + 1, 2*preempt.Piece + 64, len(msg)} {
		d, ref := Wrap(sha256.New()), sha256.New()
		d.Write(msg[:n])
		ref.Write(msg[:n])
		if got, want := d.Sum(nil), ref.Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("%d bytes: Sum %x, want %x", n, got, want)
		}
		if got, want := Sum(sha256.New(), msg[:n]), ref.Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("%d bytes: one-shot %x, want %x", n, got, want)
		}
		a, _ := d.MarshalBinary()
		b, _ := ref.(encoding.BinaryMarshaler).MarshalBinary()
		if c, _ := d.AppendBinary([]byte("x")); !bytes.Equal(a, b) || !bytes.Equal(c[1:], b) {
			t.Fatalf("%d bytes: marshalled state differs from crypto/sha256's", n)
		}
		e := Wrap(sha256.New())
		if err := e.UnmarshalBinary(a); err != nil {
			t.Fatal(err)
		}
		c, err := d.Clone()
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := c.(*Hash); !ok {
			t.Fatalf("Clone returned %T", c)
		}
		d.Write([]byte("after"))
		c.Write([]byte("after"))
		e.Write([]byte("after"))
		if want := d.Sum(nil); !bytes.Equal(c.Sum(nil), want) || !bytes.Equal(e.Sum(nil), want) {
			t.Fatalf("%d bytes: a clone or an unmarshalled copy differs", n)
		}
		d.Reset()
		if got, want := d.Sum(nil), sha256.New().Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("%d bytes: Sum after Reset %x, want %x", n, got, want)
		}
	}
	var h hash.Hash = Wrap(sha1.New())
	if h.Size() != sha1.Size || h.BlockSize() != sha1.BlockSize {
		t.Fatalf("Size %d, BlockSize %d", h.Size(), h.BlockSize())
	}
	if _, ok := Inner(h.(*Hash)).(interface{ ConstantTimeSum([]byte) []byte }); !ok {
		t.Fatal("Inner does not return crypto/sha1's object")
	}
}

// TestSumOf checks the one-shot on both sides of the piece size: the
// standard library's one-shot up to a piece, the hash object past it.
func TestSumOf(t *testing.T) {
	msg := hashtest.RandBytes(2, 2*preempt.Piece+7)
	for _, n := range []int{0, 1, preempt.Piece, preempt.Piece + 1, len(msg)} {
		if got, want := SumOf(msg[:n], sha256.Sum224, sha256.New224), sha256.Sum224(msg[:n]); got != want {
			t.Fatalf("%d bytes: SumOf %x, want %x", n, got, want)
		}
		if got, want := SumOf(msg[:n], sha1.Sum, sha1.New), sha1.Sum(msg[:n]); got != want {
			t.Fatalf("%d bytes: SumOf %x, want %x", n, got, want)
		}
	}
	long := func() hash.Hash { t.Fatal("a short input reached the hash object"); return nil }
	if got, want := SumOf(msg[:preempt.Piece], sha256.Sum256, long), sha256.Sum256(msg[:preempt.Piece]); got != want {
		t.Fatalf("SumOf %x, want %x", got, want)
	}
}
