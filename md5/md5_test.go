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

func TestGolden(t *testing.T) {
	hashtest.AllImplementations(t, "md5", func(t *testing.T) {
		digesttest.TestGolden(t, golden, sum, New)
	})
}

func sum(b []byte) []byte { s := Sum(b); return s[:] }

func TestVectors(t *testing.T) {
	hashtest.AllImplementations(t, "md5", func(t *testing.T) {
		digesttest.TestVectorsOf(t, "md5", "MD5", New)
	})
}

func TestHashContract(t *testing.T) {
	hashtest.AllImplementations(t, "md5", func(t *testing.T) {
		hashtest.TestHash(t, New)
	})
}

// TestStdlib compares with crypto/md5 at every length 0..1100, with random
// write chunkings.
func TestStdlib(t *testing.T) {
	hashtest.AllImplementations(t, "md5", func(t *testing.T) {
		digesttest.TestDifferential(t, 7, 1, sum, New, func(b []byte) []byte { s := stdmd5.Sum(b); return s[:] })
	})
}

// TestStdlibState checks that states move both ways between crypto/md5 and
// this package.
func TestStdlibState(t *testing.T) {
	digesttest.TestStateInterop(t, "crypto/md5", New, stdmd5.New)
}

// TestLargeLength checks the length encoding for messages past 2^32 and
// 2^35 bytes (and bit counts past 2^64, which wrap) by resuming crypto/md5
// and this package from the same state with a large byte counter.
func TestLargeLength(t *testing.T) {
	digesttest.TestLargeLength(t, New, stdmd5.New)
}

func TestUnmarshalRejects(t *testing.T) {
	// The standard library's UnmarshalBinary checks less.
	digesttest.Portable(t, "md5")
	digesttest.TestUnmarshalRejects(t, New, "sha\x01", 4+16+10) // a byte past the 5 buffered ones
}

// Golden marshalled state: the format is a compatibility promise.
func TestGoldenState(t *testing.T) {
	digesttest.TestGoldenState(t, New, "abc", "6d643501"+"67452301efcdab8998badcfe10325476"+"616263"+"00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"+"0000000000000003")
}

// TestKernels compares the active kernel with blockGeneric on random blocks.
func TestKernels(t *testing.T) {
	digesttest.TestKernels(t, "md5", BlockSize, seeded, block, blockGeneric)
}

// TestLong checks a million "a" (a long-message value; MD5 of it is well
// known: 7707d6ae4e027c70eea2a935c2296f21) and a streamed 2^32+ byte message
// outside -short against a digest computed independently.
func TestLong(t *testing.T) {
	// The 4 GiB stream's value was computed with Python's hashlib (OpenSSL)
	// on this machine.
	digesttest.TestLongMessage(t, sum, New, "7707d6ae4e027c70eea2a935c2296f21", "bac31c53fa967e2af1e877683a656a86")
}

// TestMethods checks that the hasher exports only the methods of its
// interfaces.
func TestMethods(t *testing.T) {
	hashtest.NoExtraMethods(t, New())
}
