package sha2

import (
	"encoding/binary"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

// FuzzBlock256 compares every SHA-256 kernel with block256Generic on the
// whole blocks of msg, from a chaining value derived from seed.
func FuzzBlock256(f *testing.F) {
	f.Add(make([]byte, 64*9+3), uint64(1)<<63)
	digesttest.FuzzKernels(f, "sha256", BlockSize256, func(seed uint64) [8]uint32 {
		start := IV256
		for i := range start {
			start[i] ^= uint32(seed >> (4 * i))
		}
		return start
	}, Block256, block256Generic)
}

// FuzzBlock512 is FuzzBlock256 for the SHA-512 kernels.
func FuzzBlock512(f *testing.F) {
	f.Add(make([]byte, 128*5+7), uint64(1)<<63)
	digesttest.FuzzKernels(f, "sha512", BlockSize512, func(seed uint64) [8]uint64 {
		start := IV512
		for i := range start {
			start[i] ^= seed * uint64(i+1)
		}
		return start
	}, Block512, block512Generic)
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

// padSum256 is the last step of a SHA-256 family hash written out from FIPS
// 180-4 section 5.1.1 on the portable block function: rest, the end of a
// message of total bytes, a 1 bit, zeros and the 64-bit bit count,
// compressed from h; it returns the big-endian digest.
func padSum256(h [8]uint32, rest []byte, total uint64) (out [Size256]byte) {
	m := append([]byte(nil), rest...)
	m = append(m, 0x80)
	for len(m)%BlockSize256 != 56 {
		m = append(m, 0)
	}
	m = binary.BigEndian.AppendUint64(m, total<<3)
	block256Generic(&h, m)
	for i, v := range h {
		binary.BigEndian.PutUint32(out[4*i:], v)
	}
	return out
}

// FuzzSum256Kernels compares Sum256 and HMACKeys256 on every SHA-256
// kernel and on the portable code with padSum256 and with the keyed states
// from the portable code.
func FuzzSum256Kernels(f *testing.F) {
	f.Add([]byte("abc"))
	f.Add(make([]byte, 55))
	f.Add(make([]byte, 64*3+60))
	f.Fuzz(func(t *testing.T, msg []byte) {
		want := padSum256(IV256, msg, uint64(len(msg)))
		defer cpu.Restore("sha256")
		cpu.Select("sha256", "")
		wantI, wantO := HMACKeys256(Size256, msg)
		for _, name := range append(cpu.Impls("sha256"), "") {
			cpu.Select("sha256", name)
			if got := Sum256(msg); got != want {
				t.Fatalf("%q: Sum256 %x, want %x", name, got, want)
			}
			if ih, oh := HMACKeys256(Size256, msg); ih != wantI || oh != wantO {
				t.Fatalf("%q: keyed states differ from the portable code's", name)
			}
		}
	})
}
