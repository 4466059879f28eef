package blake3

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"io"
	"math"
	"testing"

	"github.com/hashkit/hashkit/blake3/internal/seam"
	"github.com/hashkit/hashkit/internal/hashtest"
)

// round mixes the columns, then the diagonals, of the 4x4 state.
func round(s *[16]uint32, m *[16]uint32) {
	s[0], s[4], s[8], s[12] = g(s[0], s[4], s[8], s[12], m[0], m[1])
	s[1], s[5], s[9], s[13] = g(s[1], s[5], s[9], s[13], m[2], m[3])
	s[2], s[6], s[10], s[14] = g(s[2], s[6], s[10], s[14], m[4], m[5])
	s[3], s[7], s[11], s[15] = g(s[3], s[7], s[11], s[15], m[6], m[7])
	s[0], s[5], s[10], s[15] = g(s[0], s[5], s[10], s[15], m[8], m[9])
	s[1], s[6], s[11], s[12] = g(s[1], s[6], s[11], s[12], m[10], m[11])
	s[2], s[7], s[8], s[13] = g(s[2], s[7], s[8], s[13], m[12], m[13])
	s[3], s[4], s[9], s[14] = g(s[3], s[4], s[9], s[14], m[14], m[15])
}

// loadWordsLE reads the 16 little-endian message words of a block.
func loadWordsLE(m *[16]uint32, block *[BlockSize]byte) {
	for i := range m {
		m[i] = binary.LittleEndian.Uint32(block[4*i:])
	}
}

// compressReference is the compression function in the loop form of the
// specification, the oracle for compressGeneric: it returns the full 16-word
// state after seven rounds and the final feed-forward (specification,
// section 2.2). The first eight words are the new chaining value; all 16 are
// used for root output.
func compressReference(cv *[8]uint32, block *[BlockSize]byte, counter uint64, blockLen, flags uint32) [16]uint32 {
	var m [16]uint32
	loadWordsLE(&m, block)
	s := [16]uint32{
		cv[0], cv[1], cv[2], cv[3], cv[4], cv[5], cv[6], cv[7],
		iv[0], iv[1], iv[2], iv[3],
		uint32(counter), uint32(counter >> 32), blockLen, flags,
	}
	for r := 0; r < 7; r++ {
		round(&s, &m)
		if r < 6 {
			var p [16]uint32
			for i, j := range msgPermutation {
				p[i] = m[j]
			}
			m = p
		}
	}
	for i := range 8 {
		s[i] ^= s[i+8]
		s[i+8] ^= cv[i]
	}
	return s
}

// refTree is an independent oracle written straight from the specification
// (sections 2.4 to 2.6): the tree is split recursively, the left subtree
// taking the largest power of two of chunks less than the total, with
// compressGeneric only. It returns the root node.
func refTree(in []byte, key *[8]uint32, counter uint64, flags uint32) node {
	if len(in) <= chunkLen {
		cv := *key
		var block [BlockSize]byte
		blocks := max(1, (len(in)+BlockSize-1)/BlockSize)
		for b := 0; b < blocks; b++ {
			clear(block[:])
			n := copy(block[:], in[min(b*BlockSize, len(in)):])
			f := flags
			if b == 0 {
				f |= flagChunkStart
			}
			if b == blocks-1 {
				f |= flagChunkEnd
				return node{cv: cv, block: block, counter: counter, blockLen: uint32(n), flags: f}
			}
			s := compressReference(&cv, &block, counter, uint32(n), f)
			copy(cv[:], s[:8])
		}
	}
	chunks := (len(in) + chunkLen - 1) / chunkLen
	leftChunks := 1
	for 2*leftChunks < chunks {
		leftChunks *= 2
	}
	l := refTree(in[:leftChunks*chunkLen], key, counter, flags)
	r := refTree(in[leftChunks*chunkLen:], key, counter+uint64(leftChunks), flags)
	var lcv, rcv [cvLen]byte
	for _, x := range []struct {
		n   *node
		out *[cvLen]byte
	}{{&l, &lcv}, {&r, &rcv}} {
		s := compressReference(&x.n.cv, &x.n.block, x.n.counter, x.n.blockLen, x.n.flags)
		for i := range 8 {
			x.out[4*i], x.out[4*i+1], x.out[4*i+2], x.out[4*i+3] = byte(s[i]), byte(s[i]>>8), byte(s[i]>>16), byte(s[i]>>24)
		}
	}
	return parentNode(&lcv, &rcv, key, flags)
}

