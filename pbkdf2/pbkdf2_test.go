package pbkdf2

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"math"
	"strings"
	"testing"
	"time"

	stdpbkdf2 "crypto/pbkdf2"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/hashtest/byname"
	"github.com/hashkit/hashkit/sha256"
)

// hashes and stdHashes are hashkit's and the standard library's
// constructors by the names the vector files use (params.hash).
var (
	hashes    = byname.Hashkit()
	stdHashes = byname.Stdlib()
)

// RFC 6070 (PBKDF2-HMAC-SHA1) and RFC 7914 section 11 (PBKDF2-HMAC-SHA256),
// as ../shared/vectors carries them. Test 4 of RFC 6070 runs 2^24
// iterations: slow.
var knownAnswers = []struct {
	source, hash, password, salt string
	iter, length                 int
	want                         string
	slow                         bool
}{
	{"RFC 6070 section 2 test 1", "SHA-1", "password", "73616c74", 1, 20, "0c60c80f961f0e71f3a9b524af6012062fe037a6", false},
	{"RFC 6070 section 2 test 2", "SHA-1", "password", "73616c74", 2, 20, "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957", false},
	{"RFC 6070 section 2 test 3", "SHA-1", "password", "73616c74", 4096, 20, "4b007901b765489abead49d926f721d065a429c1", false},
	{"RFC 6070 section 2 test 4", "SHA-1", "password", "73616c74", 16777216, 20, "eefe3d61cd4da4e4e9945b3d6ba2158c2634e984", true},
	{"RFC 6070 section 2 test 5", "SHA-1", "passwordPASSWORDpassword", "73616c7453414c5473616c7453414c5473616c7453414c5473616c7453414c5473616c74", 4096, 25, "3d2eec4fe41c849b80c8d83662c0e44a8b291a964cf2f07038", false},
	{"RFC 6070 section 2 test 6", "SHA-1", "pass\u0000word", "7361006c74", 4096, 16, "56fa6aa75548099dcc37d7f03425e0c3", false},
	{"RFC 7914 section 11 vector 1", "SHA2-256", "passwd", "73616c74", 1, 64, "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783", false},
	{"RFC 7914 section 11 vector 2", "SHA2-256", "Password", "4e61436c", 80000, 64, "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d", false},
}

func TestKnownAnswers(t *testing.T) {
	hashtest.AllSHA2(t, func(t *testing.T) {
		for _, c := range knownAnswers {
			if c.slow && testing.Short() {
				continue
			}
			got, err := Key(hashes[c.hash], c.password, hashtest.Unhex(c.salt), c.iter, c.length)
			if err != nil || !bytes.Equal(got, hashtest.Unhex(c.want)) {
				t.Errorf("%s: %x, %v; want %s", c.source, got, err, c.want)
			}
		}
	})
}

// TestVectors runs every vector of ../shared/vectors/pbkdf2.json.gz, the
// slow ones only outside -short.
func TestVectors(t *testing.T) {
	for _, c := range hashtest.Vectors(t, "pbkdf2") {
		t.Run(c.ID, func(t *testing.T) {
			c.SkipSlow(t)
			h := hashes[c.String("hash")]
			if h == nil {
				t.Fatalf("unknown hash %q", c.String("hash"))
			}
			got, err := Key(h, string(c.Input.Materialize()), c.Bytes("salt"), c.Int("iterations"), c.Int("length"))
			if err != nil || !bytes.Equal(got, c.Expected) {
				t.Errorf("%s: %x, %v; want %x", c.Source, got, err, c.Expected)
			}
		})
	}
}

// wycheproofPBKDF is a test of the C2SP/Wycheproof PBKDF2 files.
type wycheproofPBKDF struct {
	hashtest.WycheproofCase
	Password       hashtest.Hex
	Salt           hashtest.Hex
	IterationCount int `json:"iterationCount"`
	DkLen          int `json:"dkLen"`
	DK             hashtest.Hex
}

