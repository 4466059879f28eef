package sha2

import (
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
)

// FuzzBlock256 compares every SHA-256 kernel with block256Generic on the
// whole blocks of msg, from a chaining value derived from seed.
func FuzzBlock256(f *testing.F) {
	f.Add(make([]byte, 128), uint64(0))
	f.Add(make([]byte, 64*9+3), uint64(1)<<63)
	f.Fuzz(func(t *testing.T, msg []byte, seed uint64) {
		msg = msg[:len(msg)&^(BlockSize256-1)]
		start := IV256
		for i := range start {
			start[i] ^= uint32(seed >> (4 * i))
		}
		want := start
		block256Generic(&want, msg)
		defer cpu.Restore("sha256")
		for _, name := range cpu.Impls("sha256") {
			cpu.Select("sha256", name)
			got := start
			Block256(&got, msg)
			if got != want {
				t.Fatalf("%s: %08x, generic %08x", name, got, want)
			}
		}
	})
}

// FuzzBlock512 is FuzzBlock256 for the SHA-512 kernels.
func FuzzBlock512(f *testing.F) {
	f.Add(make([]byte, 256), uint64(0))
	f.Add(make([]byte, 128*5+7), uint64(1)<<63)
	f.Fuzz(func(t *testing.T, msg []byte, seed uint64) {
		msg = msg[:len(msg)&^(BlockSize512-1)]
		start := IV512
		for i := range start {
			start[i] ^= seed * uint64(i+1)
		}
		want := start
		block512Generic(&want, msg)
		defer cpu.Restore("sha512")
		for _, name := range cpu.Impls("sha512") {
			cpu.Select("sha512", name)
			got := start
			Block512(&got, msg)
			if got != want {
				t.Fatalf("%s: %016x, generic %016x", name, got, want)
			}
		}
	})
}

// FuzzSum compares the one-shot sums with the streaming digests.
func FuzzSum(f *testing.F) {
	f.Add([]byte("abc"))
	f.Add(make([]byte, 119))
	f.Fuzz(func(t *testing.T, msg []byte) {
		var d Digest256
		d.init256()
		d.Write(msg)
		if got, want := Sum256(msg), d.checksum(); got != want {
			t.Fatalf("Sum256 %x, Digest256 %x", got, want)
		}
		var e Digest512
		e.init(SHA384)
		e.Write(msg)
		if got, want := Sum512(SHA384, msg), e.checksum(); got != want {
			t.Fatalf("Sum512(SHA384) %x, Digest512 %x", got, want)
		}
	})
}
