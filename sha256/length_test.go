package sha256

import (
	"bytes"
	"crypto/sha256"
	"encoding"
	"encoding/binary"
	"hash"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestLongLengths checks the length field for messages past 2^32 and 2^35
// bytes (where the bit count no longer fits 32, then 38, bits) without
// hashing gigabytes: a marshalled state claims a large byte count, and both
// hashkit and crypto/sha256 resume from it, hash a few more bytes and must
// agree.
func TestLongLengths(t *testing.T) {
	tail := hashtest.RandBytes(7, 200)
	counts := []uint64{
		1<<32 - 64, 1 << 32, 1<<32 + 64, 1<<32 + 5,
		1<<35 - 3, 1 << 35, 1<<35 + 128 + 17,
		1<<61 - 1, 1<<61 + 1, // the bit count wraps past 2^64 bits: both use it mod 2^64
	}
	hashtest.AllImplementations(t, "sha256", func(t *testing.T) {
		for _, mk := range []struct {
			name  string
			ours  func() hash.Hash
			std   func() hash.Hash
			magic string
		}{{"SHA-256", New, sha256.New, "sha\x03"}, {"SHA-224", New224, sha256.New224, "sha\x02"}} {
			for _, n := range counts {
				st := []byte(mk.magic)
				st = append(st, hashtest.RandBytes(n, 32)...) // chaining value
				buf := make([]byte, 64)                       // buffered bytes, zero past n%64
				copy(buf, hashtest.RandBytes(n+1, int(n%64)))
				st = append(st, buf...)
				st = binary.BigEndian.AppendUint64(st, n)
				ours, std := mk.ours(), mk.std()
				if err := ours.(encoding.BinaryUnmarshaler).UnmarshalBinary(st); err != nil {
					t.Fatal(err)
				}
				if err := std.(encoding.BinaryUnmarshaler).UnmarshalBinary(st); err != nil {
					t.Fatal(err)
				}
				for _, k := range []int{0, 1, 55, 64, 200} {
					a, b := ours.(hash.Cloner), std.(hash.Cloner)
					ac, _ := a.Clone()
					bc, _ := b.Clone()
					ac.(hash.Hash).Write(tail[:k])
					bc.(hash.Hash).Write(tail[:k])
					if got, want := ac.(hash.Hash).Sum(nil), bc.(hash.Hash).Sum(nil); !bytes.Equal(got, want) {
						t.Fatalf("%s after %d+%d bytes: %x, crypto/sha256 %x", mk.name, n, k, got, want)
					}
				}
			}
		}
	})
}
