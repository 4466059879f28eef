package bao_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/hashkit/hashkit/blake3/bao"
)

// fuzzInputs are the inputs whose roots the fuzzed encodings are decoded
// against: whatever the encoding, a decoder may return only their bytes.
var fuzzInputs = [][]byte{nil, input(1), input(1024), input(5000), input(70000)}

var fuzzGroups = []int{0, 2048, 16 << 10}

func fuzzCase(which uint8) ([]byte, *bao.Options) {
	return fuzzInputs[int(which)%len(fuzzInputs)], &bao.Options{GroupSize: fuzzGroups[int(which/8)%len(fuzzGroups)]}
}

// FuzzDecode decodes arbitrary combined encodings from an arbitrary offset:
// no panic, no byte that is not the input's, io.EOF only at its end; and
// with Decode, and as outboards with DecodeOutboard, only the input.
func FuzzDecode(f *testing.F) {
	for i := range uint8(len(fuzzInputs) * 8 * len(fuzzGroups)) {
		in, opt := fuzzCase(i)
		enc, _, _ := bao.Encode(in, opt)
		f.Add(enc, uint64(len(in)/3), i)
	}
	f.Fuzz(func(t *testing.T, enc []byte, seek uint64, which uint8) {
		in, opt := fuzzCase(which)
		root, _ := bao.Root(in, opt)
		d, err := bao.NewDecoder(bytes.NewReader(enc), &root, opt)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := bao.Decode(enc, &root, opt); err == nil && !bytes.Equal(got, in) {
			t.Fatalf("Decode returned %d bytes that are not the input", len(got))
		}
		// enc as an outboard, beside the right input and a changed one.
		if got, err := bao.DecodeOutboard(in, enc, &root, opt); err == nil && !bytes.Equal(got, in) {
			t.Fatalf("DecodeOutboard returned %d bytes that are not the input", len(got))
		}
		if len(in) > 0 {
			bad := bytes.Clone(in)
			bad[int(seek%uint64(len(in)))] ^= 1
			if _, err := bao.DecodeOutboard(bad, enc, &root, opt); err == nil {
				t.Fatal("DecodeOutboard accepted a changed input")
			}
		}
		seek %= uint64(len(in)) + 2
		want := in[min(seek, uint64(len(in))):]
		// Small reads go through the Decoder's buffer; reads of whole
		// groups are verified in place in the caller's buffer, where no
		// byte past n may be left unverified (a sentinel, or zeroed).
		for i, size := range []int{999, 70001, 999, 70001} {
			d, err := bao.NewDecoder(reader(enc, i < 2), &root, opt)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := d.Seek(int64(seek), io.SeekStart); err != nil {
				t.Fatal(err)
			}
			var got []byte
			buf := make([]byte, size)
			for {
				for i := range buf {
					buf[i] = 0xa5
				}
				n, err := d.Read(buf)
				got = append(got, buf[:n]...)
				if !bytes.HasPrefix(want, got) {
					t.Fatalf("read size %d: returned %d bytes that are not the input's", size, len(got))
				}
				for _, c := range buf[n:] {
					if c != 0xa5 && c != 0 {
						t.Fatalf("read size %d: left an unverified byte past n = %d", size, n)
					}
				}
				if err == io.EOF && len(got) != len(want) {
					t.Fatalf("read size %d: io.EOF after %d of %d bytes", size, len(got), len(want))
				}
				if err != nil {
					break
				}
			}
		}
		d.Seek(int64(seek), io.SeekStart)
		var w bytes.Buffer
		if _, err := io.Copy(&w, d); !bytes.HasPrefix(want, w.Bytes()) || err == nil && w.Len() != len(want) {
			t.Fatalf("WriteTo wrote %d bytes, not the input's (%v)", w.Len(), err)
		}
	})
}

// FuzzDecodeSlice decodes arbitrary slices for arbitrary ranges: no panic,
// and on success exactly the input's bytes of the range.
func FuzzDecodeSlice(f *testing.F) {
	for i := range uint8(len(fuzzInputs) * 8 * len(fuzzGroups)) {
		in, opt := fuzzCase(i)
		enc, _, _ := bao.Encode(in, opt)
		var s bytes.Buffer
		bao.ExtractSlice(&s, bytes.NewReader(enc), uint64(len(in)/2), 3000, opt)
		f.Add(s.Bytes(), uint64(len(in)/2), uint64(3000), i)
	}
	f.Fuzz(func(t *testing.T, slice []byte, start, count uint64, which uint8) {
		in, opt := fuzzCase(which)
		root, _ := bao.Root(in, opt)
		got, err := bao.DecodeSlice(slice, &root, start, count, opt)
		if err != nil {
			return
		}
		n := uint64(len(in))
		lo, hi := min(start, n), min(start+count, n)
		if start+count < start {
			hi = n
		}
		if !bytes.Equal(got, in[lo:hi]) {
			t.Fatalf("slice %d+%d decoded to %d bytes that are not the input's", start, count, len(got))
		}
	})
}