// refOutput returns outLen bytes of root output of refTree.
func refOutput(in []byte, key *[8]uint32, flags uint32, outLen int) []byte {
	root := refTree(in, key, 0, flags)
	var out []byte
	for c := uint64(0); len(out) < outLen; c++ {
		s := compressReference(&root.cv, &root.block, c, root.blockLen, root.flags|flagRoot)
		for _, w := range s {
			out = append(out, byte(w), byte(w>>8), byte(w>>16), byte(w>>24))
		}
	}
	return out[:outLen]
}

func unhex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// ptn251 is the input of the official test vectors: bytes i % 251.
func ptn251(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i % 251)
	}
	return b
}

const (
	testKey     = "whats the Elvish word for friend"
	testContext = "BLAKE3 2019-12-27 16:29:52 test vectors context"
)

// Known answers from BLAKE3-team/BLAKE3 test_vectors/test_vectors.json
// (first 32 bytes of the extended outputs), input ptn251(len).
var knownAnswers = []struct {
	len                int
	hash, keyed, deriv string
}{
	{0, "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262",
		"92b2b75604ed3c761f9d6f62392c8a9227ad0ea3f09573e783f1498a4ed60d26",
		"2cc39783c223154fea8dfb7c1b1660f2ac2dcbd1c1de8277b0b0dd39b7e50d7d"},
	{1, "2d3adedff11b61f14c886e35afa036736dcd87a74d27b5c1510225d0f592e213",
		"6d7878dfff2f485635d39013278ae14f1454b8c0a3a2d34bc1ab38228a80c95b",
		"b3e2e340a117a499c6cf2398a19ee0d29cca2bb7404c73063382693bf66cb06c"},
	{1024, "42214739f095a406f3fc83deb889744ac00df831c10daa55189b5d121c855af7",
		"75c46f6f3d9eb4f55ecaaee480db732e6c2105546f1e675003687c31719c7ba4",
		"7356cd7720d5b66b6d0697eb3177d9f8d73a4a5c5e968896eb6a689684302706"},
	{1025, "d00278ae47eb27b34faecf67b4fe263f82d5412916c1ffd97c8cb7fb814b8444",
		"357dc55de0c7e382c900fd6e320acc04146be01db6a8ce7210b7189bd664ea69",
		"effaa245f065fbf82ac186839a249707c3bddf6d3fdda22d1b95a3c970379bcb"},
}

func TestKnownAnswers(t *testing.T) {
	hashtest.AllImplementations(t, "blake3", func(t *testing.T) {
		for _, ka := range knownAnswers {
			in := ptn251(ka.len)
			if got := Sum256(in); hex.EncodeToString(got[:]) != ka.hash {
				t.Errorf("Sum256(ptn251(%d)) = %x, want %s", ka.len, got, ka.hash)
			}
			k, err := NewKeyed([]byte(testKey))
			if err != nil {
				t.Fatal(err)
			}
			k.Write(in)
			if got := hex.EncodeToString(k.Sum(nil)); got != ka.keyed {
				t.Errorf("keyed(ptn251(%d)) = %s, want %s", ka.len, got, ka.keyed)
			}
			out := make([]byte, 32)
			DeriveKey(testContext, in, out)
			if got := hex.EncodeToString(out); got != ka.deriv {
				t.Errorf("DeriveKey(ptn251(%d)) = %s, want %s", ka.len, got, ka.deriv)
			}
		}
	})
}

