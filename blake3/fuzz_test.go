package blake3

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
)

// FuzzSplits feeds the input in pieces chosen by the fuzzer and compares
// with Sum256 and with the specification oracle.
func FuzzSplits(f *testing.F) {
	f.Add([]byte("abc"), []byte{1, 2})
	f.Add(make([]byte, 3000), []byte{0, 200, 7})
	f.Fuzz(func(t *testing.T, in, cuts []byte) {
		want := refOutput(in, &iv, 0, 32)
		if got := Sum256(in); !bytes.Equal(got[:], want) {
			t.Fatalf("Sum256 = %x, want %x", got, want)
		}
		h := New()
		p := in
		for _, c := range cuts {
			k := min(len(p), int(c)*17)
			h.Write(p[:k])
			p = p[k:]
		}
		h.Write(p)
		if got := h.Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("split writes = %x, want %x", got, want)
		}
	})
}

// FuzzKernels compares every kernel with the portable code on the same
// input: Write of whole subtrees (hashChunks and hashParents), and XOF
// output at any counter (outputBlocks).
func FuzzKernels(f *testing.F) {
	f.Add(make([]byte, 17*chunkLen+5), uint64(3), uint8(0))
	f.Fuzz(func(t *testing.T, in []byte, counter uint64, mode uint8) {
		flags := []uint32{0, flagKeyedHash, flagDeriveKeyMaterial}[mode%3]
		key := [8]uint32{uint32(counter), 2, 3, 4, 5, 6, 7, 8}
		hash := func() ([]byte, []byte) {
			var h Hasher
			h.init(&key, flags)
			h.Write(in)
			r := h.XOF()
			r.Seek(int64(counter>>2), 0)
			out := make([]byte, 300)
			r.Read(out)
			return h.Sum(nil), out
		}
		defer cpu.Restore("blake3")
		cpu.Select("blake3", "")
		wantSum, wantOut := hash()
		for _, name := range cpu.Impls("blake3") {
			cpu.Select("blake3", name)
			sum, out := hash()
			if !bytes.Equal(sum, wantSum) || !bytes.Equal(out, wantOut) {
				t.Fatalf("%s differs from generic", name)
			}
		}
	})
}

// FuzzUnmarshal must never panic, and a state it accepts must marshal back
// to the same bytes; a version 1 state marshals as the version 2 state of
// the same hash.
func FuzzUnmarshal(f *testing.F) {
	h := New()
	h.Write(make([]byte, 2500))
	st, _ := h.MarshalBinary()
	f.Add(st)
	f.Add(marshalV1(make([]byte, 2500)))
	f.Add([]byte(magic))
	f.Fuzz(func(t *testing.T, b []byte) {
		h := New()
		if h.UnmarshalBinary(b) != nil {
			return
		}
		again, err := h.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if bytes.HasPrefix(b, []byte(magicV1)) {
			h2 := New()
			if err := h2.UnmarshalBinary(again); err != nil {
				t.Fatalf("version 1 state %x marshals as %x, which is rejected: %v", b, again, err)
			}
			b, _ = h2.MarshalBinary()
			if !bytes.Equal(h.Sum(nil), h2.Sum(nil)) {
				t.Fatalf("version 1 state %x and its version 2 form differ", b)
			}
		}
		if !bytes.Equal(again, b) {
			t.Fatalf("accepted state does not round-trip: %x", b)
		}
		h.Sum(nil)
	})
}

// FuzzCompress compares the single-block kernels (compressBlock,
// compressOut, and Sum256 of at most one block) under every implementation
// with the portable compression on arbitrary chaining values, blocks,
// counters, lengths and flags.
func FuzzCompress(f *testing.F) {
	f.Add(make([]byte, 96), uint64(0), uint8(64), uint8(11))
	f.Add(bytes.Repeat([]byte{0xff}, 96), uint64(1<<32-1), uint8(0), uint8(0xff))
	f.Fuzz(func(t *testing.T, in []byte, counter uint64, blockLen, flags uint8) {
		var buf [96]byte
		copy(buf[:], in)
		var cv [8]uint32
		for i := range cv {
			cv[i] = binary.LittleEndian.Uint32(buf[4*i:])
		}
		block := (*[BlockSize]byte)(buf[32:])
		bl, fl := uint32(blockLen)%(BlockSize+1), uint32(flags)
		wantCV := cv
		compressBlockGeneric(&wantCV, block, counter, bl, fl)
		var wantOut [BlockSize]byte
		compressOutGeneric(&wantOut, &cv, block, counter, bl, fl)
		msg := in[:min(len(in), int(bl))]
		wantSum := sumBlockGeneric(msg)
		defer cpu.Restore("blake3")
		for _, name := range cpu.Impls("blake3") {
			cpu.Select("blake3", name)
			got := cv
			compressBlock(&got, block, counter, bl, fl)
			var out [BlockSize]byte
			compressOut(&out, &cv, block, counter, bl, fl)
			if got != wantCV || out != wantOut || sumBlock(msg) != wantSum {
				t.Fatalf("%s differs from generic", name)
			}
		}
	})
}
