//go:build !race

package sha3

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestAllocations: the hot paths allocate nothing (race instrumentation
// allocates, hence the build tag).
func TestAllocations(t *testing.T) {
	allPaths(t, func(t *testing.T) {
		for name, mk := range fixedNew {
			t.Run(name, func(t *testing.T) { hashtest.TestAllocs(t, mk) })
		}
		msg := make([]byte, 1000)
		out := make([]byte, 100)
		hashtest.NoAllocs(t, "Sum256", func() { sink32 = Sum256(msg) })
		hashtest.NoAllocs(t, "SumKeccak256", func() { sink32 = SumKeccak256(msg) })
		hashtest.NoAllocs(t, "Sum512", func() { sink64 = Sum512(msg) })
		hashtest.NoAllocs(t, "SumSHAKE128 (short output)", func() { sinkB = SumSHAKE128(msg, 32)[0] })
		x := NewSHAKE256()
		hashtest.NoAllocs(t, "SHAKE Write, Read, Reset", func() { x.Reset(); x.Write(msg); x.Read(out) })
		c := NewCSHAKE128(nil, []byte("S"))
		hashtest.NoAllocs(t, "cSHAKE Write, Read, Reset", func() { c.Reset(); c.Write(msg); c.Read(out) })
		st := make([]byte, 0, 500)
		hashtest.NoAllocs(t, "AppendBinary", func() { st, _ = x.AppendBinary(st[:0]) })
		hashtest.NoAllocs(t, "SHAKE UnmarshalBinary", func() { x.UnmarshalBinary(st) })
		d := New384()
		d.Write(msg[:100])
		dst, _ := d.MarshalBinary()
		hashtest.NoAllocs(t, "SHA3 AppendBinary, UnmarshalBinary", func() {
			dst, _ = d.AppendBinary(dst[:0])
			d.UnmarshalBinary(dst)
		})
		k, _ := NewKMAC256([]byte("key"), nil, 32)
		tag := k.Sum(nil)
		hashtest.NoAllocs(t, "KMAC Write, Sum, Verify", func() {
			k.Reset()
			k.Write(msg)
			out = k.Sum(out[:0])
			k.Verify(tag)
		})
		kx := NewKMACXOF128([]byte("key"), nil)
		hashtest.NoAllocs(t, "KMACXOF Write, Read", func() { kx.Reset(); kx.Write(msg); kx.Read(out[:64]) })
		ph, _ := NewParallelHash128(100, nil, 32)
		hashtest.NoAllocs(t, "ParallelHash Write, Sum", func() { ph.Reset(); ph.Write(msg[:99]); out = ph.Sum(out[:0]) })
	})
}

var (
	sink32 [32]byte
	sink64 [64]byte
	sinkB  byte
)
