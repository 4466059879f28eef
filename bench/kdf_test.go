package bench

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/hashkit/hashkit/argon2"
	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/scrypt"
	xargon2 "golang.org/x/crypto/argon2"
	xscrypt "golang.org/x/crypto/scrypt"
)

// TestScryptVsXCrypto compares scrypt.Key with x/crypto's on random small
// parameters, every kernel.
func TestScryptVsXCrypto(t *testing.T) {
	randomCases(t, "scrypt", 1, 200, 40, func(t *testing.T, rng *rand.Rand) {
		N := 2 << rng.IntN(8)
		r, p := 1+rng.IntN(9), 1+rng.IntN(4)
		pw := hashtest.RandBytes(rng.Uint64(), rng.IntN(70))
		salt := hashtest.RandBytes(rng.Uint64(), rng.IntN(40))
		kl := 1 + rng.IntN(100)
		got, err := scrypt.Key(pw, salt, N, r, p, kl)
		if err != nil {
			t.Fatal(err)
		}
		want, err := xscrypt.Key(pw, salt, N, r, p, kl)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("N=%d r=%d p=%d keyLen=%d: %x, want %x", N, r, p, kl, got, want)
		}
	})
	// Both reject the same bad parameters (x/crypto accepts keyLen 0; hashkit
	// rejects it, as RFC 7914 asks for a positive length).
	for _, c := range [][3]int{{0, 8, 1}, {3, 8, 1}, {16, 0, 1}, {16, 8, 0}, {16, 1 << 15, 1 << 15}} {
		_, err1 := scrypt.Key(nil, nil, c[0], c[1], c[2], 32)
		_, err2 := xscrypt.Key(nil, nil, c[0], c[1], c[2], 32)
		if (err1 == nil) != (err2 == nil) {
			t.Errorf("N, r, p = %v: hashkit %v, x/crypto %v", c, err1, err2)
		}
	}
}

// TestArgon2VsXCrypto compares Key, IDKey with x/crypto's on random small
// parameters, including those x/crypto accepts outside RFC 9106 (short salts,
// memory below 8*threads, key lengths 1..3).
func TestArgon2VsXCrypto(t *testing.T) {
	randomCases(t, "argon2", 3, 150, 30, func(t *testing.T, rng *rand.Rand) {
		threads := uint8(1 + rng.IntN(5))
		mem := uint32(rng.IntN(200))
		tm := uint32(1 + rng.IntN(3))
		kl := uint32(1 + rng.IntN(140))
		pw := hashtest.RandBytes(rng.Uint64(), rng.IntN(70))
		salt := hashtest.RandBytes(rng.Uint64(), rng.IntN(40))
		if got, want := argon2.Key(pw, salt, tm, mem, threads, kl), xargon2.Key(pw, salt, tm, mem, threads, kl); !bytes.Equal(got, want) {
			t.Fatalf("Key t=%d m=%d p=%d keyLen=%d: %x, want %x", tm, mem, threads, kl, got, want)
		}
		if got, want := argon2.IDKey(pw, salt, tm, mem, threads, kl), xargon2.IDKey(pw, salt, tm, mem, threads, kl); !bytes.Equal(got, want) {
			t.Fatalf("IDKey t=%d m=%d p=%d keyLen=%d: %x, want %x", tm, mem, threads, kl, got, want)
		}
	})
}

func BenchmarkScrypt(b *testing.B) {
	for _, c := range []struct{ N, r, p int }{{1 << 14, 8, 1}, {1 << 17, 8, 1}, {1 << 14, 8, 2}} {
		name := fmt.Sprintf("N=2^%d/r=%d/p=%d", log2(c.N), c.r, c.p)
		pw, salt := []byte("password"), []byte("salt")
		b.Run("impl=hashkit/"+name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := scrypt.Key(pw, salt, c.N, c.r, c.p, 32); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("impl=xcrypto/"+name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := xscrypt.Key(pw, salt, c.N, c.r, c.p, 32); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkArgon2id(b *testing.B) {
	for _, c := range []struct {
		t, m uint32
		p    uint8
	}{{1, 64 << 10, 1}, {3, 64 << 10, 1}, {1, 64 << 10, 2}} {
		name := fmt.Sprintf("t=%d/m=%dMiB/p=%d", c.t, c.m>>10, c.p)
		pw, salt := []byte("password"), []byte("somesalt")
		b.Run("impl=hashkit/"+name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				argon2.IDKey(pw, salt, c.t, c.m, c.p, 32)
			}
		})
		b.Run("impl=xcrypto/"+name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				xargon2.IDKey(pw, salt, c.t, c.m, c.p, 32)
			}
		})
	}
}

// BenchmarkArgon2idBuffer measures DeriveKey with a reused buffer (no
// allocation or page faults per call).
func BenchmarkArgon2idBuffer(b *testing.B) {
	buf, err := argon2.NewBuffer(64 << 10)
	if err != nil {
		b.Fatal(err)
	}
	p := argon2.Params{Variant: argon2.Argon2id, Time: 1, Memory: 64 << 10, Lanes: 1, KeyLen: 32, Buffer: buf}
	b.Run("impl=hashkit/t=1/m=64MiB/p=1", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := argon2.DeriveKey(context.Background(), []byte("password"), []byte("somesalt"), p); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// randomCases runs f n times (nShort under -short) on every kernel of pkg,
// with one generator seeded from seed.
func randomCases(t *testing.T, pkg string, seed uint64, n, nShort int, f func(t *testing.T, rng *rand.Rand)) {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	if testing.Short() {
		n = nShort
	}
	hashtest.AllImplementations(t, pkg, func(t *testing.T) {
		for range n {
			f(t, rng)
		}
	})
}

func log2(n int) int {
	k := 0
	for n > 1 {
		n >>= 1
		k++
	}
	return k
}