// TestVectors checks every BLAKE3 vector of ../shared/vectors (the official
// test_vectors.json: hash, keyed_hash and derive_key with 131-byte outputs)
// through Sum256, the streaming Hasher, XOF, Read, DeriveKey and Seek.
func TestVectors(t *testing.T) {
	cases := hashtest.Vectors(t, "blake3")
	hashtest.AllImplementations(t, "blake3", func(t *testing.T) {
		for _, c := range cases {
			c.SkipSlow(t)
			in := c.Input.Materialize()
			want := []byte(c.Expected)
			var h *Hasher
			switch mode := c.String("mode"); mode {
			case "hash":
				h = New()
				if got := Sum256(in); !bytes.Equal(got[:], want[:32]) {
					t.Errorf("%s: Sum256 = %x", c.ID, got)
				}
			case "keyed_hash":
				var err error
				if h, err = NewKeyed(c.Bytes("key")); err != nil {
					t.Fatal(err)
				}
			case "derive_key":
				h = NewDeriveKey(c.String("context"))
				got := make([]byte, c.OutLen)
				DeriveKey(c.String("context"), in, got)
				if !bytes.Equal(got, want) {
					t.Errorf("%s: DeriveKey = %x", c.ID, got)
				}
			default:
				t.Fatalf("%s: unknown mode %q", c.ID, mode)
			}
			h.Write(in)
			if got := h.Sum(nil); !bytes.Equal(got, want[:32]) {
				t.Errorf("%s: Sum = %x", c.ID, got)
			}
			got := make([]byte, c.OutLen)
			io.ReadFull(h.XOF(), got)
			if !bytes.Equal(got, want) {
				t.Errorf("%s: XOF = %x", c.ID, got)
			}
			h.Read(got)
			if !bytes.Equal(got, want) {
				t.Errorf("%s: Read = %x", c.ID, got)
			}
			r := h.XOF()
			for _, off := range []int{1, 31, 32, 63, 64, 65, 100, 130} {
				if _, err := r.Seek(int64(off), io.SeekStart); err != nil {
					t.Fatal(err)
				}
				b := make([]byte, len(want)-off)
				r.Read(b)
				if !bytes.Equal(b, want[off:]) {
					t.Errorf("%s: Seek(%d) then Read = %x", c.ID, off, b)
				}
			}
		}
	})
}

// interestingLengths are the boundaries of blocks, chunks, the SIMD widths
// (4, 8 and 16 chunks), wideChunks and a few odd sizes.
func interestingLengths() []int {
	ls := []int{}
	for i := 0; i <= 8; i++ {
		ls = append(ls, i)
	}
	for _, b := range []int{1, 2, 3, 15, 16, 17} {
		ls = append(ls, b*BlockSize-1, b*BlockSize, b*BlockSize+1)
	}
	for _, c := range []int{1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129} {
		ls = append(ls, c*chunkLen-1, c*chunkLen, c*chunkLen+1)
	}
	return ls
}

func TestAgainstReference(t *testing.T) {
	key := [8]uint32{1, 2, 3, 4, 5, 6, 7, 8}
	lengths := interestingLengths()
	if testing.Short() {
		lengths = lengths[:len(lengths)-9]
	}
	hashtest.AllImplementations(t, "blake3", func(t *testing.T) {
		for _, n := range lengths {
			in := hashtest.RandBytes(uint64(n), n)
			for _, mode := range []struct {
				key   *[8]uint32
				flags uint32
			}{{&iv, 0}, {&key, flagKeyedHash}, {&key, flagDeriveKeyMaterial}} {
				want := refOutput(in, mode.key, mode.flags, 200)
				var h Hasher
				h.init(mode.key, mode.flags)
				h.Write(in)
				got := make([]byte, 200)
				h.XOF().Read(got)
				if !bytes.Equal(got, want) {
					t.Fatalf("length %d, flags %d: %x, want %x", n, mode.flags, got[:32], want[:32])
				}
				if mode.flags == 0 {
					if s := Sum256(in); !bytes.Equal(s[:], want[:32]) {
						t.Fatalf("length %d: Sum256 = %x, want %x", n, s, want[:32])
					}
				}
			}
		}
	})
}

