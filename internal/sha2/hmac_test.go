package sha2

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestOuter256 computes HMAC-SHA-256 with Block256 for the keyed states
// and the inner hash and Outer256 for the rest, on every implementation,
// and compares with crypto/hmac.
func TestOuter256(t *testing.T) {
	hashtest.AllImplementations(t, "sha256", func(t *testing.T) {
		for i, n := range []int{0, 1, 55, 56, 64, 100, 1000} {
			key := hashtest.RandBytes(uint64(i), 32)
			msg := hashtest.RandBytes(uint64(i)+20, n)
			var ipad, opad [BlockSize256]byte
			for j := range ipad {
				ipad[j], opad[j] = 0x36, 0x5c
			}
			for j, b := range key {
				ipad[j] ^= b
				opad[j] ^= b
			}
			ih, oh := IV256, IV256
			Block256(&ih, ipad[:])
			Block256(&oh, opad[:])
			// The inner hash: the message after one key block, padded.
			p := append([]byte(nil), msg...)
			p = append(p, 0x80)
			for len(p)%BlockSize256 != BlockSize256-8 {
				p = append(p, 0)
			}
			p = binary.BigEndian.AppendUint64(p, uint64(BlockSize256+n)*8)
			Block256(&ih, p)
			var got [Size256]byte
			Outer256(&oh, &ih, &got)
			m := hmac.New(sha256.New, key)
			m.Write(msg)
			if want := m.Sum(nil); string(got[:]) != string(want) {
				t.Fatalf("%d-byte message: %x, crypto/hmac %x", n, got, want)
			}
		}
	})
}

// FuzzOuter256 compares every implementation of Outer256 with the generic
// code from arbitrary chaining values.
func FuzzOuter256(f *testing.F) {
	f.Add(make([]byte, 64))
	f.Fuzz(func(t *testing.T, seed []byte) {
		var st [2][8]uint32
		for i := range 16 {
			if 4*i+4 <= len(seed) {
				st[i/8][i%8] = binary.LittleEndian.Uint32(seed[4*i:])
			}
		}
		var want [Size256]byte
		outer256Generic(&st[0], &st[1], &want)
		defer cpu.Restore("sha256")
		for _, name := range cpu.Impls("sha256") {
			cpu.Select("sha256", name)
			var got [Size256]byte
			Outer256(&st[0], &st[1], &got)
			if got != want {
				t.Fatalf("%s: %x, generic %x", name, got, want)
			}
		}
	})
}
