package sha3

import (
	"bytes"
	stdsha3 "crypto/sha3"
	"hash"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/preempt"
)

// TestStdlibDifferential compares SHA-3, SHAKE and cSHAKE with crypto/sha3
// at every input length up to a few blocks, with split writes and reads, on
// every path and kernel.
func TestStdlibDifferential(t *testing.T) {
	msg := hashtest.RandBytes(21, 3*168+11)
	step := 1
	if testing.Short() {
		step = 7
	}
	allPaths(t, func(t *testing.T) {
		for n := 0; n <= len(msg); n += step {
			m := msg[:n]
			if a, b := Sum224(m), stdsha3.Sum224(m); a != b {
				t.Fatalf("SHA3-224 of %d bytes differs", n)
			}
			if a, b := Sum256(m), stdsha3.Sum256(m); a != b {
				t.Fatalf("SHA3-256 of %d bytes differs", n)
			}
			if a, b := Sum384(m), stdsha3.Sum384(m); a != b {
				t.Fatalf("SHA3-384 of %d bytes differs", n)
			}
			if a, b := Sum512(m), stdsha3.Sum512(m); a != b {
				t.Fatalf("SHA3-512 of %d bytes differs", n)
			}
			h := New384()
			h.Write(m[:n/2])
			h.Write(m[n/2:])
			if a, b := h.Sum(nil), stdsha3.Sum384(m); !bytes.Equal(a, b[:]) {
				t.Fatalf("streaming SHA3-384 of %d bytes differs", n)
			}
			outLen := (n * 13) % 500
			if a, b := SumSHAKE128(m, outLen), stdsha3.SumSHAKE128(m, outLen); !bytes.Equal(a, b) {
				t.Fatalf("SHAKE128 of %d bytes differs", n)
			}
			if a, b := SumSHAKE256(m, outLen), stdsha3.SumSHAKE256(m, outLen); !bytes.Equal(a, b) {
				t.Fatalf("SHAKE256 of %d bytes differs", n)
			}
			N, S := msg[:n%7], msg[n%200:n%200+n%300]
			for _, c := range []struct {
				ours   *SHAKE
				theirs *stdsha3.SHAKE
			}{
				{NewCSHAKE128(N, S), stdsha3.NewCSHAKE128(N, S)},
				{NewCSHAKE256(N, S), stdsha3.NewCSHAKE256(N, S)},
			} {
				c.ours.Write(m[:n/3])
				c.ours.Write(m[n/3:])
				c.theirs.Write(m)
				a, b := make([]byte, outLen), make([]byte, outLen)
				c.ours.Read(a[:outLen/2])
				c.ours.Read(a[outLen/2:])
				c.theirs.Read(b)
				if !bytes.Equal(a, b) {
					t.Fatalf("cSHAKE (N %d bytes, S %d bytes) of %d bytes differs", len(N), len(S), n)
				}
			}
		}
		// Beyond the 64 KiB pieces the standard library's path hands over.
		big := hashtest.RandBytes(23, 2*preempt.Piece+1000)
		if a, b := Sum512(big), stdsha3.Sum512(big); a != b {
			t.Fatal("SHA3-512 of 129 KiB differs")
		}
		h := New224()
		h.Write(big[:7])
		h.Write(big[7:])
		if a, b := h.Sum(nil), stdsha3.Sum224(big); !bytes.Equal(a, b[:]) {
			t.Fatal("streaming SHA3-224 of 129 KiB differs")
		}
		x := NewSHAKE128()
		x.Write(big)
		a := make([]byte, len(big))
		x.Read(a[:1])
		x.Read(a[1:])
		if b := stdsha3.SumSHAKE128(big, len(big)); !bytes.Equal(a, b) {
			t.Fatal("129 KiB of SHAKE128 output differs")
		}
	})
}

// zeroFirst is what SHA3 and SHAKE share of the methods TestZeroValue calls
// first on a zero value.
type zeroFirst interface {
	Write([]byte) (int, error)
	Reset()
	BlockSize() int
	MarshalBinary() ([]byte, error)
	UnmarshalBinary([]byte) error
}

// firstCalls returns the calls of zeroFirst's methods, by name, that may
// come first on a zero SHA3 or SHAKE; state is a marshalled state of alg
// for UnmarshalBinary.
func firstCalls(t *testing.T, alg string, state []byte) map[string]func(zeroFirst) {
	return map[string]func(zeroFirst){
		"Write":     func(h zeroFirst) { h.Write(nil) },
		"Reset":     func(h zeroFirst) { h.Reset() },
		"BlockSize": func(h zeroFirst) { h.BlockSize() },
		"Marshal":   func(h zeroFirst) { h.MarshalBinary() },
		"Unmarshal": func(h zeroFirst) {
			if err := h.UnmarshalBinary(state); err != nil {
				t.Errorf("UnmarshalBinary of a %s state: %v", alg, err)
			}
		},
	}
}

// TestZeroValue checks that the zero SHA3 is SHA3-256 and the zero SHAKE is
// SHAKE256, as crypto/sha3 documents for its types, whichever method is
// called first, on every path.
func TestZeroValue(t *testing.T) {
	allPaths(t, testZeroValue)
}

func testZeroValue(t *testing.T) {
	msg := hashtest.RandBytes(22, 300)
	want256 := stdsha3.Sum256(msg)
	st, _ := New256().MarshalBinary()
	firsts := firstCalls(t, "SHA3-256", st)
	firsts["Sum"] = func(h zeroFirst) { h.(*SHA3).Sum(nil) }
	firsts["Size"] = func(h zeroFirst) { h.(*SHA3).Size() }
	firsts["Clone"] = func(h zeroFirst) { h.(*SHA3).Clone() }
	for name, first := range firsts {
		var d SHA3
		first(&d)
		if d.Size() != Size256 || d.BlockSize() != 136 {
			t.Errorf("zero SHA3 after %s: Size %d, BlockSize %d", name, d.Size(), d.BlockSize())
		}
		d.Write(msg)
		if got := d.Sum(nil); !bytes.Equal(got, want256[:]) {
			t.Errorf("zero SHA3 after %s: %x, want SHA3-256 %x", name, got, want256)
		}
	}
	wantSHAKE := stdsha3.SumSHAKE256(msg, 200)
	stX, _ := NewSHAKE256().MarshalBinary()
	xfirsts := firstCalls(t, "SHAKE256", stX)
	xfirsts["Clone"] = func(h zeroFirst) { h.(*SHAKE).Clone() }
	for name, first := range xfirsts {
		var x SHAKE
		first(&x)
		if x.BlockSize() != 136 {
			t.Errorf("zero SHAKE after %s: BlockSize %d", name, x.BlockSize())
		}
		x.Write(msg)
		got := make([]byte, len(wantSHAKE))
		x.Read(got)
		if !bytes.Equal(got, wantSHAKE) {
			t.Errorf("zero SHAKE after %s: %x, want SHAKE256 %x", name, got, wantSHAKE)
		}
	}
	var x SHAKE
	got := make([]byte, 64)
	x.Read(got)
	if want := stdsha3.SumSHAKE256(nil, 64); !bytes.Equal(got, want) {
		t.Errorf("zero SHAKE read first: %x, want %x", got, want)
	}
	hashtest.TestHash(t, func() hash.Hash { return new(SHA3) })
	hashtest.TestXOF(t, func() hash.XOF { return new(SHAKE) })
}
