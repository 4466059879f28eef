package md5

import (
	stdmd5 "crypto/md5"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

var (
	_ hashtest.StateHash = (*digest)(nil)
)

// RFC 1321 appendix A.5, "test suite".
var golden = []digesttest.Golden{
	{"", "d41d8cd98f00b204e9800998ecf8427e"},
	{"a", "0cc175b9c0f1b6a831c399e269772661"},
	{"abc", "900150983cd24fb0d6963f7d28e17f72"},
	{"message digest", "f96b697d7cb7938d525a2f31aaf161d0"},
	{"abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"},
	{"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"},
	{strings.Repeat("1234567890", 8), "57edf4a22be3c955ac49da2e2107b67a"},
}

// suite describes this package to the tests it shares with sha1 and
// ripemd160. The million "a" digest is well known; the 4 GiB stream's was
// computed with Python's hashlib (OpenSSL).
var suite = &digesttest.Digest{
	Pkg: "md5", Alg: "MD5", New: New, Sum: sum, Golden: golden,
	Magic: "md5\x01", OtherMagic: "sha\x01", BadIndex: 4 + 16 + 10, // a byte past the 5 buffered ones
	GoldenState: "6d643501" + "67452301efcdab8998badcfe10325476" + "616263" + "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000" + "0000000000000003",
	MillionA:    "7707d6ae4e027c70eea2a935c2296f21", Stream: "bac31c53fa967e2af1e877683a656a86",
	StdName: "crypto/md5", Std: stdmd5.New, StdSum: func(b []byte) []byte { s := stdmd5.Sum(b); return s[:] },
}

// TestSuite runs the shared tests: known answers, vector files and the
// hash.Hash contract on every kernel, marshalled states, the long messages,
// the method set, and crypto/md5 (every length 0..1100 with random write
// chunkings, states both ways, and the length encoding past 2^32 and 2^35
// bytes by resuming both from a state with a large byte counter).
func TestSuite(t *testing.T) { suite.Test(t) }

func sum(b []byte) []byte { s := Sum(b); return s[:] }

// TestKernels compares the active kernel with blockGeneric on random blocks.
func TestKernels(t *testing.T) {
	digesttest.TestKernels(t, "md5", BlockSize, seeded, block, blockGeneric)
}