// TestStreamingSplits writes inputs in pieces whose sizes straddle block,
// chunk and SIMD-batch boundaries, and compares with one write.
func TestStreamingSplits(t *testing.T) {
	n := 40*chunkLen + 17
	if testing.Short() {
		n = 18*chunkLen + 3
	}
	in := hashtest.RandBytes(7, n)
	want := Sum256(in)
	hashtest.AllImplementations(t, "blake3", func(t *testing.T) {
		for _, step := range []int{1, 63, 64, 65, 1000, 1023, 1024, 1025, 3 * chunkLen, 4*chunkLen + 1, 7919, 8 * chunkLen, 16*chunkLen - 1, 16 * chunkLen, 16*chunkLen + 1} {
			h := New()
			for p := in; len(p) > 0; {
				k := min(step, len(p))
				h.Write(p[:k])
				p = p[k:]
			}
			if got := h.Sum(nil); !bytes.Equal(got, want[:]) {
				t.Errorf("writes of %d bytes: %x, want %x", step, got, want)
			}
		}
		// Two-way and three-way splits around chunk boundaries.
		cuts := []int{0, 1, 63, 64, 65, 1023, 1024, 1025, 2047, 2048, 2049, 4096, 4097, 8191, 16384, 16385}
		for _, i := range cuts {
			for _, j := range cuts {
				if j < i || j > len(in) {
					continue
				}
				h := New()
				h.Write(in[:i])
				h.Write(in[i:j])
				h.Write(in[j:])
				if got := h.Sum(nil); !bytes.Equal(got, want[:]) {
					t.Errorf("split at %d, %d: %x, want %x", i, j, got, want)
				}
			}
		}
	})
}

// TestParallel forces the multi-goroutine path on small inputs and
// compares it with the reference, at many alignments.
func TestParallel(t *testing.T) {
	defer func(old uint64) { parallelMinChunks = old }(parallelMinChunks)
	in := hashtest.RandBytes(9, 300*chunkLen+5)
	for _, minChunks := range []uint64{2, 4, 16, 64} {
		parallelMinChunks = minChunks
		for _, n := range []int{2 * chunkLen, 2*chunkLen + 1, 5 * chunkLen, 64*chunkLen + 1, 130 * chunkLen, len(in)} {
			want := refOutput(in[:n], &iv, 0, 32)
			if got := Sum256(in[:n]); !bytes.Equal(got[:], want) {
				t.Errorf("min %d chunks, length %d: %x, want %x", minChunks, n, got, want)
			}
			// Start at an odd chunk so the subtrees are smaller.
			h := New()
			h.Write(in[:1500])
			h.Write(in[1500:n])
			if got := h.Sum(nil); !bytes.Equal(got, want) {
				t.Errorf("min %d chunks, length %d after 1500: %x, want %x", minChunks, n, got, want)
			}
		}
		for _, par := range []int{2, 3, 4, 8} {
			sub := in[:256*chunkLen]
			want := hashSubtreeSeq(sub, &iv, 512, 0)
			if got := hashSubtreeParallel(sub, iv, 512, 0, par); got != want {
				t.Errorf("hashSubtreeParallel(par %d) differs", par)
			}
		}
	}
}

