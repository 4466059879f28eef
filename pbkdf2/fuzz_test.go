package pbkdf2

import (
	"bytes"
	stdpbkdf2 "crypto/pbkdf2"
	"encoding/binary"
	"testing"
)

// FuzzKey compares Key with crypto/pbkdf2 on the fast paths (SHA-256,
// SHA-224, SHA-512, SHA-512/224, SHA-1) and the generic one (MD5).
func FuzzKey(f *testing.F) {
	f.Add("password", []byte("salt"), uint8(2), uint8(20), uint8(0))
	f.Add("", []byte{}, uint8(1), uint8(1), uint8(1))
	f.Add(string(make([]byte, 130)), make([]byte, 125), uint8(7), uint8(200), uint8(3))
	names := []string{"SHA2-256", "SHA2-224", "SHA2-512", "SHA2-512/224", "SHA-1", "MD5"}
	f.Fuzz(func(t *testing.T, password string, salt []byte, iter, length, which uint8) {
		name := names[int(which)%len(names)]
		it, kl := 1+int(iter)%32, 1+int(length)
		want, err := stdpbkdf2.Key(stdHashes[name], password, salt, it, kl)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := Key(hashes[name], password, salt, it, kl); err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%s: %x, %v; want %x", name, got, err, want)
		}
	})
}

// FuzzIterKernels compares the loop kernel in use with the generic loop on
// arbitrary chaining values and starting points.
func FuzzIterKernels(f *testing.F) {
	f.Add(make([]byte, 128), uint8(1))
	f.Add(bytes.Repeat([]byte{0xff}, 128), uint8(9))
	f.Fuzz(func(t *testing.T, seed []byte, n uint8) {
		if len(seed) < 128 {
			return
		}
		k := key256{size: 32}
		var u, acc [8]uint32
		for w := range 8 {
			k.IH[w] = binary.BigEndian.Uint32(seed[4*w:])
			k.OH[w] = binary.BigEndian.Uint32(seed[32+4*w:])
			u[w] = binary.BigEndian.Uint32(seed[64+4*w:])
			acc[w] = binary.BigEndian.Uint32(seed[96+4*w:])
		}
		var blk [64]byte
		blk[32] = 0x80
		blk[62] = 0x03 // 768 bits
		u2, acc2 := u, acc
		k.iter(&blk, &u, &acc, 1+int(n))
		k.iterGeneric(&blk, &u2, &acc2, 1+int(n))
		if u != u2 || acc != acc2 {
			t.Fatalf("%d iterations: U %08x T %08x, generic U %08x T %08x", 1+int(n), u, acc, u2, acc2)
		}
		if k.has2() {
			var uu, tt [16]uint32
			copy(uu[:8], u2[:])
			copy(uu[8:], acc2[:])
			copy(tt[:8], acc2[:])
			copy(tt[8:], u2[:])
			w0, s0, w1, s1 := u2, acc2, acc2, u2
			k.iterGeneric(&blk, &w0, &s0, 1+int(n))
			k.iterGeneric(&blk, &w1, &s1, 1+int(n))
			k.iter2(&uu, &tt, 1+int(n))
			if [8]uint32(uu[:8]) != w0 || [8]uint32(tt[:8]) != s0 || [8]uint32(uu[8:]) != w1 || [8]uint32(tt[8:]) != s1 {
				t.Fatalf("%d iterations: the two-block kernel differs", 1+int(n))
			}
		}
	})
}