// TestWycheproof runs the C2SP/Wycheproof PBKDF2 tests (all valid in this
// version; invalid ones would have to fail).
func TestWycheproof(t *testing.T) {
	hashtest.WycheproofTests(t, "pbkdf2_hmac", []string{"SHA-1", "SHA2-224", "SHA2-256", "SHA2-384", "SHA2-512"}, func(t *testing.T, name string, tc *wycheproofPBKDF) {
		if tc.IterationCount > 10000 && testing.Short() {
			return
		}
		dk, err := Key(hashes[name], string(tc.Password), tc.Salt, tc.IterationCount, tc.DkLen)
		ok := err == nil && bytes.Equal(dk, tc.DK)
		if (tc.Result == "valid") != ok {
			t.Errorf("%v, result %s: %x, %v; want %x", tc.WycheproofCase, tc.Result, dk, err, tc.DK)
		}
	})
}

// TestDifferential compares Key with crypto/pbkdf2 over passwords and salts
// around the block size, iteration counts and key lengths around multiples
// of the hash size.
func TestDifferential(t *testing.T) {
	lens := []int{0, 1, 19, 55, 56, 59, 60, 63, 64, 65, 111, 112, 124, 125, 128, 129, 200}
	hashtest.AllSHA2(t, func(t *testing.T) {
		for name, std := range stdHashes {
			ours := hashes[name]
			size := std().Size()
			for i, pl := range lens {
				password := string(hashtest.RandBytes(uint64(i), pl))
				salt := hashtest.RandBytes(uint64(i)+50, lens[(i*5+3)%len(lens)])
				iter := []int{1, 2, 3, 17}[i%4]
				for _, kl := range []int{1, size - 1, size, size + 1, 3*size + 5} {
					want, err := stdpbkdf2.Key(std, password, salt, iter, kl)
					if err != nil {
						t.Fatal(err)
					}
					if got, err := Key(ours, password, salt, iter, kl); err != nil || !bytes.Equal(got, want) {
						t.Fatalf("%s, password %d, salt %d, iter %d, length %d: %x, %v; want %x", name, pl, len(salt), iter, kl, got, err, want)
					}
				}
			}
		}
	})
}

func TestErrors(t *testing.T) {
	h := sha256.New
	for _, c := range []struct {
		iter, length int
	}{{0, 32}, {-1, 32}, {1, 0}, {1, -5}, {math.MinInt, 1}} {
		if out, err := Key(h, "p", nil, c.iter, c.length); err == nil || out != nil {
			t.Errorf("Key(iter %d, length %d) = %d bytes, %v; want an error", c.iter, c.length, len(out), err)
		}
	}
	if math.MaxInt > 1<<40 {
		// (2^32 - 1) * 32 + 1 bytes: refused before any work or allocation.
		n := uint64(1<<32-1)*32 + 1 // a variable: the constant overflows int on 32-bit
		tooLong := int(n)
		if out, err := Key(h, "p", nil, 1, tooLong); err == nil || out != nil {
			t.Errorf("Key with %d bytes: no error", tooLong)
		}
	}
}

func TestPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"nil constructor": func() { Key[hash.Hash](nil, "", nil, 1, 32) },
		"nil hash":        func() { Key(func() hash.Hash { return nil }, "", nil, 1, 32) },
	} {
		if !hashtest.Panics(f) {
			t.Errorf("%s: no panic", name)
		}
	}
}

