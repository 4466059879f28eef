package bench

// HMAC, HKDF and PBKDF2 against the standard library (crypto/hmac,
// crypto/hkdf, crypto/pbkdf2; x/crypto's hkdf and pbkdf2 now forward to
// them). Compare with
//
//	go test -run '^$' -bench 'HMAC|HKDF|PBKDF2' -count 10 . | tee out.txt
//	benchstat -col /impl out.txt

import (
	"bytes"
	stdhkdf "crypto/hkdf"
	stdhmac "crypto/hmac"
	stdpbkdf2 "crypto/pbkdf2"
	stdsha1 "crypto/sha1"
	stdsha256 "crypto/sha256"
	stdsha512 "crypto/sha512"
	"hash"
	"strconv"
	"testing"

	"github.com/hashkit/hashkit/hkdf"
	"github.com/hashkit/hashkit/hmac"
	"github.com/hashkit/hashkit/pbkdf2"
	"github.com/hashkit/hashkit/sha1"
	"github.com/hashkit/hashkit/sha256"
	"github.com/hashkit/hashkit/sha512"
)

var macImpls = []struct {
	name string
	mac  func(h func() hash.Hash, key []byte) hash.Hash
}{
	{"hashkit", hmac.New},
	{"stdlib", stdhmac.New},
}

// benchHMAC measures a reused keyed MAC: Reset, Write, Sum into a buffer.
func benchHMAC(b *testing.B, ours, std func() hash.Hash) {
	key := make([]byte, 32)
	for _, size := range []int{64, 1024, 8192} {
		msg := make([]byte, size)
		for _, impl := range macImpls {
			h := ours
			if impl.name == "stdlib" {
				h = std
			}
			b.Run("impl="+impl.name+"/size="+strconv.Itoa(size), func(b *testing.B) {
				benchReused(b, impl.mac(h, key), msg)
			})
		}
	}
}

func BenchmarkHMACSHA256(b *testing.B) { benchHMAC(b, sha256.New, stdsha256.New) }
func BenchmarkHMACSHA512(b *testing.B) { benchHMAC(b, sha512.New, stdsha512.New) }
func BenchmarkHMACSHA1(b *testing.B)   { benchHMAC(b, sha1.New, stdsha1.New) }

// BenchmarkHKDFSHA256 derives a 32-byte key from a 32-byte secret with a
// 32-byte salt and a short info string (Key = Extract + Expand).
func BenchmarkHKDFSHA256(b *testing.B) {
	secret, salt := bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{2}, 32)
	const info = "hashkit benchmark"
	for _, kl := range []int{32, 128} {
		b.Run("impl=hashkit/size="+strconv.Itoa(kl), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := hkdf.Key(sha256.New, secret, salt, info, kl); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("impl=stdlib/size="+strconv.Itoa(kl), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := stdhkdf.Key(stdsha256.New, secret, salt, info, kl); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func benchPBKDF2(b *testing.B, ours, std func() hash.Hash, size int) {
	benchPBKDF2Iter(b, ours, std, 1<<14, size)
}

// benchPBKDF2Iter derives size bytes with iter iterations from an
// 8-byte password and a 16-byte salt.
func benchPBKDF2Iter(b *testing.B, ours, std func() hash.Hash, iter, size int) {
	salt := bytes.Repeat([]byte{3}, 16)
	name := "/iter=" + strconv.Itoa(iter) + "/size=" + strconv.Itoa(size)
	b.Run("impl=hashkit"+name, func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := pbkdf2.Key(ours, "password", salt, iter, size); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=stdlib"+name, func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := stdpbkdf2.Key(std, "password", salt, iter, size); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkPBKDF2SHA256(b *testing.B) {
	benchPBKDF2(b, sha256.New, stdsha256.New, 32)
	benchPBKDF2(b, sha256.New, stdsha256.New, 64)
}
func BenchmarkPBKDF2SHA512(b *testing.B) { benchPBKDF2(b, sha512.New, stdsha512.New, 64) }

// BenchmarkPBKDF2SHA1 also runs WPA2-PSK's parameters (IEEE 802.11i: 4096
// iterations, a 32-byte key, which is two SHA-1 chains).
func BenchmarkPBKDF2SHA1(b *testing.B) {
	benchPBKDF2(b, sha1.New, stdsha1.New, 20)
	benchPBKDF2Iter(b, sha1.New, stdsha1.New, 4096, 32)
}