func TestXOFSeek(t *testing.T) {
	h := New()
	h.Write([]byte("seek"))
	r := h.XOF()
	want := make([]byte, 1000)
	r.Read(want)
	for _, off := range []int64{0, 1, 63, 64, 65, 127, 128, 500, 999} {
		if pos, err := r.Seek(off, io.SeekStart); err != nil || pos != off {
			t.Fatalf("Seek(%d) = %d, %v", off, pos, err)
		}
		got := make([]byte, 1000-off)
		r.Read(got)
		if !bytes.Equal(got, want[off:]) {
			t.Fatalf("read after Seek(%d) differs", off)
		}
	}
	// SeekCurrent, in pieces.
	r.Seek(10, io.SeekStart)
	if pos, err := r.Seek(90, io.SeekCurrent); err != nil || pos != 100 {
		t.Fatalf("Seek(90, SeekCurrent) = %d, %v", pos, err)
	}
	got := make([]byte, 5)
	r.Read(got)
	if !bytes.Equal(got, want[100:105]) {
		t.Fatal("read after SeekCurrent differs")
	}
	// A far offset equals the block computed directly.
	const far = 1<<62 + 12345
	if pos, err := r.Seek(far, io.SeekStart); err != nil || pos != far {
		t.Fatalf("Seek(far) = %d, %v", pos, err)
	}
	got = make([]byte, 100)
	r.Read(got)
	if !bytes.Equal(got, directOutput(h.rootNode(), far, len(got))) {
		t.Fatal("far read differs from direct compression")
	}
	// Errors.
	r.Seek(5, io.SeekStart)
	if _, err := r.Seek(-6, io.SeekCurrent); err == nil {
		t.Error("negative result accepted")
	}
	if _, err := r.Seek(-1, io.SeekStart); err == nil {
		t.Error("negative offset accepted")
	}
	if _, err := r.Seek(1, io.SeekEnd); err == nil {
		t.Error("offset beyond the end accepted")
	}
	for _, whence := range []int{-1, 3, 9999} {
		if _, err := r.Seek(0, whence); err == nil {
			t.Errorf("whence %d accepted", whence)
		}
	}
	if pos, _ := r.Seek(0, io.SeekCurrent); pos != 5 {
		t.Errorf("failed seeks moved the offset to %d", pos)
	}
}

// directOutput returns n bytes of root's output from offset pos, each block
// compressed by the reference function.
func directOutput(root node, pos uint64, n int) []byte {
	var out []byte
	for b := pos / BlockSize; len(out) < int(pos%BlockSize)+n; b++ {
		s := compressReference(&root.cv, &root.block, b, root.blockLen, root.flags|flagRoot)
		for _, w := range s {
			out = binary.LittleEndian.AppendUint32(out, w)
		}
	}
	return out[pos%BlockSize:][:n]
}

