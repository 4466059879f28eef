package hashtest

import (
	"bytes"
	"encoding"
	"hash"
	"io"
	"math/rand/v2"
	"testing"
)

// TestHash checks the hash.Hash contract, and hash.Cloner and the binary
// marshalling interfaces where the hasher implements them, for hashers made by
// mk. The checks follow the Go source's internal/testhash: Sum appends
// without changing state, Write leaves its input alone, Reset, no reads
// outside the slice, any split of the input equals one write, Clone
// independence; and a marshal round trip after every prefix length, with
// corrupted states rejected.
func TestHash(t *testing.T, mk func() hash.Hash) {
	t.Helper()
	h := mk()
	size, bs := h.Size(), h.BlockSize()
	if size <= 0 || bs <= 0 {
		t.Fatalf("Size() = %d, BlockSize() = %d", size, bs)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	msg := randBytes(rng, 3*bs+5)

	t.Run("SumAppends", func(t *testing.T) {
		h := mk()
		h.Write(msg[:bs+1])
		prefix := []byte("prefix")
		out := h.Sum(bytes.Clone(prefix))
		if len(out) != len(prefix)+size || !bytes.Equal(out[:len(prefix)], prefix) {
			t.Fatalf("Sum(prefix) = %x: does not append %d bytes to the prefix", out, size)
		}
		if again := h.Sum(nil); !bytes.Equal(again, out[len(prefix):]) {
			t.Fatal("second Sum differs: Sum changed the state")
		}
		h.Write(msg[bs+1:])
		if got, want := h.Sum(nil), oneShot(mk, msg); !bytes.Equal(got, want) {
			t.Fatal("Write after Sum does not continue the message")
		}
		if got := h.Size(); got != size {
			t.Fatalf("Size changed from %d to %d", size, got)
		}
	})

	t.Run("WriteLeavesInput", func(t *testing.T) {
		h := mk()
		in := bytes.Clone(msg)
		n, err := h.Write(in)
		if n != len(in) || err != nil {
			t.Fatalf("Write = %d, %v; want %d, nil", n, err, len(in))
		}
		if !bytes.Equal(in, msg) {
			t.Fatal("Write modified its input")
		}
	})

	t.Run("Reset", func(t *testing.T) {
		h := mk()
		empty := h.Sum(nil)
		h.Write(msg)
		h.Reset()
		if got := h.Sum(nil); !bytes.Equal(got, empty) {
			t.Fatal("Reset does not return to the initial state")
		}
		h.Write(msg[:7])
		if got, want := h.Sum(nil), oneShot(mk, msg[:7]); !bytes.Equal(got, want) {
			t.Fatal("hashing after Reset differs from a new hasher")
		}
	})

	t.Run("NoReadsOutsideSlice", func(t *testing.T) {
		// The same bytes placed inside a larger buffer with different
		// neighbours must give the same result.
		for _, n := range []int{0, 1, bs - 1, bs, bs + 1, 2*bs + 3} {
			a := randBytes(rng, n+64)
			b := randBytes(rng, n+64)
			copy(b[32:32+n], a[32:32+n])
			if !bytes.Equal(oneShot(mk, a[32:32+n]), oneShot(mk, b[32:32+n])) {
				t.Fatalf("length %d: result depends on bytes outside the slice", n)
			}
		}
	})

	t.Run("Splits", func(t *testing.T) {
		want := oneShot(mk, msg)
		h := mk()
		// Every three-way split of the message.
		for i := 0; i <= len(msg); i++ {
			for j := i; j <= len(msg); j++ {
				h.Reset()
				h.Write(msg[:i])
				h.Write(msg[i:j])
				h.Write(msg[j:])
				if got := h.Sum(nil); !bytes.Equal(got, want) {
					t.Fatalf("split at %d, %d: %x, want %x", i, j, got, want)
				}
			}
		}
		// A prime-length write cycle over a longer message.
		long := randBytes(rng, 17*bs+11)
		want = oneShot(mk, long)
		h.Reset()
		for p := long; len(p) > 0; {
			n := min(len(p), 7)
			h.Write(p[:n])
			p = p[n:]
		}
		if got := h.Sum(nil); !bytes.Equal(got, want) {
			t.Fatal("7-byte writes differ from one write")
		}
	})

	if _, ok := h.(hash.Cloner); ok {
		t.Run("Clone", func(t *testing.T) {
			h := mk()
			h.Write(msg[:bs+3])
			c, err := h.(hash.Cloner).Clone()
			if err != nil {
				t.Fatalf("Clone: %v", err)
			}
			h2 := c.(hash.Hash)
			h.Write(msg[bs+3:])
			h2.Write([]byte("other"))
			if got, want := h.Sum(nil), oneShot(mk, msg); !bytes.Equal(got, want) {
				t.Fatal("writing to the clone changed the original")
			}
			want := oneShot(mk, append(bytes.Clone(msg[:bs+3]), "other"...))
			if got := h2.Sum(nil); !bytes.Equal(got, want) {
				t.Fatal("writing to the original changed the clone")
			}
		})
	}

	if _, ok := h.(encoding.BinaryMarshaler); ok {
		t.Run("Marshal", func(t *testing.T) { testMarshal(t, mk, msg) })
	}
}

func testMarshal(t *testing.T, mk func() hash.Hash, msg []byte) {
	want := oneShot(mk, msg)
	var golden []byte
	for i := 0; i <= len(msg); i++ {
		h := mk()
		h.Write(msg[:i])
		state, err := h.(encoding.BinaryMarshaler).MarshalBinary()
		if err != nil {
			t.Fatalf("MarshalBinary after %d bytes: %v", i, err)
		}
		if a, ok := h.(encoding.BinaryAppender); ok {
			app, err := a.AppendBinary([]byte("xy"))
			if err != nil || !bytes.Equal(app[:2], []byte("xy")) || !bytes.Equal(app[2:], state) {
				t.Fatalf("AppendBinary after %d bytes differs from MarshalBinary (%v)", i, err)
			}
		} else {
			t.Fatal("implements BinaryMarshaler but not BinaryAppender")
		}
		h2 := mk()
		h2.Write([]byte("garbage that Unmarshal must overwrite"))
		if err := h2.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
			t.Fatalf("UnmarshalBinary after %d bytes: %v", i, err)
		}
		h2.Write(msg[i:])
		if got := h2.Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("resumed after %d bytes: %x, want %x", i, got, want)
		}
		if i == len(msg)/2 {
			golden = state
		}
	}
	// Corrupted states must be rejected with an error and never panic.
	u := mk().(encoding.BinaryUnmarshaler)
	for _, bad := range [][]byte{nil, golden[:len(golden)-1], append(bytes.Clone(golden), 0), flip(golden, 0), flip(golden, 1), flip(golden, 2)} {
		if err := u.UnmarshalBinary(bad); err == nil {
			t.Errorf("UnmarshalBinary accepted a corrupted state of %d bytes", len(bad))
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		b := randBytes(rng, rng.IntN(len(golden)+8))
		if rng.IntN(2) == 0 && len(b) >= 4 {
			copy(b, golden[:4]) // keep the magic, so the deeper checks are reached
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("UnmarshalBinary(%x) panicked: %v", b, r)
				}
			}()
			_ = u.UnmarshalBinary(b)
		}()
	}
}

