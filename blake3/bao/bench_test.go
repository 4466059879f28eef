package bao_test

import (
	"bytes"
	"fmt"
	"io"
	"testing"

	"github.com/hashkit/hashkit/blake3/bao"
)

func BenchmarkEncode(b *testing.B) {
	for _, size := range []int{1024, 64 << 10, 1 << 20} {
		in := input(size)
		b.Run(fmt.Sprintf("size=%d", size), func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				bao.Encode(in, nil)
			}
		})
	}
}

func BenchmarkDecode(b *testing.B) {
	for _, size := range []int{1024, 64 << 10, 1 << 20} {
		in := input(size)
		enc, root, _ := bao.Encode(in, nil)
		b.Run(fmt.Sprintf("size=%d", size), func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			d, _ := bao.NewDecoder(bytes.NewReader(enc), &root, nil)
			for b.Loop() {
				d.Seek(0, io.SeekStart)
				if _, err := io.Copy(io.Discard, d); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
