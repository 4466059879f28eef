package sha1

import (
	"bytes"
	stdsha1 "crypto/sha1"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

// Known answers: FIPS 180-2 appendix A (A.1 "abc", A.2 the 448-bit message),
// RFC 3174 section 7.3 (TEST1, TEST2, TEST4), and the empty message
// (NIST SHAVS SHA1ShortMsg.rsp, Len = 0).
var golden = []digesttest.Golden{
	{"", "da39a3ee5e6b4b0d3255bfef95601890afd80709"},
	{"abc", "a9993e364706816aba3e25717850c26c9cd0d89d"},
	{"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"},
	{strings.Repeat("01234567", 80), "dea356a2cddd90c7a7ecedc5ebb563934f460452"},
}

// suite describes this package to the tests it shares with md5 and
// ripemd160. The million "a" is FIPS 180-2 appendix A.3 (RFC 3174 TEST3);
// the 4 GiB stream's digest was computed with Python's hashlib (OpenSSL).
// The Monte Carlo vectors have a test of their own.
var suite = &digesttest.Digest{
	Pkg: "sha1", Alg: "SHA-1", SkipKinds: []string{"mct-sha2"}, New: New, Sum: sum, Golden: golden,
	Magic: "sha\x01", OtherMagic: "md5\x01", BadIndex: 4 + 20 + 10, // a byte past the 5 buffered ones
	GoldenState: "73686101" + "67452301efcdab8998badcfe10325476c3d2e1f0" + "616263" + "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000" + "0000000000000003",
	MillionA:    "34aa973cd4c4daa4f61eeb2bdbad27316534016f", Stream: "1b0c0fd57e6e28851aa5011fc8a3f39b641c8d99",
	ExtraMethods: []string{"ConstantTimeSum"}, // as crypto/sha1's
	StdName:      "crypto/sha1", Std: stdsha1.New, StdSum: func(b []byte) []byte { s := stdsha1.Sum(b); return s[:] },
}

// TestSuite runs the shared tests: known answers, vector files and the
// hash.Hash contract on every kernel, marshalled states, the long messages,
// the method set, and crypto/sha1 (every length 0..1100 with random write
// chunkings, states both ways, and the length encoding past 2^32 and 2^35
// bytes by resuming both from a state with a large byte counter).
func TestSuite(t *testing.T) { suite.Test(t) }

func sum(b []byte) []byte { s := Sum(b); return s[:] }

// TestVectorsMonteCarlo runs the SHAVS Monte Carlo test (NIST SHAVS section
// 6.4; note of the vector): for j in 0..99 { MD0 = MD1 = MD2 = seed; for i in
// 3..1002 { MDi = SHA1(MD(i-3) || MD(i-2) || MD(i-1)) }; seed = MD1002 },
// checking each of the 100 outputs.
func TestVectorsMonteCarlo(t *testing.T) {
	found := false
	for _, c := range hashtest.Vectors(t, "sha1") {
		if c.Kind != "mct-sha2" {
			continue
		}
		found = true
		c.SkipSlow(t)
		seed := c.Input.Materialize()
		var md [3][Size]byte
		var buf [3 * Size]byte
		for j := range c.Checkpoints {
			if testing.Short() && j >= 10 {
				break // the first 10 checkpoints are enough under -short
			}
			copy(md[0][:], seed)
			md[1], md[2] = md[0], md[0]
			for range 1000 {
				copy(buf[0:], md[0][:])
				copy(buf[Size:], md[1][:])
				copy(buf[2*Size:], md[2][:])
				md[0], md[1] = md[1], md[2]
				md[2] = Sum(buf[:])
			}
			if !bytes.Equal(md[2][:], c.Checkpoints[j]) {
				t.Fatalf("%s: checkpoint %d = %x, want %x", c.ID, j, md[2], c.Checkpoints[j])
			}
			seed = md[2][:]
		}
		if !testing.Short() && !bytes.Equal(seed, c.Expected) {
			t.Fatalf("%s: final %x, want %x", c.ID, seed, c.Expected)
		}
	}
	if !found {
		t.Fatal("no Monte Carlo vector in sha1.json.gz")
	}
}

// TestConstantTimeSum compares ConstantTimeSum with Sum and with
// crypto/sha1's ConstantTimeSum at every buffered length of a few blocks,
// on every kernel.
func TestConstantTimeSum(t *testing.T) {
	type ctSummer interface{ ConstantTimeSum([]byte) []byte }
	msg := hashtest.RandBytes(40, 3*BlockSize+1)
	hashtest.AllImplementations(t, "sha1", func(t *testing.T) {
		for n := range len(msg) {
			h, ref := New(), stdsha1.New()
			h.Write(msg[:n])
			ref.Write(msg[:n])
			got := h.(ctSummer).ConstantTimeSum([]byte("x"))
			if want := h.Sum([]byte("x")); !bytes.Equal(got, want) {
				t.Fatalf("%d bytes: ConstantTimeSum %x, Sum %x", n, got, want)
			}
			if want := ref.(ctSummer).ConstantTimeSum([]byte("x")); !bytes.Equal(got, want) {
				t.Fatalf("%d bytes: ConstantTimeSum %x, crypto/sha1's %x", n, got, want)
			}
			if again := h.Sum(nil); !bytes.Equal(again, got[1:]) {
				t.Fatalf("%d bytes: ConstantTimeSum changed the state", n)
			}
		}
	})
}
