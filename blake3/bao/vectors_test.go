package bao_test

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/hashkit/hashkit/blake3"
	"github.com/hashkit/hashkit/blake3/bao"
	"github.com/hashkit/hashkit/internal/hashtest"
)

// The official Bao test vectors (../shared/vectors/bao/test_vectors.json,
// oconnor663/bao tests/test_vectors.json, unchanged since 0.10).
type baoVectors struct {
	Hash []struct {
		InputLen int    `json:"input_len"`
		BaoHash  string `json:"bao_hash"`
	} `json:"hash"`
	Encode []struct {
		encodedCase
		Corruptions []int `json:"corruptions"`
	} `json:"encode"`
	Outboard []struct {
		encodedCase
		OutboardCorruptions []int `json:"outboard_corruptions"`
		InputCorruptions    []int `json:"input_corruptions"`
	} `json:"outboard"`
	Seek []struct {
		InputLen    int   `json:"input_len"`
		SeekOffsets []int `json:"seek_offsets"`
	} `json:"seek"`
	Slice []struct {
		InputLen int    `json:"input_len"`
		BaoHash  string `json:"bao_hash"`
		Slices   []struct {
			Start        uint64 `json:"start"`
			Len          uint64 `json:"len"`
			OutputLen    int    `json:"output_len"`
			OutputBlake3 string `json:"output_blake3"`
			Corruptions  []int  `json:"corruptions"`
		} `json:"slices"`
	} `json:"slice"`
}

// encodedCase is what the encode and outboard vectors share: an input, its
// root and the length and BLAKE3 digest of its encoding.
type encodedCase struct {
	InputLen      int    `json:"input_len"`
	OutputLen     int    `json:"output_len"`
	BaoHash       string `json:"bao_hash"`
	EncodedBlake3 string `json:"encoded_blake3"`
}

// encode encodes c's input with encode (named name in errors) and checks
// the root and the encoding's length and BLAKE3 digest; it returns the
// input, the expected root and the encoding.
func (c encodedCase) encode(t *testing.T, name string, encode func([]byte, *bao.Options) ([]byte, [32]byte, error)) (in []byte, want [32]byte, enc []byte) {
	t.Helper()
	in = input(c.InputLen)
	want = unhex(t, c.BaoHash)
	enc, root, err := encode(in, nil)
	if err != nil {
		t.Fatal(err)
	}
	if root != want || len(enc) != c.OutputLen || blake3.Sum256(enc) != unhex(t, c.EncodedBlake3) {
		t.Errorf("len %d: %s: root %x, %d bytes, blake3 %x", c.InputLen, name, root, len(enc), blake3.Sum256(enc))
	}
	return in, want, enc
}

// onEveryKernel runs test on the vectors under every BLAKE3 implementation.
func onEveryKernel(t *testing.T, test func(*testing.T, *baoVectors)) {
	v := loadVectors(t)
	hashtest.AllImplementations(t, "blake3", func(t *testing.T) { test(t, v) })
}

func loadVectors(t *testing.T) *baoVectors {
	t.Helper()
	dir := hashtest.VectorsDir()
	if dir == "" {
		if os.Getenv("HASHKIT_REQUIRE_VECTORS") != "" {
			t.Fatal("HASHKIT_REQUIRE_VECTORS is set but ../shared/vectors was not found")
		}
		t.Skip("skipping: the official vectors (../shared/vectors) are not present")
	}
	b, err := os.ReadFile(filepath.Join(dir, "bao", "test_vectors.json"))
	if err != nil {
		t.Fatal(err)
	}
	var v baoVectors
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Hash) == 0 || len(v.Slice) == 0 {
		t.Fatal("test_vectors.json: no cases")
	}
	return &v
}

// input is the reference's test input: 4-byte little-endian counters from
// 1, cut to n bytes (tests/generate_input.py).
func input(n int) []byte {
	b := make([]byte, n+3)
	for i := 0; i < n; i += 4 {
		binary.LittleEndian.PutUint32(b[i:], uint32(i/4+1))
	}
	return b[:n]
}

func unhex(t *testing.T, s string) [32]byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != 32 {
		t.Fatalf("bad hash %q", s)
	}
	return [32]byte(b)
}

func flip(b []byte, i int) []byte {
	c := bytes.Clone(b)
	c[i] ^= 1
	return c
}

// memFile is an in-memory File for the streaming encoder.
type memFile struct{ b []byte }

func (f *memFile) WriteAt(p []byte, off int64) (int, error) {
	if end := int(off) + len(p); end > len(f.b) {
		f.b = append(f.b, make([]byte, end-len(f.b))...)
	}
	return copy(f.b[off:], p), nil
}

