package blake2test

import (
	"bytes"
	"encoding"
	"encoding/hex"
	"strconv"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/blake2"
	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestShared runs, in subtests, the checks of b's package that need nothing
// but its description: errors and limits, parameters, method sets,
// marshaling of keyed hashes, the one-shot sums, the registered hashes and
// BLAKE2X reading and cloning.
func (b *BLAKE2) TestShared(t *testing.T) {
	t.Run("Errors", b.testErrors)
	t.Run("ParamsMatchNew", b.testParamsMatchNew)
	t.Run("Methods", b.testMethods)
	t.Run("KeyedRefusesMarshal", b.testKeyedRefusesMarshal)
	t.Run("SumMatchesStreaming", func(t *testing.T) {
		hashtest.AllImplementations(t, b.Pkg, b.testSumMatchesStreaming)
	})
	t.Run("RegisterHash", b.testRegisterHash)
	t.Run("XOFLongOutput", b.TestXOFLongOutput)
	t.Run("XOFClone", b.TestXOFClone)
}

func (b *BLAKE2) testErrors(t *testing.T) {
	long := make([]byte, 2*b.Size+1)
	over := long[:b.Size+1]
	params := func(p blake2.Params) error {
		_, err := b.newParams(&p)
		return err
	}
	xof := func(size int, p *blake2.Params) error {
		_, err := b.newXOF(size, p)
		return err
	}
	newErr := func(size int, key []byte) error {
		_, err := b.New(size, key)
		return err
	}
	cases := map[string]error{
		"size 0":               newErr(0, nil),
		"size over":            newErr(b.Size+1, nil),
		"size -1":              newErr(-1, nil),
		"key over":             newErr(b.Size, over),
		"params size 0":        params(blake2.Params{}),
		"nil params":           err2(b.newParams(nil)),
		"XOF nil params":       xof(10, nil),
		"params key over":      params(blake2.Params{Size: b.Size, Key: over}),
		"salt short":           params(blake2.Params{Size: b.Size, Salt: long[:b.SaltSize-1]}),
		"salt long":            params(blake2.Params{Size: b.Size, Salt: long[:b.SaltSize+1]}),
		"salt double":          params(blake2.Params{Size: b.Size, Salt: long[:2*b.SaltSize]}),
		"personal half":        params(blake2.Params{Size: b.Size, Personal: long[:b.PersonalSize/2]}),
		"personal double":      params(blake2.Params{Size: b.Size, Personal: long[:2*b.PersonalSize]}),
		"inner over":           params(blake2.Params{Size: b.Size, InnerLength: uint8(b.Size + 1)}),
		"fanout without depth": params(blake2.Params{Size: b.Size, FanOut: 2}),
		"XOF key over":         xof(10, &blake2.Params{Key: over}),
		"XOF reserved length":  xof(b.reservedXOF, &blake2.Params{}),
		"XOF params size":      xof(10, &blake2.Params{Size: b.Size}),
		"XOF params tree":      xof(10, &blake2.Params{NodeDepth: 1}),
		"XOF params salt 3":    xof(10, &blake2.Params{Salt: long[:3]}),
	}
	if b.NodeOffsetBits < 64 {
		cases["node offset over"] = params(blake2.Params{Size: b.Size, NodeOffset: 1 << b.NodeOffsetBits})
	}
	for _, f := range b.Fixed {
		cases["fixed "+strconv.Itoa(f.Size)+" key over"] = err2(f.New(over))
		if f.Sum == nil {
			cases["fixed "+strconv.Itoa(f.Size)+" no key"] = err2(f.New(nil))
		}
	}
	for name, err := range cases {
		if err == nil {
			t.Errorf("%s: no error", name)
		} else if !strings.HasPrefix(err.Error(), "hashkit/"+b.Pkg+": ") {
			t.Errorf("%s: error %q lacks the package prefix", name, err)
		}
	}
	// Limits are inclusive.
	for _, p := range []blake2.Params{
		{Size: 1},
		{Size: b.Size, Key: long[:b.Size], Salt: long[:b.SaltSize], Personal: long[:b.PersonalSize], InnerLength: uint8(b.Size), NodeOffset: uint64(1)<<b.NodeOffsetBits - 1},
		{Size: b.Size, FanOut: 0, MaxDepth: 255},
	} {
		if err := params(p); err != nil {
			t.Errorf("%+v: %v", p, err)
		}
	}
	for _, f := range b.Fixed {
		if _, err := f.New(long[:b.Size]); err != nil {
			t.Errorf("fixed %d, longest key: %v", f.Size, err)
		}
	}
}

func err2[T any](_ T, err error) error { return err }

// testParamsMatchNew checks that the sequential defaults of NewWithParams
// equal New, and that each parameter field changes the output.
func (b *BLAKE2) testParamsMatchNew(t *testing.T) {
	msg := []byte("parameter block")
	size, key := b.Size/2+1, []byte("k")
	sumOf := func(p blake2.Params) string {
		h, err := b.newParams(&p)
		if err != nil {
			t.Fatal(err)
		}
		h.Write(msg)
		return hex.EncodeToString(h.Sum(nil))
	}
	h := b.mustNew(t, size, key)
	h.Write(msg)
	base := blake2.Params{Size: size, Key: key}
	if got, want := sumOf(base), hex.EncodeToString(h.Sum(nil)); got != want {
		t.Fatalf("NewWithParams %s, New %s", got, want)
	}
	if got := sumOf(blake2.Params{Size: size, Key: key, FanOut: 1, MaxDepth: 1}); got != sumOf(base) {
		t.Fatal("explicit FanOut 1, MaxDepth 1 differ from the defaults")
	}
	seen := map[string]string{sumOf(base): "base"}
	for name, p := range map[string]blake2.Params{
		"Salt":        {Salt: bytes.Repeat([]byte{1}, b.SaltSize)},
		"Personal":    {Personal: bytes.Repeat([]byte{1}, b.PersonalSize)},
		"FanOut":      {FanOut: 2, MaxDepth: 1},
		"MaxDepth":    {MaxDepth: 2},
		"LeafLength":  {LeafLength: 1},
		"NodeOffset":  {NodeOffset: 1 << (b.NodeOffsetBits - 1)},
		"NodeDepth":   {NodeDepth: 1},
		"InnerLength": {InnerLength: 1},
		"IsLastNode":  {IsLastNode: true},
	} {
		p.Size, p.Key = size, key
		s := sumOf(p)
		if other, ok := seen[s]; ok {
			t.Errorf("%s gives the same digest as %s", name, other)
		}
		seen[s] = name
	}
}

// testMethods checks the exported method sets: the interfaces plus nothing
// else.
func (b *BLAKE2) testMethods(t *testing.T) {
	hashtest.NoExtraMethods(t, b.mustNew(t, b.Size, nil))
	h := b.mustNew(t, b.Size, []byte("key"))
	hashtest.NoExtraMethods(t, h)
	if _, ok := h.(encoding.BinaryMarshaler); ok {
		t.Error("a keyed hash marshals its key")
	}
	hashtest.NoExtraMethods(t, b.mustXOF(t, 0, nil, nil, nil), "Clone") // Clone() XOF, as x/crypto's
}

// testKeyedRefusesMarshal checks that MACs do not marshal: the keyed type
// has no marshaling methods, and the digest type refuses a key anyway.
func (b *BLAKE2) testKeyedRefusesMarshal(t *testing.T) {
	h := b.mustNew(t, b.Size, []byte("key"))
	if _, ok := h.(encoding.BinaryMarshaler); ok {
		t.Error("a keyed hash implements BinaryMarshaler")
	}
	if _, ok := h.(encoding.BinaryUnmarshaler); ok {
		t.Error("a keyed hash implements BinaryUnmarshaler")
	}
	d := b.KeyedDigest(b.Size, []byte("key"))
	if _, err := d.MarshalBinary(); err == nil {
		t.Error("MarshalBinary of a keyed digest succeeded")
	}
	st := hashtest.Marshal(t, b.mustNew(t, b.Size, nil))
	if err := d.UnmarshalBinary(st); err == nil {
		t.Error("UnmarshalBinary into a keyed digest succeeded")
	}
	// A state of another digest size is rejected.
	if err := hashtest.Unmarshal(b.mustNew(t, b.Size/2, nil), st); err == nil {
		t.Error("UnmarshalBinary accepted a state of another size")
	}
}

// testSumMatchesStreaming compares each one-shot function with streaming at
// every length up to five blocks.
func (b *BLAKE2) testSumMatchesStreaming(t *testing.T) {
	msg := hashtest.RandBytes(1, 5*b.BlockSize+3)
	for n := 0; n <= len(msg); n++ {
		in := msg[:n]
		for _, f := range b.Fixed {
			if f.Sum == nil {
				continue
			}
			h := b.mustNew(t, f.Size, nil)
			h.Write(in)
			if !bytes.Equal(f.Sum(in), h.Sum(nil)) {
				t.Fatalf("the %d-byte Sum of %d bytes differs from streaming", f.Size, n)
			}
		}
	}
}

// testRegisterHash: importing the package registers the sizes that
// x/crypto registers.
func (b *BLAKE2) testRegisterHash(t *testing.T) {
	for _, f := range b.Fixed {
		if f.Hash != 0 {
			hashtest.TestRegistered(t, f.Hash, f.Sum)
		}
	}
}

// TestMarshalGolden pins the marshaled format, a compatibility promise: the
// state of b.Size-byte hash with one block compressed and part of the next
// buffered must be stateSize (the package's format's size) and want bytes
// long, start with header (hex: magic, size, not the last node) and have
// the BLAKE2-256 digest golden (hex).
func (b *BLAKE2) TestMarshalGolden(t *testing.T, header string, stateSize, want int, golden string) {
	h := b.mustNew(t, b.Size, nil)
	in := bytes.Repeat([]byte("golden"), b.Size*15/32) // 180 bytes for BLAKE2b, 90 for BLAKE2s
	h.Write(in)
	buffered := len(in) - b.BlockSize
	st := hashtest.Marshal(t, h)
	if len(st) != stateSize || stateSize != want {
		t.Fatalf("state is %d bytes (the format says %d), want %d", len(st), stateSize, want)
	}
	if got := hex.EncodeToString(st[:6]); got != header {
		t.Fatalf("header %s, want %s", got, header)
	}
	// The counter's low byte follows the chaining value; the count of
	// buffered bytes follows the two counter words (of b.Size/8 bytes).
	if c, n := st[6+b.Size], st[6+b.Size+b.Size/4]; int(c) != b.BlockSize || int(n) != buffered {
		t.Fatalf("counter %d, buffered %d; want %d, %d", c, n, b.BlockSize, buffered)
	}
	// The whole state, pinned through its digest.
	d := b.mustNew(t, 32, nil)
	d.Write(st)
	if got := hex.EncodeToString(d.Sum(nil)); got != golden {
		t.Errorf("marshaled state changed: digest %s, want %s", got, golden)
	}
	h2 := b.mustNew(t, b.Size, nil)
	if err := hashtest.Unmarshal(h2, st); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(h2.Sum(nil), h.Sum(nil)) {
		t.Fatal("restored state differs")
	}
}

// sumOf is the one-shot function of size bytes.
func (b *BLAKE2) sumOf(size int) func([]byte) []byte {
	for _, f := range b.Fixed {
		if f.Size == size && f.Sum != nil {
			return f.Sum
		}
	}
	panic("blake2test: no one-shot function of " + strconv.Itoa(size) + " bytes")
}

// sum is the one-shot function of the largest size.
func (b *BLAKE2) sum() func([]byte) []byte { return b.sumOf(b.Size) }

// FuzzSplit checks that writing the input, split at two points, equals the
// one-shot sum, keyed and unkeyed, and that the marshaled state resumes
// correctly (CheckSplit3).
func (b *BLAKE2) FuzzSplit(f *testing.F) {
	f.Add([]byte("hello, world"), uint16(3), uint16(5), []byte(nil), uint8(b.Size))
	f.Add(make([]byte, b.BlockSize*75/16), uint16(b.BlockSize), uint16(2*b.BlockSize), []byte("key"), uint8(20))
	sum := b.sum()
	f.Fuzz(func(t *testing.T, in []byte, i, j uint16, key []byte, size uint8) {
		b.CheckSplit3(t, in, int(i), int(j), key, int(size), sum)
	})
}

// FuzzXOF checks that reading the output in pieces of the given sizes
// equals one read, for any output length, and that reads stop at it
// (CheckXOFPieces, which takes the size modulo 5000).
func (b *BLAKE2) FuzzXOF(f *testing.F) {
	f.Add(uint16(100), []byte("in"), []byte{1, 63, 64, 65})
	f.Add(uint16(0), []byte(nil), []byte{200, 7}) // OutputLengthUnknown
	f.Fuzz(func(t *testing.T, size uint16, in, steps []byte) {
		b.CheckXOFPieces(t, int(size), in, steps)
	})
}

// FuzzBlocks compares the compression blocks of package pkg under every
// kernel with generic, on any input, chaining value, counter and flags
// (CheckBlocks).
func FuzzBlocks[W uint32 | uint64](f *testing.F, pkg string, blockSize int, blocks, generic func(h *[8]W, c *[2]W, f0, f1 W, p []byte)) {
	f.Add(make([]byte, 3*blockSize), W(1), W(0), W(0), true, false)
	f.Add(bytes.Repeat([]byte{0xff}, blockSize), W(5), ^W(0)-5, W(7), false, true)
	f.Add(bytes.Repeat([]byte{0x5a}, 4*blockSize), W(9), ^W(0)-W(2*blockSize), ^W(0), false, false)
	f.Fuzz(func(t *testing.T, in []byte, seed, t0, t1 W, final, lastNode bool) {
		var f0, f1 W
		if final {
			f0 = ^W(0)
		}
		if lastNode {
			f1 = ^W(0)
		}
		CheckBlocks(t, pkg, blockSize, seed, t0, t1, f0, f1, in, blocks, generic)
	})
}

// FuzzLastBlock compares the final-block compression last (whose amd64
// kernels read the tail in place with masked loads) under every
// implementation with generic (CheckLastBlock).
func FuzzLastBlock[W uint32 | uint64](f *testing.F, pkg string, blockSize int, last, generic func(h *[8]W, c *[2]W, f1 W, p []byte)) {
	f.Add(W(1), W(0), W(0), W(0), []byte("abc"))
	f.Add(W(7), ^W(0)-5, ^W(0), ^W(0), make([]byte, blockSize))
	f.Fuzz(func(t *testing.T, seed, t0, t1, f1 W, p []byte) {
		CheckLastBlock(t, pkg, blockSize, seed, t0, t1, f1, p, last, generic)
	})
}
