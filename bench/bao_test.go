package bench

import (
	"bytes"
	"fmt"
	"io"
	"testing"

	"github.com/hashkit/hashkit/blake3"
	"github.com/hashkit/hashkit/blake3/bao"
	lukebao "lukechampine.com/blake3/bao"
)

// baoInput returns n deterministic bytes.
func baoInput(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*7 + i>>10)
	}
	return b
}

// TestBaoDifferential holds hashkit's Bao against lukechampine.com/blake3/bao
// where that one is reference-compatible: its combined and outboard
// encodings, for groups 0 (standard Bao) and 4 (16 KiB), are byte for byte
// hashkit's, each decodes the other's, and slices of ranges inside the
// input with a non-zero length (where its strict bounds agree with the
// reference's trimming) are the same.
func TestBaoDifferential(t *testing.T) {
	sizes := []int{0, 1, 1023, 1024, 1025, 2048, 3 << 10, 16<<10 + 1, 100 << 10, 1<<20 + 5}
	for _, n := range sizes {
		in := baoInput(n)
		for _, group := range []int{0, 4} {
			opt := &bao.Options{GroupSize: 1024 << group}
			for _, outboard := range []bool{false, true} {
				want, wroot := lukebao.EncodeBuf(in, group, outboard)
				var got []byte
				var root [32]byte
				if outboard {
					got, root, _ = bao.EncodeOutboard(in, opt)
				} else {
					got, root, _ = bao.Encode(in, opt)
				}
				if root != wroot || !bytes.Equal(got, want) {
					t.Fatalf("n=%d group %d outboard %v: encodings differ", n, group, outboard)
				}
				var data io.Reader = bytes.NewReader(got)
				var ob io.Reader
				if outboard {
					data, ob = bytes.NewReader(in), bytes.NewReader(got)
				}
				var dec bytes.Buffer
				if ok, err := lukebao.Decode(&dec, data, ob, group, root); !ok || err != nil || !bytes.Equal(dec.Bytes(), in) {
					t.Errorf("n=%d group %d outboard %v: lukechampine does not decode hashkit's encoding: %v %v", n, group, outboard, ok, err)
				}
			}
			enc, root, _ := bao.Encode(in, opt)
			for _, r := range [][2]uint64{{0, 1}, {0, uint64(n)}, {uint64(n) / 3, 5000}, {uint64(n) / 2, 1}} {
				start, count := r[0], r[1]
				if count == 0 || start+count > uint64(n) {
					continue
				}
				var a, b bytes.Buffer
				if err := bao.ExtractSlice(&a, bytes.NewReader(enc), start, count, opt); err != nil {
					t.Fatal(err)
				}
				if err := lukebao.ExtractSlice(&b, bytes.NewReader(enc), nil, group, start, count); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(a.Bytes(), b.Bytes()) {
					t.Errorf("n=%d group %d slice %d+%d: slices differ (%d and %d bytes)", n, group, start, count, a.Len(), b.Len())
				}
				var dec bytes.Buffer
				if ok, err := lukebao.DecodeSlice(&dec, bytes.NewReader(a.Bytes()), group, start, count, root); !ok || err != nil || !bytes.Equal(dec.Bytes(), in[start:start+count]) {
					t.Errorf("n=%d group %d slice %d+%d: lukechampine does not decode hashkit's slice", n, group, start, count)
				}
			}
		}
	}
}

// BenchmarkBao compares Bao combined encoding and decoding with
// lukechampine.com/blake3/bao (groups 0 and 4) and with hashkit's own
// blake3.Sum256 of the same bytes (impl=sum256), the yardstick:
// encode within 1.15x of it, decode within 1.25x. Run with -cpu 1 for the
// one-core figures.
func BenchmarkBao(b *testing.B) {
	const size = 16 << 20
	in := baoInput(size)
	b.Run(fmt.Sprintf("op=hash/impl=sum256/size=%d", size), func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			blake3.Sum256(in)
		}
	})
	for _, group := range []int{0, 4} {
		opt := &bao.Options{GroupSize: 1024 << group}
		enc, root, _ := bao.Encode(in, opt)
		b.Run(fmt.Sprintf("op=encode/group=%d/impl=hashkit/size=%d", group, size), func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				bao.Encode(in, opt)
			}
		})
		b.Run(fmt.Sprintf("op=encode/group=%d/impl=lukechampine/size=%d", group, size), func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				lukebao.EncodeBuf(in, group, false)
			}
		})
		b.Run(fmt.Sprintf("op=decode/group=%d/impl=hashkit/size=%d", group, size), func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			d, _ := bao.NewDecoder(bytes.NewReader(enc), &root, opt)
			for b.Loop() {
				d.Seek(0, io.SeekStart)
				if _, err := io.Copy(io.Discard, d); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("op=decode/group=%d/impl=lukechampine/size=%d", group, size), func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				if ok, err := lukebao.Decode(io.Discard, bytes.NewReader(enc), nil, group, root); !ok || err != nil {
					b.Fatal(ok, err)
				}
			}
		})
	}
}