// TestXOFEnd checks the end of the 2^64-byte output: io.SeekEnd as in
// lukechampine.com/blake3 (its reader test: Seek(-1000, io.SeekEnd), a
// 1024-byte Read returns 1000 bytes, the next io.EOF), offsets past 2^63
// returned modulo 2^64, and the end recorded in the marshalled state.
func TestXOFEnd(t *testing.T) {
	h := New()
	h.Write([]byte("end"))
	r := h.XOF()
	if pos, err := r.Seek(-1000, io.SeekEnd); err != nil || pos != -1000 {
		t.Fatalf("Seek(-1000, SeekEnd) = %d, %v", pos, err)
	}
	buf := make([]byte, 1024)
	n, err := r.Read(buf)
	if n != 1000 || err != nil {
		t.Fatalf("Read near the end = %d, %v; want 1000, nil", n, err)
	}
	if !bytes.Equal(buf[:n], directOutput(h.rootNode(), math.MaxUint64-999, 1000)) {
		t.Fatal("the last 1000 bytes differ from direct compression")
	}
	if n, err := r.Read(buf); n != 0 || err != io.EOF {
		t.Fatalf("Read at the end = %d, %v; want 0, EOF", n, err)
	}
	if pos, err := r.Seek(-1, io.SeekCurrent); err != nil || pos != -1 {
		t.Fatalf("Seek(-1, SeekCurrent) at the end = %d, %v", pos, err)
	}
	if n, err := r.Read(buf); n != 1 || err != nil || buf[0] != directOutput(h.rootNode(), math.MaxUint64, 1)[0] {
		t.Fatalf("reading the last byte = %d, %v", n, err)
	}
	r.Seek(-64, io.SeekEnd)
	if pos, err := r.Seek(64, io.SeekCurrent); err != nil || pos != 0 {
		t.Fatalf("Seek to exactly the end = %d, %v", pos, err)
	}
	if _, err := r.Seek(1, io.SeekCurrent); err == nil {
		t.Error("Seek past the end accepted")
	}
	if n, err := r.Read(buf); n != 0 || err != io.EOF {
		t.Fatalf("Read after seeking to the end = %d, %v", n, err)
	}
	r.Seek(0, io.SeekStart)
	if n, err := r.Read(buf); n != len(buf) || err != nil || !bytes.Equal(buf, directOutput(h.rootNode(), 0, len(buf))) {
		t.Fatalf("Read from the start after the end = %d, %v", n, err)
	}
	// A squeezing state at the end (squeezing byte 2) round-trips.
	h.Read(buf[:1])
	st, _ := h.MarshalBinary()
	st[len(magic)] = 2
	binary.BigEndian.PutUint64(st[len(magic)+1:], 0)
	var g Hasher
	if err := g.UnmarshalBinary(st); err != nil {
		t.Fatalf("UnmarshalBinary of a state at the end: %v", err)
	}
	if n, err := g.Read(buf); n != 0 || err != io.EOF {
		t.Fatalf("Read of an unmarshalled state at the end = %d, %v", n, err)
	}
	if again, _ := g.MarshalBinary(); !bytes.Equal(again, st) {
		t.Fatal("a state at the end does not marshal back")
	}
	binary.BigEndian.PutUint64(st[len(magic)+1:], 1)
	if err := g.UnmarshalBinary(st); err == nil {
		t.Fatal("a state at the end with a position accepted")
	}
}

func TestKeySize(t *testing.T) {
	for _, n := range []int{0, 16, 31, 33, 64} {
		if _, err := NewKeyed(make([]byte, n)); err == nil {
			t.Errorf("NewKeyed accepted a %d-byte key", n)
		}
	}
}

// keyedOnly hides the marshalling methods, which keyed Hashers refuse.
type keyedOnly struct{ h *Hasher }

func (k keyedOnly) Write(p []byte) (int, error) { return k.h.Write(p) }
func (k keyedOnly) Read(p []byte) (int, error)  { return k.h.Read(p) }
func (k keyedOnly) Sum(b []byte) []byte         { return k.h.Sum(b) }
func (k keyedOnly) Reset()                      { k.h.Reset() }
func (k keyedOnly) Size() int                   { return k.h.Size() }
func (k keyedOnly) BlockSize() int              { return k.h.BlockSize() }
func (k keyedOnly) Clone() (hash.Cloner, error) {
	c, err := k.h.Clone()
	return keyedOnly{c.(*Hasher)}, err
}

func TestConformance(t *testing.T) {
	hashtest.AllImplementations(t, "blake3", func(t *testing.T) {
		t.Run("New", func(t *testing.T) { hashtest.TestHash(t, func() hash.Hash { return New() }) })
		t.Run("XOF", func(t *testing.T) { hashtest.TestXOF(t, func() hash.XOF { return New() }) })
		mkKeyed := func() keyedOnly {
			h, err := NewKeyed([]byte(testKey))
			if err != nil {
				t.Fatal(err)
			}
			return keyedOnly{h}
		}
		t.Run("Keyed", func(t *testing.T) { hashtest.TestHash(t, func() hash.Hash { return mkKeyed() }) })
		t.Run("KeyedXOF", func(t *testing.T) { hashtest.TestXOF(t, func() hash.XOF { return mkKeyed() }) })
		t.Run("DeriveKey", func(t *testing.T) {
			hashtest.TestHash(t, func() hash.Hash { return keyedOnly{NewDeriveKey(testContext)} })
		})
	})
}