// TestCancel cancels a derivation of 2^30 iterations (minutes of work) and
// expects it to stop promptly, on the fast and the generic path.
func TestCancel(t *testing.T) {
	for _, name := range []string{"SHA2-256", "SHA2-512", "SHA-1"} {
		ctx, cancel := context.WithCancel(context.Background())
		var calls int
		start := time.Now()
		go func() {
			time.Sleep(20 * time.Millisecond)
			cancel()
		}()
		out, err := DeriveKey(ctx, hashes[name], "password", []byte("salt"), 1<<30, 32, func(float64) { calls++ })
		if out != nil || !errors.Is(err, context.Canceled) {
			t.Errorf("%s: %d bytes, %v; want context.Canceled", name, len(out), err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s: took %v to stop", name, d)
		}
		if calls > 100 {
			t.Errorf("%s: %d progress calls", name, calls)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if out, err := DeriveKey(ctx, sha256.New, "p", nil, 1, 32, nil); out != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("with a cancelled context: %v", err)
	}
}

func TestProgress(t *testing.T) {
	for _, c := range []struct{ iter, length int }{{1, 32}, {100, 32}, {50000, 100}} {
		var got []float64
		out, err := DeriveKey(context.Background(), sha256.New, "password", []byte("salt"), c.iter, c.length, func(f float64) { got = append(got, f) })
		if err != nil {
			t.Fatal(err)
		}
		want, _ := Key(sha256.New, "password", []byte("salt"), c.iter, c.length)
		if !bytes.Equal(out, want) {
			t.Fatal("DeriveKey differs from Key")
		}
		if len(got) == 0 || len(got) > 101 || got[len(got)-1] != 1 {
			t.Fatalf("iter %d: %d progress calls, last %v", c.iter, len(got), got)
		}
		for i := 1; i < len(got); i++ {
			if got[i] <= got[i-1] || got[i] > 1 {
				t.Fatalf("iter %d: progress not increasing: %v", c.iter, got)
			}
		}
	}
}

// TestLongPassword covers passwords longer than a block (hashed first) and
// salts spanning several blocks, on every fast path.
func TestLongPassword(t *testing.T) {
	for _, name := range []string{"SHA2-224", "SHA2-256", "SHA2-384", "SHA2-512/224"} {
		for _, n := range []int{127, 128, 129, 300} {
			p := strings.Repeat("x", n)
			salt := hashtest.RandBytes(uint64(n), n)
			want, _ := stdpbkdf2.Key(stdHashes[name], p, salt, 5, 70)
			if got, _ := Key(hashes[name], p, salt, 5, 70); !bytes.Equal(got, want) {
				t.Errorf("%s, %d-byte password: %x, want %x", name, n, got, want)
			}
		}
	}
}

// TestIterKernels compares the loops (sha2.PBKDF2Iter256 and
// PBKDF2Iter256x2) with the generic loop over random chaining values,
// starting points and iteration counts, on every SHA-256 kernel.
func TestIterKernels(t *testing.T) {
	hashtest.AllImplementations(t, "sha256", func(t *testing.T) {
		for i := range 50 {
			n := 1 + i*7
			checkIterKernels(t, fmt.Sprintf("case %d, %d iterations", i, n), hashtest.RandBytes(uint64(i), 4*32), n)
		}
	})
}

// checkIterKernels compares k.iter, and k.iter2 where the kernel has it,
// with the generic loop for n iterations, from the keys, U and T read
// big-endian from the 128 bytes of seed; what names the case in messages.
func checkIterKernels(t *testing.T, what string, seed []byte, n int) {
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
	k.iter(&blk, &u, &acc, n)
	k.iterGeneric(&blk, &u2, &acc2, n)
	if u != u2 || acc != acc2 {
		t.Fatalf("%s: U %08x T %08x, generic U %08x T %08x", what, u, acc, u2, acc2)
	}
	if !k.has2() {
		return
	}
	// Two chains at once: the one above and its result as a second
	// starting point.
	var uu, tt [16]uint32
	copy(uu[:8], u2[:])
	copy(uu[8:], acc2[:])
	copy(tt[:8], acc2[:])
	copy(tt[8:], u2[:])
	w0, s0, w1, s1 := u2, acc2, acc2, u2
	k.iterGeneric(&blk, &w0, &s0, n)
	k.iterGeneric(&blk, &w1, &s1, n)
	k.iter2(&uu, &tt, n)
	if [8]uint32(uu[:8]) != w0 || [8]uint32(tt[:8]) != s0 || [8]uint32(uu[8:]) != w1 || [8]uint32(tt[8:]) != s1 {
		t.Fatalf("%s: the two-block kernel differs", what)
	}
}
