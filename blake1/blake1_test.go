package blake1

import (
	"bytes"
	"encoding"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

var (
	_ hashtest.StateHash = (*digest256)(nil)
	_ hashtest.StateHash = (*digest512)(nil)
)

var variants = []struct {
	name     string
	new      func() hash.Hash
	newSalt  func([]byte) (hash.Hash, error)
	sum      func([]byte) []byte
	size     int
	saltSize int
}{
	{"BLAKE-224", New224, New224Salt, func(b []byte) []byte { s := Sum224(b); return s[:] }, Size224, SaltSize256},
	{"BLAKE-256", New256, New256Salt, func(b []byte) []byte { s := Sum256(b); return s[:] }, Size256, SaltSize256},
	{"BLAKE-384", New384, New384Salt, func(b []byte) []byte { s := Sum384(b); return s[:] }, Size384, SaltSize512},
	{"BLAKE-512", New512, New512Salt, func(b []byte) []byte { s := Sum512(b); return s[:] }, Size512, SaltSize512},
}

// The example digests of the BLAKE specification v1.3, appendix A: one zero
// byte, and 72 (BLAKE-224/256) or 144 (BLAKE-384/512) zero bytes.
var golden = []struct {
	alg string
	n   int
	out string
}{
	{"BLAKE-224", 1, "4504cb0314fb2a4f7a692e696e487912fe3f2468fe312c73a5278ec5"},
	{"BLAKE-224", 72, "f5aa00dd1cb847e3140372af7b5c46b4888d82c8c0a917913cfb5d04"},
	{"BLAKE-256", 1, "0ce8d4ef4dd7cd8d62dfded9d4edb0a774ae6a41929a74da23109e8f11139c87"},
	{"BLAKE-256", 72, "d419bad32d504fb7d44d460c42c5593fe544fa4c135dec31e21bd9abdcc22d41"},
	{"BLAKE-384", 1, "10281f67e135e90ae8e882251a355510a719367ad70227b137343e1bc122015c29391e8545b5272d13a7c2879da3d807"},
	{"BLAKE-384", 144, "0b9845dd429566cdab772ba195d271effe2d0211f16991d766ba749447c5cde569780b2daa66c4b224a2ec2e5d09174c"},
	{"BLAKE-512", 1, "97961587f6d970faba6d2478045de6d1fabd09b61ae50932054d52bc29d31be4ff9102b9f69e2bbdb83be13d4b9c06091e5fa0b48bd081b634058be0ec49beb3"},
	{"BLAKE-512", 144, "313717d608e9cf758dcb1eb0f0c3cf9fc150b2d500fb33f51c52afc99d358a2f1374b8a38bba7974e7f6ef79cab16f22ce1e649d6e01ad9589c213045d545dde"},
}

func TestGolden(t *testing.T) {
	hashtest.AllImplementations(t, "blake1", func(t *testing.T) {
		for _, g := range golden {
			for _, v := range variants {
				if v.name != g.alg {
					continue
				}
				msg := make([]byte, g.n)
				if got := hex.EncodeToString(v.sum(msg)); got != g.out {
					t.Errorf("%s of %d zero bytes = %s, want %s", g.alg, g.n, got, g.out)
				}
				// An all-zero salt is the unsalted function.
				h, err := v.newSalt(make([]byte, v.saltSize))
				if err != nil {
					t.Fatal(err)
				}
				h.Write(msg)
				if got := hex.EncodeToString(h.Sum(nil)); got != g.out {
					t.Errorf("%s with zero salt = %s, want %s", g.alg, got, g.out)
				}
			}
		}
	})
}

func TestVectors(t *testing.T) {
	hashtest.AllImplementations(t, "blake1", func(t *testing.T) {
		n := 0
		for _, c := range hashtest.Vectors(t, "blake1") {
			c.SkipSlow(t)
			found := false
			for _, v := range variants {
				if v.name != c.Algorithm {
					continue
				}
				found = true
				h := v.new()
				if c.Has("salt") {
					var err error
					if h, err = v.newSalt(c.Bytes("salt")); err != nil {
						t.Fatalf("%s: %v", c.ID, err)
					}
				}
				if _, err := c.Input.WriteTo(h); err != nil {
					t.Fatal(err)
				}
				if got := h.Sum(nil); !bytes.Equal(got, c.Expected) {
					t.Errorf("%s: %x, want %x", c.ID, got, c.Expected)
				}
				n++
			}
			if !found || c.Kind != "" {
				t.Fatalf("%s: unexpected vector %q/%q", c.ID, c.Algorithm, c.Kind)
			}
		}
		if n == 0 {
			t.Fatal("no vectors")
		}
	})
}

func TestHashContract(t *testing.T) {
	hashtest.AllImplementations(t, "blake1", func(t *testing.T) {
		for _, v := range variants {
			if v.size > Size256 && strings.HasSuffix(t.Name(), "/sse41") {
				continue // BLAKE-384/512 have no SSE4.1 kernel: this is the generic run again
			}
			t.Run(v.name, func(t *testing.T) {
				if testing.Short() && (v.size == Size224 || v.size == Size384) {
					// These share every code path with BLAKE-256 and
					// BLAKE-512 but the IV, the padding bit and the
					// truncation, which the vectors, the noble cross-check
					// and TestPaddingBoundaries cover.
					t.Skip("the truncated variants run outside -short")
				}
				hashtest.TestHash(t, v.new)
				salt := hashtest.RandBytes(3, v.saltSize)
				t.Run("salted", func(t *testing.T) {
					hashtest.TestHash(t, func() hash.Hash {
						h, err := v.newSalt(salt)
						if err != nil {
							t.Fatal(err)
						}
						return h
					})
				})
			})
		}
	})
}

func TestSizes(t *testing.T) {
	for _, v := range variants {
		h := v.new()
		bs := BlockSize256
		if v.size > Size256 {
			bs = BlockSize512
		}
		if h.Size() != v.size || h.BlockSize() != bs || len(h.Sum(nil)) != v.size || len(v.sum(nil)) != v.size {
			t.Errorf("%s: Size %d, BlockSize %d", v.name, h.Size(), h.BlockSize())
		}
	}
}

func TestSaltErrors(t *testing.T) {
	for _, v := range variants {
		for _, n := range []int{0, 1, 8, 15, 16, 17, 31, 32, 33, 64} {
			var salt []byte
			if n > 0 {
				salt = make([]byte, n)
			}
			h, err := v.newSalt(salt)
			if (err == nil) != (n == v.saltSize) {
				t.Errorf("%s with a %d-byte salt: %v", v.name, n, err)
			}
			if err != nil && h != nil {
				t.Errorf("%s: a hasher returned with an error", v.name)
			}
		}
	}
}

// TestSaltMatters checks that the salt changes the output, survives Reset
// and Clone, and is carried by the marshalled state.
func TestSaltMatters(t *testing.T) {
	msg := []byte("message")
	for _, v := range variants {
		salt := hashtest.RandBytes(4, v.saltSize)
		h, _ := v.newSalt(salt)
		h.Write(msg)
		salted := h.Sum(nil)
		if bytes.Equal(salted, v.sum(msg)) {
			t.Errorf("%s: the salt does not change the output", v.name)
		}
		h.Reset()
		h.Write(msg)
		if !bytes.Equal(h.Sum(nil), salted) {
			t.Errorf("%s: Reset drops the salt", v.name)
		}
		h.Reset()
		st, _ := h.(encoding.BinaryMarshaler).MarshalBinary()
		u := v.new()
		if err := u.(encoding.BinaryUnmarshaler).UnmarshalBinary(st); err != nil {
			t.Fatal(err)
		}
		u.Write(msg)
		if !bytes.Equal(u.Sum(nil), salted) {
			t.Errorf("%s: the marshalled state lost the salt", v.name)
		}
		// Another variant's state is rejected.
		for _, w := range variants {
			if w.name != v.name {
				if err := w.new().(encoding.BinaryUnmarshaler).UnmarshalBinary(st); err == nil {
					t.Errorf("%s accepted a %s state", w.name, v.name)
				}
			}
		}
	}
}

// TestPaddingBoundaries compares the streaming hasher, fed one byte at a
// time, with one-shot sums at every length around the one- and two-block
// padding cases, and checks that the outputs at these lengths all differ.
func TestPaddingBoundaries(t *testing.T) {
	hashtest.AllImplementations(t, "blake1", func(t *testing.T) {
		msg := hashtest.RandBytes(5, 3*BlockSize512+1)
		for _, v := range variants {
			seen := map[string]bool{}
			h := v.new()
			for n := 0; n <= len(msg); n++ {
				want := v.sum(msg[:n])
				if got := h.Sum(nil); !bytes.Equal(got, want) {
					t.Fatalf("%s: %d bytes streamed %x, one-shot %x", v.name, n, got, want)
				}
				if seen[string(want)] {
					t.Fatalf("%s: repeated output at %d bytes", v.name, n)
				}
				seen[string(want)] = true
				if n < len(msg) {
					h.Write(msg[n : n+1])
				}
			}
		}
	})
}

// TestLargeCounter checks the bit counter past 2^32 bits (BLAKE-256 splits
// it into two words, t0 and t1) and at large lengths for BLAKE-512's
// 128-bit counter: a state with a large counter is resumed, and the result
// compared with compression calls written out with their counters and the
// padding of the specification.
func TestLargeCounter(t *testing.T) {
	hashtest.AllImplementations(t, "blake1", func(t *testing.T) {
		msg := hashtest.RandBytes(6, 4*BlockSize512)
		for _, start := range []uint64{1<<32 - 512, 1<<32 - 1024, 1 << 32, 1<<35 - 512, 1<<38 - 2048, 1<<64 - 2048} {
			for _, n := range []int{0, 1, 55, 56, 64, 100, 128, 200} {
				var d digest256
				d.init(Size256, nil)
				d.t = start
				got := resumeSum(t, &d, New256, msg[:n])

				ref := d
				p := msg[:n]
				tt := start
				for ; len(p) >= BlockSize256; p = p[BlockSize256:] {
					tt += 512
					compress256(&ref.h, &ref.s, (*[64]byte)(p), tt)
				}
				var last [128]byte
				copy(last[:], p)
				last[len(p)] = 0x80
				total := tt + uint64(len(p))*8
				end := 64
				if len(p) >= 56 {
					end = 128
				}
				last[end-9] |= 1
				binary.BigEndian.PutUint64(last[end-8:], total)
				c := total
				if len(p) == 0 {
					c = 0
				}
				compress256(&ref.h, &ref.s, (*[64]byte)(last[:64]), c)
				if end == 128 {
					compress256(&ref.h, &ref.s, (*[64]byte)(last[64:]), 0)
				}
				var want []byte
				for _, w := range ref.h {
					want = binary.BigEndian.AppendUint32(want, w)
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("BLAKE-256 from %d bits + %d bytes: %x, want %x", start, n, got, want)
				}
			}
		}
		for _, start := range [][2]uint64{{1<<64 - 1024, 0}, {1<<64 - 2048, 5}, {0, 1}, {1 << 35, 0}} {
			for _, n := range []int{0, 1, 111, 112, 128, 300} {
				var d digest512
				d.init(Size512, nil)
				d.tlo, d.thi = start[0], start[1]
				got := resumeSum(t, &d, New512, msg[:n])

				ref := d
				p := msg[:n]
				lo, hi := start[0], start[1]
				add := func(x uint64) {
					if lo+x < lo {
						hi++
					}
					lo += x
				}
				for ; len(p) >= BlockSize512; p = p[BlockSize512:] {
					add(1024)
					compress512(&ref.h, &ref.s, (*[128]byte)(p), lo, hi)
				}
				var last [256]byte
				copy(last[:], p)
				last[len(p)] = 0x80
				add(uint64(len(p)) * 8)
				end := 128
				if len(p) >= 112 {
					end = 256
				}
				last[end-17] |= 1
				binary.BigEndian.PutUint64(last[end-16:], hi)
				binary.BigEndian.PutUint64(last[end-8:], lo)
				clo, chi := lo, hi
				if len(p) == 0 {
					clo, chi = 0, 0
				}
				compress512(&ref.h, &ref.s, (*[128]byte)(last[:128]), clo, chi)
				if end == 256 {
					compress512(&ref.h, &ref.s, (*[128]byte)(last[128:]), 0, 0)
				}
				var want []byte
				for _, w := range ref.h {
					want = binary.BigEndian.AppendUint64(want, w)
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("BLAKE-512 from (%d, %d) bits + %d bytes: %x, want %x", start[1], start[0], n, got, want)
				}
			}
		}
	})
}

// resumeSum returns the digest of more after the message whose state d
// holds, resumed from d's marshalled state in a hasher from mk.
func resumeSum(t *testing.T, d encoding.BinaryMarshaler, mk func() hash.Hash, more []byte) []byte {
	t.Helper()
	h := mk()
	if err := hashtest.Unmarshal(h, hashtest.Marshal(t, d)); err != nil {
		t.Fatal(err)
	}
	h.Write(more)
	return h.Sum(nil)
}

func TestUnmarshalRejects(t *testing.T) {
	for _, v := range variants {
		h := v.new()
		h.Write([]byte("hello"))
		st, _ := h.(encoding.BinaryMarshaler).MarshalBinary()
		u := v.new().(encoding.BinaryUnmarshaler)
		if err := u.UnmarshalBinary(st); err != nil {
			t.Fatal(err)
		}
		const magicLen = 9
		counter := magicLen + 12*4
		if v.size > Size256 {
			counter = magicLen + 12*8 + 8 // the low word
		}
		nxAt := counter + 8
		badCounter := bytes.Clone(st)
		badCounter[counter+7] = 1 // not a whole number of blocks
		badNx := bytes.Clone(st)
		badNx[nxAt] = 200
		badTail := bytes.Clone(st)
		badTail[len(st)-1] = 1 // past the buffered bytes
		for i, b := range [][]byte{nil, st[:5], st[:len(st)-1], append(bytes.Clone(st), 0), badCounter, badNx, badTail} {
			if err := u.UnmarshalBinary(b); err == nil {
				t.Errorf("%s: corrupted state %d accepted", v.name, i)
			}
		}
	}
}

// Golden marshalled states: the format is a compatibility promise.
func TestGoldenState(t *testing.T) {
	h, _ := New256Salt([]byte("0123456789abcdef"))
	h.Write([]byte("abc"))
	st, _ := h.(encoding.BinaryMarshaler).MarshalBinary()
	want := "626c616b6532353601" +
		"6a09e667bb67ae853c6ef372a54ff53a510e527f9b05688c1f83d9ab5be0cd19" +
		"30313233343536373839616263646566" + "0000000000000000" + "03" + "616263" + hex.EncodeToString(make([]byte, 61))
	if got := hex.EncodeToString(st); got != want {
		t.Fatalf("BLAKE-256 state %s\nwant            %s", got, want)
	}
	h = New384()
	h.Write(make([]byte, 130))
	st, _ = h.(encoding.BinaryMarshaler).MarshalBinary()
	want = "626c616b6533383401" +
		"49ee6d9ee68648748e6e89196e8536d415c115e1dd4e351c2f9738c97eec17c8811b27ab4d9ee853a26cfd66e5e0abf3570310ea58b3946c2bd0f46e759d424b" + // after one block of zeros
		hex.EncodeToString(make([]byte, 32)) + "0000000000000000" + "0000000000000400" + "02" + hex.EncodeToString(make([]byte, 128))
	if got := hex.EncodeToString(st); got != want {
		t.Fatalf("BLAKE-384 state %s\nwant            %s", got, want)
	}
}

// TestKernels compares the active BLAKE-256 kernel with blocks256Generic
// on random chaining values, salts and counters (including counters that
// carry into the high word) for 0 to 20 blocks.
func TestKernels(t *testing.T) {
	hashtest.AllImplementations(t, "blake1", func(t *testing.T) {
		msg := hashtest.RandBytes(12, 20*BlockSize256)
		rnd := hashtest.RandBytes(13, 48)
		for nb := 0; nb <= 20; nb++ {
			for _, start := range []uint64{0, 1<<32 - 512*3, 1<<64 - 512*25} {
				var a digest256
				a.init(Size256, rnd[32:48])
				for i := range a.h {
					a.h[i] = binary.LittleEndian.Uint32(rnd[4*i:]) ^ uint32(nb)
				}
				a.t = start
				b := a
				blocks256(&a, msg[:nb*BlockSize256])
				blocks256Generic(&b, msg[:nb*BlockSize256])
				if a.h != b.h || a.t != b.t {
					t.Fatalf("%d blocks from %d: %x (t=%d), generic %x (t=%d)", nb, start, a.h, a.t, b.h, b.t)
				}
			}
		}
	})
}

// TestMethods checks that the hashers export only the methods of their
// interfaces.
func TestMethods(t *testing.T) {
	for _, v := range variants {
		hashtest.NoExtraMethods(t, v.new())
	}
}

// TestKernels512 does the same for BLAKE-512, with counters that carry from
// the low into the high word.
func TestKernels512(t *testing.T) {
	hashtest.AllImplementations(t, "blake1", func(t *testing.T) {
		msg := hashtest.RandBytes(14, 12*BlockSize512)
		rnd := hashtest.RandBytes(15, 96)
		for nb := 0; nb <= 12; nb++ {
			for _, start := range [][2]uint64{{0, 0}, {1<<64 - 1024*3, 7}, {1<<64 - 1024, 1<<64 - 1}} {
				var a digest512
				a.init(Size512, rnd[64:96])
				for i := range a.h {
					a.h[i] = binary.LittleEndian.Uint64(rnd[8*i:]) ^ uint64(nb)
				}
				a.tlo, a.thi = start[0], start[1]
				b := a
				blocks512(&a, msg[:nb*BlockSize512])
				blocks512Generic(&b, msg[:nb*BlockSize512])
				if a.h != b.h || a.tlo != b.tlo || a.thi != b.thi {
					t.Fatalf("%d blocks from %v: %x (%d, %d), generic %x (%d, %d)", nb, start, a.h, a.thi, a.tlo, b.h, b.thi, b.tlo)
				}
			}
		}
	})
}
