package sha3

import (
	"bytes"
	stdsha3 "crypto/sha3"
	"encoding/binary"
	"testing"

	"github.com/hashkit/hashkit/internal/keccak"
)

// FuzzSplits compares the streaming hashes, fed in three pieces, with the
// one-shot functions and with crypto/sha3.
func FuzzSplits(f *testing.F) {
	f.Add([]byte("abc"), uint16(1), uint16(2), uint16(32))
	f.Add(bytes.Repeat([]byte{7}, 300), uint16(136), uint16(168), uint16(200))
	f.Fuzz(func(t *testing.T, msg []byte, i, j, outLen uint16) {
		a := int(i) % (len(msg) + 1)
		b := a + int(j)%(len(msg)-a+1)
		n := int(outLen) % 600
		h := New256()
		h.Write(msg[:a])
		h.Write(msg[a:b])
		h.Write(msg[b:])
		want := stdsha3.Sum256(msg)
		if got, one := h.Sum(nil), Sum256(msg); !bytes.Equal(got, want[:]) || one != want {
			t.Fatal("SHA3-256 differs from crypto/sha3")
		}
		x := NewCSHAKE256([]byte("N"), []byte("S"))
		x.Write(msg[:a])
		x.Write(msg[a:b])
		x.Write(msg[b:])
		got := make([]byte, n)
		x.Read(got[:n/2])
		x.Read(got[n/2:])
		ref := stdsha3.NewCSHAKE256([]byte("N"), []byte("S"))
		ref.Write(msg)
		wantX := make([]byte, n)
		ref.Read(wantX)
		if !bytes.Equal(got, wantX) {
			t.Fatal("cSHAKE256 differs from crypto/sha3")
		}
		blk := 1 + int(i)%200
		one, err := ParallelHash256(msg, blk, nil, n)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := NewParallelHash256(blk, nil, n)
		p.Write(msg[:a])
		p.Write(msg[a:b])
		p.Write(msg[b:])
		if !bytes.Equal(p.Sum(nil), one) {
			t.Fatal("streaming ParallelHash256 differs from the one-shot")
		}
	})
}

// FuzzUnmarshal feeds arbitrary bytes to UnmarshalBinary: it must not
// panic, and an accepted state must marshal back to the same bytes.
func FuzzUnmarshal(f *testing.F) {
	_, st := abcState()
	f.Add(st)
	x := NewCSHAKE128(nil, []byte("S"))
	x.Write([]byte("abc"))
	st, _ = x.MarshalBinary()
	f.Add(st)
	ph, _ := NewParallelHash128(100, []byte("S"), 32)
	ph.Write(bytes.Repeat([]byte{1}, 250))
	st, _ = ph.MarshalBinary()
	f.Add(st)
	// Forged states that were accepted: an empty ParallelHash whose leaf,
	// or whose outer sponge, is not the initial one.
	ph.Reset()
	st, _ = ph.MarshalBinary()
	for _, off := range []int{phLeaf + 7, phOuter + 60} {
		bad := bytes.Clone(st)
		bad[off] ^= 0x80
		f.Add(bad)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		p, _ := NewParallelHash128(100, nil, 32)
		if p.UnmarshalBinary(b) == nil {
			if again, _ := p.MarshalBinary(); !bytes.Equal(again, b) {
				t.Fatal("ParallelHash state does not round-trip")
			}
			// A state with no complete leaf and a partial one shorter than
			// the rate must hash, then and after more input, like the empty
			// state of its customization string given the leaf's bytes
			// (XORed into zero lanes: the lanes' first leafN bytes).
			var fresh *ParallelHash
			if leafN := binary.BigEndian.Uint64(b[phLeafN:]); binary.BigEndian.Uint64(b[phBlocks:]) == 0 && leafN < keccak.Rate128 {
				c, _ := p.Clone()
				fresh = c.(*ParallelHash)
				fresh.Reset()
				fresh.Write(b[phLeaf : phLeaf+leafN])
			}
			for _, more := range []string{"", "more"} {
				p.Write([]byte(more))
				got := p.Sum(nil)
				if fresh == nil {
					continue
				}
				fresh.Write([]byte(more))
				if !bytes.Equal(fresh.Sum(nil), got) {
					t.Fatal("ParallelHash state with no complete leaf hashes unlike the data it holds")
				}
			}
		}
		px, _ := NewParallelHashXOF128(100, nil)
		if px.UnmarshalBinary(b) == nil {
			if again, _ := px.MarshalBinary(); !bytes.Equal(again, b) {
				t.Fatal("ParallelHashXOF state does not round-trip")
			}
			px.Read(make([]byte, 10))
		}
		th, _ := NewTupleHash128(nil, 32)
		if th.UnmarshalBinary(b) == nil {
			th.Sum(nil)
		}
		h := New256()
		if h.UnmarshalBinary(b) == nil {
			if again, _ := h.MarshalBinary(); !bytes.Equal(again, b) {
				t.Fatal("SHA3 state does not round-trip")
			}
			h.Sum(nil)
		}
		x := NewSHAKE128()
		if x.UnmarshalBinary(b) == nil {
			if again, _ := x.MarshalBinary(); !bytes.Equal(again, b) {
				t.Fatal("SHAKE state does not round-trip")
			}
			x.Read(make([]byte, 300))
		}
	})
}