func (f *memFile) ReadAt(p []byte, off int64) (int, error) {
	if off >= int64(len(f.b)) {
		return 0, io.EOF
	}
	n := copy(p, f.b[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// streamEncode encodes in with the streaming Encoder, written in pieces of
// size step.
func streamEncode(t *testing.T, in []byte, outboard bool, opt *bao.Options, step int) ([]byte, [32]byte) {
	t.Helper()
	f := new(memFile)
	e, err := bao.NewEncoder(f, outboard, opt)
	if err != nil {
		t.Fatal(err)
	}
	for p := in; len(p) > 0; {
		k := min(step, len(p))
		if _, err := e.Write(p[:k]); err != nil {
			t.Fatal(err)
		}
		p = p[k:]
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	return f.b, e.Root()
}

func TestVectorsHash(t *testing.T) {
	v := loadVectors(t)
	for _, c := range v.Hash {
		got, err := bao.Root(input(c.InputLen), nil)
		if err != nil || got != unhex(t, c.BaoHash) {
			t.Errorf("len %d: Root = %x, %v", c.InputLen, got, err)
		}
	}
}

// TestVectorsEncode runs on every BLAKE3 kernel: encoding and decoding
// hash leaves and parents on the wide kernels through package seam.
func TestVectorsEncode(t *testing.T) { onEveryKernel(t, testVectorsEncode) }

func testVectorsEncode(t *testing.T, v *baoVectors) {
	for _, c := range v.Encode {
		in, want, enc := c.encode(t, "Encode", bao.Encode)
		if size, _ := bao.EncodedSize(uint64(c.InputLen), false, nil); size != uint64(c.OutputLen) {
			t.Errorf("len %d: EncodedSize = %d", c.InputLen, size)
		}
		for _, step := range []int{1 << 20, 1000, 1024, 4096} {
			s, sroot := streamEncode(t, in, false, nil, step)
			if !bytes.Equal(s, enc) || sroot != want {
				t.Errorf("len %d: Encoder (writes of %d): %d bytes, root %x", c.InputLen, step, len(s), sroot)
			}
		}
		got, err := bao.Decode(enc, &want, nil)
		if err != nil || !bytes.Equal(got, in) {
			t.Errorf("len %d: Decode: %d bytes, %v", c.InputLen, len(got), err)
		}
		for _, off := range c.Corruptions {
			if _, err := bao.Decode(flip(enc, off), &want, nil); err == nil {
				t.Errorf("len %d: Decode of the encoding corrupted at %d: no error", c.InputLen, off)
			}
			checkStream(t, flip(enc, off), nil, &want, in)
		}
	}
}

// checkStream reads a (possibly corrupted) encoding through a Decoder in
// small reads and checks that every byte it returned is the input's, and
// that it did not reach io.EOF unless the encoding was intact.
// It reads from both kinds of reader (see reader) and reports whether both
// reached io.EOF.
func checkStream(t *testing.T, enc, data []byte, root *[32]byte, in []byte) (eof bool) {
	t.Helper()
	eof = true
	for _, inPlace := range []bool{true, false} {
		var d *bao.Decoder
		var err error
		if data != nil {
			d, err = bao.NewOutboardDecoder(reader(data, inPlace), reader(enc, inPlace), root, nil)
		} else {
			d, err = bao.NewDecoder(reader(enc, inPlace), root, nil)
		}
		if err != nil {
			t.Fatal(err)
		}
		eof = readStream(t, d, in) && eof
	}
	return eof
}

// readStream reads d in small reads: see checkStream.
func readStream(t *testing.T, d *bao.Decoder, in []byte) (eof bool) {
	t.Helper()
	var got []byte
	buf := make([]byte, 700)
	for {
		n, err := d.Read(buf)
		got = append(got, buf[:n]...)
		if !bytes.HasPrefix(in, got) {
			t.Fatalf("decoder returned bytes that are not the input's (%d bytes in)", len(got))
		}
		if err == io.EOF {
			if !bytes.Equal(got, in) {
				t.Fatalf("io.EOF after %d of %d bytes", len(got), len(in))
			}
			return true
		}
		if err != nil {
			if !errors.Is(err, bao.ErrHashMismatch) && !errors.Is(err, bao.ErrTruncated) && !errors.Is(err, bao.ErrLength) {
				t.Errorf("untyped error %v", err)
			}
			return false
		}
	}
}

func TestVectorsOutboard(t *testing.T) { onEveryKernel(t, testVectorsOutboard) }

func testVectorsOutboard(t *testing.T, v *baoVectors) {
	for _, c := range v.Outboard {
		in, want, ob := c.encode(t, "EncodeOutboard", bao.EncodeOutboard)
		if s, sroot := streamEncode(t, in, true, nil, 3000); !bytes.Equal(s, ob) || sroot != want {
			t.Errorf("len %d: outboard Encoder: %d bytes, root %x", c.InputLen, len(s), sroot)
		}
		if got, err := bao.DecodeOutboard(in, ob, &want, nil); err != nil || !bytes.Equal(got, in) {
			t.Errorf("len %d: DecodeOutboard: %v", c.InputLen, err)
		}
		if err := bao.VerifyOutboard(bytes.NewReader(ob), &want, nil); err != nil {
			t.Errorf("len %d: VerifyOutboard: %v", c.InputLen, err)
		}
		for _, off := range c.OutboardCorruptions {
			if _, err := bao.DecodeOutboard(in, flip(ob, off), &want, nil); err == nil {
				t.Errorf("len %d: outboard corrupted at %d: no error", c.InputLen, off)
			}
			checkStream(t, flip(ob, off), in, &want, in)
		}
		for _, off := range c.InputCorruptions {
			if _, err := bao.DecodeOutboard(flip(in, off), ob, &want, nil); err == nil {
				t.Errorf("len %d: input corrupted at %d: no error", c.InputLen, off)
			}
			checkStream(t, ob, flip(in, off), &want, in)
		}
	}
}

func TestVectorsSeek(t *testing.T) {
	v := loadVectors(t)
	for _, c := range v.Seek {
		in := input(c.InputLen)
		eachDecoder(t, in, nil, func(outboard bool, d *bao.Decoder) {
			// One Decoder seeks to every offset in turn, backwards too.
			for _, off := range append(c.SeekOffsets, 0, c.InputLen/2) {
				if pos, err := d.Seek(int64(off), io.SeekStart); err != nil || pos != int64(off) {
					t.Fatalf("len %d: Seek(%d) = %d, %v", c.InputLen, off, pos, err)
				}
				got, err := io.ReadAll(d)
				if err != nil || !bytes.Equal(got, in[min(off, len(in)):]) {
					t.Errorf("len %d outboard %v: read from %d: %d bytes, %v", c.InputLen, outboard, off, len(got), err)
				}
			}
			if pos, err := d.Seek(-1, io.SeekEnd); c.InputLen > 0 && (err != nil || pos != int64(c.InputLen-1)) {
				t.Errorf("len %d: Seek(-1, end) = %d, %v", c.InputLen, pos, err)
			}
		})
	}
}

func TestVectorsSlice(t *testing.T) {
	v := loadVectors(t)
	n := 0
	for _, c := range v.Slice {
		in := input(c.InputLen)
		root := unhex(t, c.BaoHash)
		enc, _, _ := bao.Encode(in, nil)
		ob, _, _ := bao.EncodeOutboard(in, nil)
		for _, s := range c.Slices {
			n++
			var a, b bytes.Buffer
			if err := bao.ExtractSlice(&a, bytes.NewReader(enc), s.Start, s.Len, nil); err != nil {
				t.Fatal(err)
			}
			if err := bao.ExtractSliceOutboard(&b, bytes.NewReader(in), bytes.NewReader(ob), s.Start, s.Len, nil); err != nil {
				t.Fatal(err)
			}
			want := unhex(t, s.OutputBlake3)
			if a.Len() != s.OutputLen || blake3.Sum256(a.Bytes()) != want {
				t.Errorf("len %d slice %d+%d: %d bytes, want %d", c.InputLen, s.Start, s.Len, a.Len(), s.OutputLen)
			}
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Errorf("len %d slice %d+%d: outboard slice differs", c.InputLen, s.Start, s.Len)
			}
			lo := min(s.Start, uint64(len(in)))
			hi := min(s.Start+s.Len, uint64(len(in)))
			got, err := bao.DecodeSlice(a.Bytes(), &root, s.Start, s.Len, nil)
			if err != nil || !bytes.Equal(got, in[lo:hi]) {
				t.Errorf("len %d slice %d+%d: DecodeSlice: %d bytes, %v", c.InputLen, s.Start, s.Len, len(got), err)
			}
			for _, off := range s.Corruptions {
				if _, err := bao.DecodeSlice(flip(a.Bytes(), off), &root, s.Start, s.Len, nil); err == nil {
					t.Errorf("len %d slice %d+%d corrupted at %d: no error", c.InputLen, s.Start, s.Len, off)
				}
			}
		}
	}
	if n != 222 {
		t.Errorf("%d slice cases, want 222", n)
	}
}
