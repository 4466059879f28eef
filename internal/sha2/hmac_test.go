package sha2

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/binary"
	"hash"
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

// TestOuterSizes compares HMAC256.Outer (Outer256's kernels for SHA-256)
// with the generic outer hash for both sizes on random chaining values, on
// every SHA-256 kernel.
func TestOuterSizes(t *testing.T) {
	hashtest.AllImplementations(t, "sha256", func(t *testing.T) {
		for i := range 200 {
			r := hashtest.RandBytes(uint64(i), 64)
			var oh, h [8]uint32
			for w := range 8 {
				oh[w] = binary.BigEndian.Uint32(r[4*w:])
				h[w] = binary.BigEndian.Uint32(r[32+4*w:])
			}
			for _, size := range []int{Size224, Size256} {
				m := HMACKey256{OH: oh, size: size}
				var got, want [Size256]byte
				m.Outer(&h, &got)
				var blk [BlockSize256]byte
				o := m.outerWords(&h, &blk)
				for w, v := range o {
					binary.BigEndian.PutUint32(want[4*w:], v)
				}
				if got != want {
					t.Fatalf("case %d, size %d: %x, want %x", i, size, got[:size], want[:size])
				}
			}
		}
	})
}

// TestHMACStates compares HMAC256 and HMAC512 (Sum, SumWords, split writes
// through Write and WriteString, reuse after Reset) with crypto/hmac for
// every size, at key lengths around the block and message lengths around
// the padding boundaries, on every kernel.
func TestHMACStates(t *testing.T) {
	msg := hashtest.RandBytes(50, 300)
	step := 1
	if testing.Short() {
		step = 5
	}
	hashtest.AllSHA2(t, func(t *testing.T) {
		for _, kl := range []int{0, 20, 64, 65, 129, 200} {
			key := hashtest.RandBytes(uint64(kl), kl)
			for _, size := range []int{Size224, Size256} {
				var m HMAC256
				m.Init(size, key)
				std := func() hash.Hash { return sha256.New() }
				if size == Size224 {
					std = sha256.New224
				}
				ref := hmac.New(std, key)
				for n := 0; n <= len(msg); n += step {
					m.Reset()
					m.Write(msg[:n/3])
					m.WriteString(string(msg[n/3 : n/2]))
					m.Write(msg[n/2 : n])
					ref.Reset()
					ref.Write(msg[:n])
					want := ref.Sum(nil)
					got := m.Sum()
					w := m.SumWords()
					var wb [Size256]byte
					for i, v := range w {
						binary.BigEndian.PutUint32(wb[4*i:], v)
					}
					if string(got[:size]) != string(want) || string(wb[:size]) != string(want) {
						t.Fatalf("HMAC-SHA-%d, %d-byte key, %d bytes: Sum %x, SumWords %x, want %x", 8*size, kl, n, got[:size], wb[:size], want)
					}
				}
			}
			for kind, std := range []func() hash.Hash{sha512.New, sha512.New384, sha512.New512_224, sha512.New512_256} {
				var m HMAC512
				m.Init(Kind512(kind), key)
				ref := hmac.New(std, key)
				for n := 0; n <= len(msg); n += step {
					m.Reset()
					m.Write(msg[:n/2])
					m.Write(msg[n/2 : n])
					ref.Reset()
					ref.Write(msg[:n])
					want := ref.Sum(nil)
					if got := m.Sum(); string(got[:m.Size()]) != string(want) {
						t.Fatalf("HMAC kind %d, %d-byte key, %d bytes: %x, want %x", kind, kl, n, got[:m.Size()], want)
					}
				}
			}
		}
	})
}
