package ripemd160

import (
	"bytes"
	"crypto"
	"encoding"
	"encoding/binary"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

var (
	_ hashtest.StateHash = (*digest)(nil)
)

// The test set of the RIPEMD-160 page (Bosselaers,
// https://homes.esat.kuleuven.be/~bosselae/ripemd160.html), also in the
// RIPEMD-160 paper's appendix B.
var golden = []digesttest.Golden{
	{"", "9c1185a5c5e9fc54612808977ee8f548b2258d31"},
	{"a", "0bdc9d2d256b3ee9daae347be6f4dc835a467ffe"},
	{"abc", "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"},
	{"message digest", "5d0689ef49d2fae572b881b123a85ffa21595f36"},
	{"abcdefghijklmnopqrstuvwxyz", "f71c27109c692c1b56bbdceb5b9d2865b3708dbc"},
	{"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "12a053384a9c0c88e405a06c27dcf49ada62eb2b"},
	{"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "b0e20b6e3116640286ed3a87a5713079b21f5189"},
	{strings.Repeat("1234567890", 8), "9b752e45573d4b39f4dbd3323cab82bf63326bfb"},
	{strings.Repeat("a", 1000000), "52783243c1697bdbe16d37f97f68f08325dc1528"},
}

// suite describes this package to the tests it shares with md5 and sha1
// (the million "a" is among its known answers).
var suite = &digesttest.Digest{
	Pkg: "ripemd160", Alg: "RIPEMD-160", New: New, Sum: sum, Golden: golden,
	Magic: "rmd\x01", OtherMagic: "sha\x01", BadIndex: 4 + 20 + 10, // a byte past the 5 buffered ones
	GoldenState: "726d6401" + "67452301efcdab8998badcfe10325476c3d2e1f0" + "616263" + "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000" + "0000000000000003",
}

// TestSuite runs the shared tests: known answers, vector files and the
// hash.Hash contract on every kernel, marshalled states and the method
// set.
func TestSuite(t *testing.T) { suite.Test(t) }

func sum(b []byte) []byte { s := Sum(b); return s[:] }

// refPad is the padding of the spec written out independently of checkSum:
// 0x80, zeros up to 56 bytes modulo 64, the bit length little-endian.
func refPad(total uint64) []byte {
	p := []byte{0x80}
	for (total+uint64(len(p)))%BlockSize != 56 {
		p = append(p, 0)
	}
	return binary.LittleEndian.AppendUint64(p, total*8)
}

// TestLargeLength checks the length encoding for messages past 2^32 and
// 2^35 bytes (and bit counts past 2^64, which wrap): a state with a large
// byte counter is resumed, and the result compared with the compression of
// the buffered bytes, the tail and the padding written out by refPad.
func TestLargeLength(t *testing.T) {
	tail := hashtest.RandBytes(9, 200)
	buffered := hashtest.RandBytes(10, BlockSize)
	for _, total := range []uint64{1<<32 - 1, 1 << 32, 1<<32 + 70, 1<<35 - 3, 1 << 35, 1<<35 + 1, 1<<61 - 1, 1 << 61, 1<<64 - 5} {
		for _, extra := range []int{0, 1, 55, 56, 64, 200} {
			var d digest
			d.Reset()
			d.s[2] ^= uint32(total)
			d.len = total
			d.nx = int(total % BlockSize)
			copy(d.x[:], buffered[:d.nx])
			st, _ := d.MarshalBinary()
			h := New()
			if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(st); err != nil {
				t.Fatal(err)
			}
			h.Write(tail[:extra])
			got := h.Sum(nil)

			ref := d
			rest := append(append(bytes.Clone(buffered[:d.nx]), tail[:extra]...), refPad(total+uint64(extra))...)
			if len(rest)%BlockSize != 0 {
				t.Fatalf("refPad: %d bytes", len(rest))
			}
			blockGeneric(&ref, rest)
			var want []byte
			for _, w := range ref.s {
				want = binary.LittleEndian.AppendUint32(want, w)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("length %d+%d: %x, want %x", total, extra, got, want)
			}
		}
	}
}

// TestKernels compares the active kernel with blockGeneric on random blocks.
func TestKernels(t *testing.T) {
	digesttest.TestKernels(t, "ripemd160", BlockSize, seeded, block, blockGeneric)
}

// TestRegisterHash: importing the package registers RIPEMD-160, as
// x/crypto/ripemd160 does.
func TestRegisterHash(t *testing.T) {
	hashtest.TestRegistered(t, crypto.RIPEMD160, func(m []byte) []byte { s := Sum(m); return s[:] })
}