// TestXOF checks the hash.XOF contract for XOFs made by mk: reads split at
// any point equal one read, Reset, Write after Read panics, Clone
// independence mid-squeeze, and the hash.Hash checks of TestHash on the
// first 32 bytes of output where mk's XOF also satisfies them.
func TestXOF(t *testing.T, mk func() hash.XOF) {
	t.Helper()
	rng := rand.New(rand.NewPCG(5, 6))
	bs := mk().BlockSize()
	msg := randBytes(rng, 2*bs+3)
	const outLen = 3*168 + 7
	read := func(x hash.XOF, n int) []byte {
		out := make([]byte, n)
		if _, err := io.ReadFull(x, out); err != nil {
			t.Fatalf("Read: %v", err)
		}
		return out
	}
	ref := mk()
	ref.Write(msg)
	want := read(ref, outLen)

	t.Run("ReadSplits", func(t *testing.T) {
		for _, step := range []int{1, 7, 31, 32, 136, 168, 200} {
			x := mk()
			x.Write(msg)
			var got []byte
			for len(got) < outLen {
				got = append(got, read(x, min(step, outLen-len(got)))...)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("reads of %d bytes differ from one read", step)
			}
		}
	})
	t.Run("WriteSplits", func(t *testing.T) {
		for i := 0; i <= len(msg); i++ {
			x := mk()
			x.Write(msg[:i])
			x.Write(msg[i:])
			if got := read(x, 64); !bytes.Equal(got, want[:64]) {
				t.Fatalf("split at %d differs", i)
			}
		}
	})
	t.Run("Reset", func(t *testing.T) {
		x := mk()
		x.Write([]byte("something"))
		read(x, 10)
		x.Reset()
		x.Write(msg)
		if got := read(x, outLen); !bytes.Equal(got, want) {
			t.Fatal("Reset after Read does not return to the initial state")
		}
	})
	t.Run("WriteAfterReadPanics", func(t *testing.T) {
		x := mk()
		read(x, 1)
		defer func() {
			if recover() == nil {
				t.Fatal("Write after Read did not panic")
			}
		}()
		x.Write([]byte{1})
	})
	if _, ok := ref.(hash.Cloner); ok {
		t.Run("Clone", func(t *testing.T) {
			x := mk()
			x.Write(msg)
			first := read(x, 40)
			c, err := x.(hash.Cloner).Clone()
			if err != nil {
				t.Fatal(err)
			}
			x2 := c.(hash.XOF)
			rest := read(x, outLen-40)
			rest2 := read(x2, outLen-40)
			if !bytes.Equal(append(first, rest...), want) || !bytes.Equal(rest2, rest) {
				t.Fatal("clone mid-squeeze is not independent")
			}
		})
	}
	if _, ok := ref.(encoding.BinaryMarshaler); ok {
		t.Run("Marshal", func(t *testing.T) {
			for i := 0; i <= len(msg); i += 5 {
				x := mk()
				x.Write(msg[:i])
				st, err := x.(encoding.BinaryMarshaler).MarshalBinary()
				if err != nil {
					t.Fatal(err)
				}
				y := mk()
				if err := y.(encoding.BinaryUnmarshaler).UnmarshalBinary(st); err != nil {
					t.Fatal(err)
				}
				y.Write(msg[i:])
				if got := read(y, 64); !bytes.Equal(got, want[:64]) {
					t.Fatalf("resumed after %d bytes differs", i)
				}
			}
			// Mid-squeeze.
			x := mk()
			x.Write(msg)
			first := read(x, 50)
			st, err := x.(encoding.BinaryMarshaler).MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			y := mk()
			if err := y.(encoding.BinaryUnmarshaler).UnmarshalBinary(st); err != nil {
				t.Fatal(err)
			}
			if got := append(first, read(y, outLen-50)...); !bytes.Equal(got, want) {
				t.Fatal("resumed mid-squeeze differs")
			}
			u := mk().(encoding.BinaryUnmarshaler)
			for _, bad := range [][]byte{nil, st[:len(st)-1], append(bytes.Clone(st), 0), flip(st, 0)} {
				if u.UnmarshalBinary(bad) == nil {
					t.Errorf("UnmarshalBinary accepted a corrupted state of %d bytes", len(bad))
				}
			}
		})
	}
}

func oneShot(mk func() hash.Hash, msg []byte) []byte {
	h := mk()
	h.Write(msg)
	return h.Sum(nil)
}

func flip(b []byte, i int) []byte {
	b = bytes.Clone(b)
	b[i] ^= 0x5a
	return b
}

func randBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// RandBytes returns n pseudo-random bytes from a generator seeded with seed,
// the same on every platform.
func RandBytes(seed uint64, n int) []byte {
	return randBytes(rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), n)
}

// UpTo returns the lengths 0, 1, ..., n.
func UpTo(n int) []int {
	l := make([]int, n+1)
	for i := range l {
		l[i] = i
	}
	return l
}
