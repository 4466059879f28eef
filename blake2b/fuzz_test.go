package blake2b

import (
	"bytes"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
)

// FuzzBlocks compares the dispatched compression (whatever kernel this
// machine selects) with blocksGeneric, on any input, counter and flags.
func FuzzBlocks(f *testing.F) {
	f.Add(make([]byte, 3*BlockSize), uint64(0), uint64(0), true, false)
	f.Add(bytes.Repeat([]byte{0xff}, BlockSize), ^uint64(0)-5, uint64(7), false, true)
	f.Fuzz(func(t *testing.T, in []byte, t0, t1 uint64, final, lastNode bool) {
		in = in[:len(in)&^(BlockSize-1)]
		var f0, f1 uint64
		if final {
			f0 = ^uint64(0)
		}
		if lastNode {
			f1 = ^uint64(0)
		}
		h1 := iv
		h1[0] ^= t0 ^ t1
		h2 := h1
		c1 := [2]uint64{t0, t1}
		c2 := c1
		blocks(&h1, &c1, f0, f1, in)
		blocksGeneric(&h2, &c2, f0, f1, in)
		if h1 != h2 || c1 != c2 {
			t.Fatalf("kernels %v differ from generic on %d bytes", cpu.Impls("blake2b"), len(in))
		}
	})
}

// FuzzSplit checks that writing in, split at two points, equals the one-shot
// sum, keyed and unkeyed, and that the marshaled state resumes correctly.
func FuzzSplit(f *testing.F) {
	f.Add([]byte("hello, world"), uint16(3), uint16(5), []byte(nil), uint8(64))
	f.Add(make([]byte, 600), uint16(128), uint16(256), []byte("key"), uint8(20))
	f.Fuzz(func(t *testing.T, in []byte, i, j uint16, key []byte, size uint8) {
		if len(key) > Size || size < 1 || size > Size {
			return
		}
		a, b := min(int(i), len(in)), min(int(j), len(in))
		if a > b {
			a, b = b, a
		}
		one := mustNew(t, int(size), key)
		one.Write(in)
		want := one.Sum(nil)
		h := mustNew(t, int(size), key)
		h.Write(in[:a])
		h.Write(in[a:b])
		h.Write(in[b:])
		if got := h.Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("split %d, %d differs", a, b)
		}
		if len(key) == 0 {
			if size == Size {
				if s := Sum512(in); !bytes.Equal(s[:], want) {
					t.Fatal("Sum512 differs")
				}
			}
			h := mustNew(t, int(size), nil).(*digest)
			h.Write(in[:a])
			st, err := h.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			h2 := mustNew(t, int(size), nil).(*digest)
			if err := h2.UnmarshalBinary(st); err != nil {
				t.Fatal(err)
			}
			h2.Write(in[a:])
			if got := h2.Sum(nil); !bytes.Equal(got, want) {
				t.Fatal("resumed state differs")
			}
		}
	})
}

// FuzzUnmarshal feeds arbitrary bytes to UnmarshalBinary: it must not panic,
// and an accepted state must marshal back to the same bytes.
func FuzzUnmarshal(f *testing.F) {
	h := mustNew(f, 64, nil)
	h.Write(make([]byte, 200))
	st, _ := h.(*digest).MarshalBinary()
	f.Add(st)
	f.Add([]byte(magic))
	f.Fuzz(func(t *testing.T, b []byte) {
		d := mustNew(t, 64, nil).(*digest)
		if err := d.UnmarshalBinary(b); err != nil {
			return
		}
		again, err := d.MarshalBinary()
		if err != nil || !bytes.Equal(again, b) {
			t.Fatalf("accepted state does not round-trip: %v", err)
		}
		d.Write([]byte("more"))
		d.Sum(nil)
	})
}

// FuzzXOF checks that reading the output in pieces of the given sizes
// equals one read, for any output length, and that reads stop at it.
func FuzzXOF(f *testing.F) {
	f.Add(uint32(100), []byte("in"), []byte{1, 63, 64, 65})
	f.Add(uint32(OutputLengthUnknown), []byte(nil), []byte{200, 7})
	f.Fuzz(func(t *testing.T, size uint32, in, steps []byte) {
		if len(steps) == 0 {
			return
		}
		size %= 5000
		if size == 0 {
			size = OutputLengthUnknown
		}
		x, err := NewXOF(size, nil)
		if err != nil {
			t.Fatal(err)
		}
		x.Write(in)
		total := int(size)
		if size == OutputLengthUnknown {
			total = 3000
		}
		want := make([]byte, total)
		x.Clone().Read(want)
		var got []byte
		for i := 0; len(got) < total; i++ {
			buf := make([]byte, int(steps[i%len(steps)])+1)
			n, err := x.Read(buf)
			if err != nil {
				t.Fatalf("Read after %d bytes: %v", len(got), err)
			}
			got = append(got, buf[:n]...)
		}
		if !bytes.Equal(got[:total], want) {
			t.Fatal("pieces differ from one read")
		}
		if size != OutputLengthUnknown {
			if len(got) != total {
				t.Fatalf("read %d bytes of a %d-byte output", len(got), total)
			}
			if n, err := x.Read(make([]byte, 1)); n != 0 || err == nil {
				t.Fatal("Read past the end did not return EOF")
			}
		}
	})
}