func TestKeyedMarshalRefused(t *testing.T) {
	h, _ := NewKeyed([]byte(testKey))
	if _, err := h.MarshalBinary(); err == nil {
		t.Error("keyed MarshalBinary succeeded")
	}
	st, _ := New().MarshalBinary()
	if err := h.UnmarshalBinary(st); err == nil {
		t.Error("keyed UnmarshalBinary succeeded")
	}
	if _, err := NewDeriveKey("x").MarshalBinary(); err == nil {
		t.Error("derive-key MarshalBinary succeeded")
	}
}

// TestZeroHasher checks that the zero Hasher is the plain hash of New, as
// crypto/sha3's zero SHA3 is SHA3-256: for Sum, XOF, Read and marshalling,
// after writes of any size, and after UnmarshalBinary.
func TestZeroHasher(t *testing.T) {
	in := ptn251(20000)
	for _, n := range []int{0, 1, 64, 1024, 1025, 16384, 16385, 20000} {
		want := Sum256(in[:n])
		var z Hasher
		z.Write(in[:n])
		if got := z.Sum(nil); !bytes.Equal(got, want[:]) {
			t.Errorf("%d bytes: zero Hasher's Sum %x, want %x", n, got, want)
		}
		var x [Size]byte
		if z.XOF().Read(x[:]); x != want {
			t.Errorf("%d bytes: zero Hasher's XOF %x, want %x", n, x, want)
		}
		var e Hasher
		if e.Write(in[:n/2]); n > 0 {
			e.Write(in[n/2 : n])
		}
		if e.Read(x[:]); x != want {
			t.Errorf("%d bytes: zero Hasher's Read %x, want %x", n, x, want)
		}
		var m Hasher
		m.Write(in[:n])
		if st, err := m.MarshalBinary(); err != nil {
			t.Errorf("%d bytes: zero Hasher's MarshalBinary: %v", n, err)
		} else if r := New(); r.UnmarshalBinary(st) != nil || !bytes.Equal(r.Sum(nil), want[:]) {
			t.Errorf("%d bytes: the state of a zero Hasher restores into a different hash", n)
		}
	}
	h := New()
	h.Write(in[:1500])
	st, _ := h.MarshalBinary()
	var z Hasher
	if err := z.UnmarshalBinary(st); err != nil {
		t.Fatal(err)
	}
	z.Write(in[1500:3000])
	if got, want := z.Sum(nil), Sum256(in[:3000]); !bytes.Equal(got, want[:]) {
		t.Errorf("zero Hasher after UnmarshalBinary: Sum %x, want %x", got, want)
	}
}

// TestMarshalGolden keeps the marshalled format stable: a version 2 state
// after 16484 bytes of ptn251 (16 chunks on the stack as one subtree, 100
// bytes buffered), and a version 1 state, still read, after 2500 bytes (two
// chunks on the stack as one subtree, 7 blocks of the third compressed, 4
// bytes in its block buffer), which marshals again as version 2 with the
// partly compressed chunk kept.
func TestMarshalGolden(t *testing.T) {
	in := ptn251(40000)
	h := New()
	h.Write(in[:16484])
	st, err := h.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	golden := "62336802" + "00" + "0000000000000000" + "0000000000000010" +
		"67e6096a85ae67bb72f36e3c3af54fa57f520e518c68059babd9831f19cde05b" + "000064" + hex.EncodeToString(in[16384:16484]) +
		"01" + "5384f9b342c6cb86badedcbe662b0e980476a8db17db3cc1f13b19329749ab1f"
	if got := hex.EncodeToString(st); got != golden {
		t.Errorf("state = %s, want %s", got, golden)
	}
	const goldenV1 = "6233680100000000000000000000000000000000023626a26ad3939d1ab6b8ee5c460c3438c0d25bcdb04bd0ceba115d9fbf091b4a0704edeeeff000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001811f7d4f1735258e27c68b9214ff7c4aac866d47f73deef1fd8908b5e38f804f"
	v1, _ := hex.DecodeString(goldenV1)
	for _, cut := range []int{0, 1, 3, 4, 5, 100, 3 * chunkLen, 16*chunkLen - 2500, 17 * chunkLen} {
		h2 := New()
		if err := h2.UnmarshalBinary(v1); err != nil {
			t.Fatal(err)
		}
		h2.Write(in[2500 : 2500+cut])
		if cut == 4 {
			st, _ := h2.MarshalBinary()
			const want = "623368020000000000000000000000000000000002" + "3626a26ad3939d1ab6b8ee5c460c3438c0d25bcdb04bd0ceba115d9fbf091b4a" + "070008" + "edeeeff0" + "f1f2f3f4" + "01" + "811f7d4f1735258e27c68b9214ff7c4aac866d47f73deef1fd8908b5e38f804f"
			if got := hex.EncodeToString(st); got != want {
				t.Errorf("version 1 state, 4 more bytes, marshalled again = %s, want %s", got, want)
			}
		}
		h2.Write(in[2500+cut : 30000])
		if got, want := h2.Sum(nil), Sum256(in[:30000]); !bytes.Equal(got, want[:]) {
			t.Fatalf("resumed version 1 state, cut %d, differs", cut)
		}
	}
	// Round trips at chunk, buffer and subtree boundaries, where Write
	// may leave the two halves of a subtree unmerged.
	for _, n := range []int{1024, 2048, 3072, 4096, 5120, 8192, 12288, 16384, 16385, 32768, 32769} {
		for _, step := range []int{n, 1024} {
			h := New()
			for p := in[:n]; len(p) > 0; p = p[min(step, len(p)):] {
				h.Write(p[:min(step, len(p))])
			}
			st, err := h.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			h2 := New()
			if err := h2.UnmarshalBinary(st); err != nil {
				t.Fatalf("after %d bytes: %v", n, err)
			}
			h2.Write(in[n:])
			if got, want := h2.Sum(nil), Sum256(in); !bytes.Equal(got, want[:]) {
				t.Fatalf("resumed after %d bytes differs", n)
			}
			// A stack one shorter than Write leaves, or far too long, is
			// rejected.
			stackLen := int(st[marshaledFixed-1+h.bufLen])
			for _, d := range []int{-1, 40} {
				bad := bytes.Clone(st)
				bad[marshaledFixed-1+h.bufLen] = byte(stackLen + d)
				if d > 0 {
					bad = append(bad, make([]byte, d*cvLen)...)
				} else {
					bad = bad[:len(bad)-cvLen]
				}
				if h2.UnmarshalBinary(bad) == nil {
					t.Errorf("after %d bytes: stack length %d accepted", n, stackLen+d)
				}
			}
		}
	}
}

// TestMethodSets keeps the exported API to the interfaces plus the
// documented extras.
func TestMethodSets(t *testing.T) {
	h := New()
	hashtest.NoExtraMethods(t, h, "XOF")
	hashtest.NoExtraMethods(t, h.XOF(), "Read", "Seek")
}

// TestTreeModeWithoutKey checks that the tree functions of package seam
// panic on a Mode with no key (hazmat's from a nil key) rather than hash it
// as the plain hash: hazmat and bao refuse that Mode before it gets here,
// and this is the guard behind them.
func TestTreeModeWithoutKey(t *testing.T) {
	m := &seam.Mode{Kind: seam.NilKey}
	var cv [32]byte
	var h Hasher
	hashtest.PanicsWith(t, "hashkit/blake3: tree Mode without a key", map[string]func(){
		"InitSubtree": func() { seam.InitSubtree(&h, m, 0) },
		"Parent":      func() { seam.Parent(&cv, &cv, m) },
		"Root":        func() { seam.Root(&cv, &cv, m) },
		"RootXOF":     func() { seam.RootXOF(&cv, &cv, m) },
		"Parents":     func() { seam.Parents(make([]byte, 64), m, make([]byte, 32)) },
		"Subtrees":    func() { seam.Subtrees(make([]byte, 1024), m, 0, 1, make([]byte, 32)) },
	})
}
