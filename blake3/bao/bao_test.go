package bao_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/hashkit/hashkit/blake3"
	"github.com/hashkit/hashkit/blake3/bao"
	"github.com/hashkit/hashkit/blake3/hazmat"
	"github.com/hashkit/hashkit/internal/cpu"
)

func random(n int, seed uint64) []byte {
	rng := rand.New(rand.NewPCG(seed, 1))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// groupEncoding derives the encoding with leaves of g bytes from the
// standard one (1 KiB leaves): the trees split alike above g, so it is the
// standard encoding without the parents of subtrees of at most g bytes.
func groupEncoding(std []byte, g uint64, outboard bool) []byte {
	n := binary.LittleEndian.Uint64(std)
	out := bytes.Clone(std[:8])
	rest := std[8:]
	var walk func(n uint64)
	walk = func(n uint64) {
		if n <= 1024 {
			if !outboard {
				out = append(out, rest[:n]...)
				rest = rest[n:]
			}
			return
		}
		if n > g {
			out = append(out, rest[:64]...)
		}
		rest = rest[64:]
		l := hazmat.LeftSubtreeLen(n)
		walk(l)
		walk(n - l)
	}
	walk(n)
	return out
}

var sizes = []int{0, 1, 1023, 1024, 1025, 4096, 4097, 16 << 10, 16<<10 + 1, 65 << 10, 200<<10 + 7, 1<<20 + 3000}

// TestGroups checks every operation with chunk groups of 2 to 1024
// chunks: encodings against those derived from standard Bao, decoding,
// seeking, and slices.
func TestGroups(t *testing.T) {
	for _, n := range sizes {
		if testing.Short() && n > 256<<10 {
			continue
		}
		in := random(n, uint64(n))
		std, root, _ := bao.Encode(in, nil)
		stdOb, _, _ := bao.EncodeOutboard(in, nil)
		for _, g := range []int{2048, 4096, 16 << 10, 64 << 10, 1 << 20} {
			opt := &bao.Options{GroupSize: g}
			enc, r, err := bao.Encode(in, opt)
			if err != nil || r != root || !bytes.Equal(enc, groupEncoding(std, uint64(g), false)) {
				t.Fatalf("n=%d group %d: Encode differs from the derived encoding (%v)", n, g, err)
			}
			ob, _, _ := bao.EncodeOutboard(in, opt)
			if !bytes.Equal(ob, groupEncoding(stdOb, uint64(g), true)) {
				t.Fatalf("n=%d group %d: EncodeOutboard differs", n, g)
			}
			if s, sr := streamEncode(t, in, false, opt, 5000); !bytes.Equal(s, enc) || sr != root {
				t.Errorf("n=%d group %d: Encoder differs", n, g)
			}
			if s, _ := streamEncode(t, in, true, opt, 70000); !bytes.Equal(s, ob) {
				t.Errorf("n=%d group %d: outboard Encoder differs", n, g)
			}
			if size, _ := bao.EncodedSize(uint64(n), false, opt); size != uint64(len(enc)) {
				t.Errorf("n=%d group %d: EncodedSize %d, encoding %d", n, g, size, len(enc))
			}
			if got, err := bao.Decode(enc, &root, opt); err != nil || !bytes.Equal(got, in) {
				t.Errorf("n=%d group %d: Decode: %v", n, g, err)
			}
			if got, err := bao.DecodeOutboard(in, ob, &root, opt); err != nil || !bytes.Equal(got, in) {
				t.Errorf("n=%d group %d: DecodeOutboard: %v", n, g, err)
			}
			if err := bao.VerifyOutboard(bytes.NewReader(ob), &root, opt); err != nil {
				t.Errorf("n=%d group %d: VerifyOutboard: %v", n, g, err)
			}
			if _, err := bao.Decode(enc, &root, nil); n > 1024 && err == nil {
				t.Errorf("n=%d group %d: decoded as standard Bao", n, g)
			}
			checkSlices(t, in, enc, ob, &root, opt)
		}
	}
}

// checkSlices extracts and decodes slices at the edges of leaves.
func checkSlices(t *testing.T, in, enc, ob []byte, root *[32]byte, opt *bao.Options) {
	t.Helper()
	n := uint64(len(in))
	for _, start := range []uint64{0, 1, 1023, 1024, 5000, n / 2, n - 1, n, n + 1, 1 << 62} {
		for _, count := range []uint64{0, 1, 1024, 3000, 1 << 20, 1<<64 - 1} {
			var a, b bytes.Buffer
			if err := bao.ExtractSlice(&a, bytes.NewReader(enc), start, count, opt); err != nil {
				t.Fatal(err)
			}
			if err := bao.ExtractSliceOutboard(&b, bytes.NewReader(in), bytes.NewReader(ob), start, count, opt); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Fatalf("n=%d slice %d+%d: outboard slice differs", n, start, count)
			}
			lo, hi := min(start, n), min(start+count, n)
			if start+count < start {
				hi = n
			}
			got, err := bao.DecodeSlice(a.Bytes(), root, start, count, opt)
			if err != nil || !bytes.Equal(got, in[lo:hi]) {
				t.Fatalf("n=%d slice %d+%d: DecodeSlice: %d bytes, %v", n, start, count, len(got), err)
			}
			// A flipped bit of the header may go unnoticed by a slice
			// without the last leaf, which alone authenticates the
			// length; every byte after it is checked.
			if a.Len() > 8 {
				i := 8 + int((start*31+count*17)%uint64(a.Len()-8))
				if _, err := bao.DecodeSlice(flip(a.Bytes(), i), root, start, count, opt); err == nil {
					t.Fatalf("n=%d slice %d+%d corrupted at %d: no error", n, start, count, i)
				}
			}
		}
	}
}

// TestModes checks keyed and derive-key trees: their roots are blake3's,
// they decode under their own mode only.
func TestModes(t *testing.T) {
	key := [32]byte{42}
	ck := hazmat.ContextKey("hashkit bao test")
	for _, n := range []int{0, 1000, 1025, 70 << 10} {
		in := random(n, 9)
		h, _ := blake3.NewKeyed(key[:])
		h.Write(in)
		var dk [32]byte
		blake3.DeriveKey("hashkit bao test", in, dk[:])
		for _, c := range []struct {
			mode hazmat.Mode
			want [32]byte
		}{{hazmat.Keyed(&key), [32]byte(h.Sum(nil))}, {hazmat.DeriveKeyMaterial(&ck), dk}} {
			for _, g := range []int{0, 4096} {
				opt := &bao.Options{Mode: c.mode, GroupSize: g}
				enc, root, err := bao.Encode(in, opt)
				if err != nil || root != c.want {
					t.Fatalf("n=%d: root %x, want %x (%v)", n, root, c.want, err)
				}
				if got, err := bao.Decode(enc, &root, opt); err != nil || !bytes.Equal(got, in) {
					t.Errorf("n=%d: Decode: %v", n, err)
				}
				if _, err := bao.Decode(enc, &root, &bao.Options{GroupSize: g}); !errors.Is(err, bao.ErrHashMismatch) {
					t.Errorf("n=%d: decoded under the plain hash: %v", n, err)
				}
				ob, _, _ := bao.EncodeOutboard(in, opt)
				checkSlices(t, in, enc, ob, &root, opt)
			}
		}
	}
}

func TestErrors(t *testing.T) {
	for _, g := range []int{-1024, 1, 512, 1000, 3072, 2 << 20} {
		opt := &bao.Options{GroupSize: g}
		if _, _, err := bao.Encode(nil, opt); !errors.Is(err, bao.ErrGroupSize) {
			t.Errorf("GroupSize %d: Encode error %v", g, err)
		}
		if _, err := bao.NewDecoder(bytes.NewReader(nil), &[32]byte{}, opt); !errors.Is(err, bao.ErrGroupSize) {
			t.Errorf("GroupSize %d: NewDecoder error %v", g, err)
		}
		if _, err := bao.NewEncoder(new(memFile), false, opt); !errors.Is(err, bao.ErrGroupSize) {
			t.Errorf("GroupSize %d: NewEncoder error %v", g, err)
		}
	}
	// A Mode made from a nil key is refused, not taken for the plain hash.
	for _, mode := range []hazmat.Mode{hazmat.Keyed(nil), hazmat.DeriveKeyMaterial(nil)} {
		opt := &bao.Options{Mode: mode}
		if _, _, err := bao.Encode([]byte("abc"), opt); !errors.Is(err, hazmat.ErrNilKey) {
			t.Errorf("nil key: Encode error %v", err)
		}
		if _, err := bao.Root([]byte("abc"), opt); !errors.Is(err, hazmat.ErrNilKey) {
			t.Errorf("nil key: Root error %v", err)
		}
		if _, err := bao.EncodeTo(io.Discard, bytes.NewReader(nil), 0, false, opt); !errors.Is(err, hazmat.ErrNilKey) {
			t.Errorf("nil key: EncodeTo error %v", err)
		}
		if _, err := bao.NewDecoder(bytes.NewReader(nil), &[32]byte{}, opt); !errors.Is(err, hazmat.ErrNilKey) {
			t.Errorf("nil key: NewDecoder error %v", err)
		}
	}
	in := random(5000, 1)
	enc, root, _ := bao.Encode(in, nil)
	var big [8]byte
	binary.LittleEndian.PutUint64(big[:], 1<<63)
	if _, err := bao.Decode(append(big[:], enc[8:]...), &root, nil); !errors.Is(err, bao.ErrLength) {
		t.Errorf("length 2^63: %v", err)
	}
	if _, err := bao.EncodedSize(1<<63, false, nil); !errors.Is(err, bao.ErrLength) {
		t.Errorf("EncodedSize(2^63): %v", err)
	}
	for _, cut := range []int{0, 7, 8, 72, len(enc) - 1} {
		if _, err := bao.Decode(enc[:cut], &root, nil); !errors.Is(err, bao.ErrTruncated) {
			t.Errorf("encoding cut at %d: %v", cut, err)
		}
	}
	ob, _, _ := bao.EncodeOutboard(in, nil)
	if _, err := bao.DecodeOutboard(in[:4999], ob, &root, nil); !errors.Is(err, bao.ErrTruncated) {
		t.Errorf("short input: %v", err)
	}
	if _, err := bao.DecodeOutboard(in, ob[:len(ob)-1], &root, nil); !errors.Is(err, bao.ErrTruncated) {
		t.Errorf("short outboard: %v", err)
	}
	// An outboard of a shorter input fails against the input's root; one
	// that claims more input than there is, truncates.
	shortOb, shortRoot, _ := bao.EncodeOutboard(in[:3000], nil)
	if _, err := bao.DecodeOutboard(in, shortOb, &root, nil); !errors.Is(err, bao.ErrHashMismatch) {
		t.Errorf("outboard of a shorter input: %v", err)
	}
	if _, err := bao.DecodeOutboard(in[:3000], ob, &root, nil); !errors.Is(err, bao.ErrTruncated) {
		t.Errorf("outboard of a longer input: %v", err)
	}
	// Input past the length the outboard authenticates is not part of it
	// (as in the reference): the verified input is returned.
	if got, err := bao.DecodeOutboard(in, shortOb, &shortRoot, nil); err != nil || !bytes.Equal(got, in[:3000]) {
		t.Errorf("input with bytes past the outboard's length: %d bytes, %v", len(got), err)
	}
	if err := bao.VerifyOutboard(bytes.NewReader(flip(ob, 8)), &root, nil); !errors.Is(err, bao.ErrHashMismatch) {
		t.Errorf("VerifyOutboard of a corrupted outboard: %v", err)
	}
	// A slice decoded for another range than it was cut for.
	large := random(200<<10, 2)
	bigEnc, bigRoot, _ := bao.Encode(large, nil)
	var sl bytes.Buffer
	bao.ExtractSlice(&sl, bytes.NewReader(bigEnc), 0, 100, nil)
	for _, r := range [][2]uint64{{100000, 100}, {0, 5000}, {1 << 40, 0}} {
		_, err := bao.DecodeSlice(sl.Bytes(), &bigRoot, r[0], r[1], nil)
		if !errors.Is(err, bao.ErrHashMismatch) && !errors.Is(err, bao.ErrTruncated) {
			t.Errorf("slice for [0, 100) decoded as %d+%d: %v", r[0], r[1], err)
		}
	}
	wrong := root
	wrong[0] ^= 1
	if _, err := bao.Decode(enc, &wrong, nil); !errors.Is(err, bao.ErrHashMismatch) {
		t.Errorf("wrong root: %v", err)
	}
	// The empty encoding verifies its empty chunk: under a wrong root it
	// must not read as the empty input.
	empty, _, _ := bao.Encode(nil, nil)
	if _, err := bao.Decode(empty, &root, nil); !errors.Is(err, bao.ErrHashMismatch) {
		t.Errorf("empty encoding under a wrong root: %v", err)
	}
	d, _ := bao.NewDecoder(bytes.NewReader(enc), &root, nil)
	if _, err := d.Seek(-1, io.SeekStart); err == nil {
		t.Error("Seek(-1) succeeded")
	}
	if _, err := d.Seek(0, 7); err == nil {
		t.Error("Seek with whence 7 succeeded")
	}
	// Seek relative to the end verifies the last chunk first.
	d, _ = bao.NewDecoder(bytes.NewReader(flip(enc, len(enc)-1)), &root, nil)
	if _, err := d.Seek(0, io.SeekEnd); !errors.Is(err, bao.ErrHashMismatch) {
		t.Errorf("Seek(0, end) of a corrupted last chunk: %v", err)
	}
	// A Seek past the end reads nothing; the next Read verifies the last chunk.
	d, _ = bao.NewDecoder(bytes.NewReader(flip(enc, len(enc)-1)), &root, nil)
	if pos, err := d.Seek(1<<40, io.SeekStart); err != nil || pos != 1<<40 {
		t.Errorf("Seek past the end: %d, %v", pos, err)
	}
	if _, err := d.Read(make([]byte, 10)); !errors.Is(err, bao.ErrHashMismatch) {
		t.Errorf("Read past the end of a corrupted last chunk: %v", err)
	}
	// A reader that cannot seek can go forwards only.
	d, _ = bao.NewDecoder(io.MultiReader(bytes.NewReader(enc)), &root, nil)
	d.Seek(3000, io.SeekStart)
	if b, err := io.ReadAll(d); err != nil || !bytes.Equal(b, in[3000:]) {
		t.Errorf("forward seek without a Seeker: %v", err)
	}
	d.Seek(0, io.SeekStart)
	if _, err := d.Read(make([]byte, 1)); err == nil {
		t.Error("backward seek without a Seeker succeeded")
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.ReadSeeker
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func (c *countingReader) Seek(off int64, whence int) (int64, error) { return c.r.Seek(off, whence) }

// genReader is a seekable input of n bytes computed from their offsets,
// so a 1 GiB input needs no memory.
type genReader struct{ pos, n int64 }

func genByte(i int64) byte { return byte(i*7 ^ i>>10 ^ i>>20) }

func (g *genReader) Read(p []byte) (int, error) {
	if g.pos >= g.n {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), g.n-g.pos)]
	for i := range p {
		p[i] = genByte(g.pos + int64(i))
	}
	g.pos += int64(len(p))
	return len(p), nil
}

func (g *genReader) Seek(off int64, whence int) (int64, error) {
	switch whence {
	case io.SeekCurrent:
		off += g.pos
	case io.SeekEnd:
		off += g.n
	}
	g.pos = off
	return off, nil
}

// TestSeekReadsLogN seeks an outboard Decoder of a 1 GiB input (64 MiB
// under -short) to random offsets and reads 4 KiB: it reads the parents on
// the way down (one per level) and the subtrees of at most 64 KiB holding
// the 4 KiB (two at most), never the prefix.
func TestSeekReadsLogN(t *testing.T) {
	n := int64(1 << 30)
	if testing.Short() {
		n = 64 << 20
	}
	f := new(memFile)
	root, _, err := bao.EncodeFrom(f, &genReader{n: n}, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	depth := 0
	for l := n / 1024; l > 1; l = (l + 1) / 2 {
		depth++
	}
	rng := rand.New(rand.NewPCG(7, 7))
	buf := make([]byte, 4096)
	for range 20 {
		tree := &countingReader{r: bytes.NewReader(f.b)}
		data := &countingReader{r: &genReader{n: n}}
		d, _ := bao.NewOutboardDecoder(data, tree, &root, nil)
		off := rng.Int64N(n)
		d.Seek(off, io.SeekStart)
		k, err := io.ReadFull(d, buf)
		if err != nil && err != io.ErrUnexpectedEOF {
			t.Fatalf("read at %d: %v", off, err)
		}
		for i, b := range buf[:k] {
			if b != genByte(off+int64(i)) {
				t.Fatalf("read at %d: byte %d differs", off, i)
			}
		}
		if maxTree := int64(8 + 64*(depth+2*64)); tree.n > maxTree {
			t.Errorf("seek to %d: read %d bytes of outboard, more than %d", off, tree.n, maxTree)
		}
		if data.n > 2*(64<<10) {
			t.Errorf("seek to %d: read %d bytes of input", off, data.n)
		}
	}
}

// reader returns b as one of the two kinds of reader a Decoder reads
// differently: a *bytes.Reader, read in place, or another io.ReadSeeker,
// whose subtrees it copies out before hashing them.
func reader(b []byte, inPlace bool) io.ReadSeeker {
	if inPlace {
		return bytes.NewReader(b)
	}
	return io.NewSectionReader(bytes.NewReader(b), 0, int64(len(b)))
}

// eachDecoder encodes in with opt, combined and outboard, and calls f with
// a Decoder of each (outboard says which), both opened on the same root,
// each on both kinds of reader.
func eachDecoder(t *testing.T, in []byte, opt *bao.Options, f func(outboard bool, d *bao.Decoder)) {
	t.Helper()
	enc, root, err := bao.Encode(in, opt)
	if err != nil {
		t.Fatal(err)
	}
	ob, obRoot, err := bao.EncodeOutboard(in, opt)
	if err != nil || obRoot != root {
		t.Fatalf("EncodeOutboard: root %x, %v; Encode's root %x", obRoot, err, root)
	}
	for _, outboard := range []bool{false, true} {
		for _, inPlace := range []bool{true, false} {
			var d *bao.Decoder
			if outboard {
				d, err = bao.NewOutboardDecoder(reader(in, inPlace), reader(ob, inPlace), &root, opt)
			} else {
				d, err = bao.NewDecoder(reader(enc, inPlace), &root, opt)
			}
			if err != nil {
				t.Fatal(err)
			}
			f(outboard, d)
		}
	}
}

// TestRandomAccess reads a multi-level encoding with random seeks and read
// sizes, from combined and outboard encodings, in standard and grouped
// trees.
func TestRandomAccess(t *testing.T) {
	in := random(1<<20+12345, 11)
	rng := rand.New(rand.NewPCG(8, 8))
	for _, g := range []int{0, 16 << 10} {
		eachDecoder(t, in, &bao.Options{GroupSize: g}, func(outboard bool, d *bao.Decoder) {
			for range 200 {
				off := rng.IntN(len(in) + 100)
				if _, err := d.Seek(int64(off), io.SeekStart); err != nil {
					t.Fatal(err)
				}
				buf := make([]byte, rng.IntN(100000))
				k, err := io.ReadFull(d, buf)
				want := in[min(off, len(in)):]
				want = want[:min(len(want), len(buf))]
				if !bytes.Equal(buf[:k], want) || (err != nil && len(want) == len(buf)) {
					t.Fatalf("group %d outboard %v: %d bytes at %d: got %d, %v", g, outboard, len(buf), off, k, err)
				}
			}
		})
	}
}

// TestEncoderFile runs the streaming encoder on an *os.File.
func TestEncoderFile(t *testing.T) {
	in := random(300<<10+1, 3)
	want, root, _ := bao.Encode(in, nil)
	f, err := os.Create(filepath.Join(t.TempDir(), "enc"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, n, err := bao.EncodeFrom(f, bytes.NewReader(in), false, nil)
	if err != nil || r != root || n != int64(len(in)) {
		t.Fatalf("EncodeFrom: %x, %d, %v", r, n, err)
	}
	got, err := os.ReadFile(f.Name())
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("file encoding differs (%d bytes, want %d)", len(got), len(want))
	}
	if _, err := (&bao.Encoder{}).Write(in); err == nil {
		t.Error("the zero Encoder accepted a write")
	}
}

// TestParallelEncode encodes with subtrees of 4 KiB and more handed to
// other goroutines (GOMAXPROCS 4) and compares with the encoding made on
// one goroutine.
func TestParallelEncode(t *testing.T) {
	defer func(v uint64) { *bao.ParallelMinBytes = v }(*bao.ParallelMinBytes)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	for _, n := range []int{0, 5000, 64<<10 + 1, 300<<10 + 7, 1<<20 + 3} {
		in := random(n, uint64(n)+1)
		for _, opt := range []*bao.Options{nil, {GroupSize: 4096}, {Mode: hazmat.Keyed(&[32]byte{1})}} {
			*bao.ParallelMinBytes = 1 << 62
			want, wroot, _ := bao.Encode(in, opt)
			wantOb, _, _ := bao.EncodeOutboard(in, opt)
			*bao.ParallelMinBytes = 4096
			got, root, _ := bao.Encode(in, opt)
			gotOb, _, _ := bao.EncodeOutboard(in, opt)
			if root != wroot || !bytes.Equal(got, want) || !bytes.Equal(gotOb, wantOb) {
				t.Errorf("n=%d %+v: parallel encoding differs", n, opt)
			}
		}
	}
}

// TestParallelDecode verifies with subtrees of 4 KiB and more on other
// goroutines (GOMAXPROCS 4): the input comes back, and a corruption
// anywhere fails.
func TestParallelDecode(t *testing.T) {
	defer func(v uint64) { *bao.ParallelMinBytes = v }(*bao.ParallelMinBytes)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	*bao.ParallelMinBytes = 4096
	rng := rand.New(rand.NewPCG(4, 4))
	for _, n := range []int{0, 5000, 64<<10 + 1, 300<<10 + 7, 1<<20 + 3} {
		in := random(n, uint64(n)+2)
		for _, opt := range []*bao.Options{nil, {GroupSize: 4096}} {
			enc, root, _ := bao.Encode(in, opt)
			ob, _, _ := bao.EncodeOutboard(in, opt)
			if got, err := bao.Decode(enc, &root, opt); err != nil || !bytes.Equal(got, in) {
				t.Errorf("n=%d %+v: Decode: %v", n, opt, err)
			}
			if got, err := bao.DecodeOutboard(in, ob, &root, opt); err != nil || !bytes.Equal(got, in) {
				t.Errorf("n=%d %+v: DecodeOutboard: %v", n, opt, err)
			}
			for k := range 20 {
				i := rng.IntN(len(enc))
				if k < 2 && n > 4096 {
					i = 8 + 32*k // the root parent, checked before the split
				}
				if _, err := bao.Decode(flip(enc, i), &root, opt); err == nil {
					t.Errorf("n=%d %+v: Decode of the encoding corrupted at %d: no error", n, opt, i)
				}
				if n > 0 {
					j := rng.IntN(n)
					if _, err := bao.DecodeOutboard(flip(in, j), ob, &root, opt); err == nil {
						t.Errorf("n=%d %+v: DecodeOutboard of the input corrupted at %d: no error", n, opt, j)
					}
				}
			}
		}
	}
}

// TestReadInPlace reads a Decoder whose input is corrupted at 150000 with
// buffers that hold many chunk groups, so Read verifies them in place:
// every call returns only verified bytes, leaves none unverified in the
// buffer past n, and the verified prefix comes before the error.
func TestReadInPlace(t *testing.T) {
	in := random(200<<10+7, 3)
	bad := flip(in, 150000)
	for _, g := range []int{0, 16 << 10} {
		opt := &bao.Options{GroupSize: g}
		ob, root, _ := bao.EncodeOutboard(in, opt)
		for i, size := range []int{4097, 64 << 10, 1 << 20} {
			inPlace := i%2 == 0
			d, _ := bao.NewOutboardDecoder(reader(bad, inPlace), reader(ob, inPlace), &root, opt)
			buf := make([]byte, size)
			var got []byte
			var err error
			for err == nil {
				for i := range buf {
					buf[i] = 0xa5
				}
				var n int
				n, err = d.Read(buf)
				got = append(got, buf[:n]...)
				for i, c := range buf[n:] {
					if c != 0xa5 && c != 0 {
						t.Fatalf("group %d, reads of %d: byte %d past n = %d left in the buffer", g, size, n+i, n)
					}
				}
			}
			if !errors.Is(err, bao.ErrHashMismatch) || !bytes.Equal(got, in[:len(got)]) || len(got) > 150000 || len(got) < 128<<10 {
				t.Errorf("group %d, reads of %d: %d verified bytes, then %v", g, size, len(got), err)
			}
		}
		// A combined encoding corrupted in its header, a parent, a leaf,
		// its last byte, or cut short.
		enc, _, _ := bao.Encode(in, opt)
		for i, bad := range [][]byte{flip(enc, 0), flip(enc, 8+64*2+5), flip(enc, len(enc)/2), flip(enc, len(enc)/2), flip(enc, len(enc)-1), enc[:len(enc)-1]} {
			d, _ := bao.NewDecoder(reader(bad, i%2 == 0), &root, opt)
			buf := make([]byte, 1<<20)
			var got []byte
			var err error
			for err == nil {
				clear(buf)
				var n int
				n, err = d.Read(buf)
				got = append(got, buf[:n]...)
				if !bytes.Equal(got, in[:min(len(got), len(in))]) || len(got) == len(in) || bytes.ContainsFunc(buf[n:], func(r rune) bool { return r != 0 }) {
					t.Fatalf("group %d: a corrupted encoding read as %d bytes, or left bytes past n", g, len(got))
				}
			}
		}
	}
}

// TestDecoderCopiesWhatItVerifies changes a *bytes.Reader's bytes, which a
// Decoder reads in place, after its first Read has verified a region of
// them (as another process may change memory it shares): every byte the
// Decoder hands out is still the input's. A decoder that verified the
// caller's memory where it is and copied it out at each Read handed out
// the changed bytes.
func TestDecoderCopiesWhatItVerifies(t *testing.T) {
	for _, n := range []int{1000, 5000, 300 << 10} {
		in := random(n, 7)
		enc, root, _ := bao.Encode(in, nil)
		ob, _, _ := bao.EncodeOutboard(in, nil)
		for name, open := range map[string]func() (*bao.Decoder, []byte, error){
			"combined": func() (*bao.Decoder, []byte, error) {
				mem := bytes.Clone(enc)
				d, err := bao.NewDecoder(bytes.NewReader(mem), &root, nil)
				return d, mem, err
			},
			"outboard": func() (*bao.Decoder, []byte, error) {
				mem := bytes.Clone(in)
				d, err := bao.NewOutboardDecoder(bytes.NewReader(mem), bytes.NewReader(ob), &root, nil)
				return d, mem, err
			},
		} {
			d, mem, err := open()
			if err != nil {
				t.Fatal(err)
			}
			got := make([]byte, 1)
			if _, err := io.ReadFull(d, got); err != nil {
				t.Fatalf("%s, %d bytes: first Read: %v", name, n, err)
			}
			for i := range mem {
				mem[i] ^= 0xa5
			}
			rest, _ := io.ReadAll(d)
			got = append(got, rest...)
			if len(got) < 2 || !bytes.Equal(got, in[:len(got)]) {
				t.Errorf("%s, %d bytes: %d bytes handed out, not all the input's (or only the first)", name, n, len(got))
			}
		}
	}
}

// TestDecoderBytesReader decodes from a *bytes.Reader that starts past a
// prefix and goes on past the encoding: the Decoder reads it in place (the
// reader's offset stays) and returns the input, verified: with a byte
// changed halfway, the subtrees before it and then ErrHashMismatch.
func TestDecoderBytesReader(t *testing.T) {
	in := random(3<<20+5000, 9)
	for _, g := range []int{0, 16 << 10} {
		opt := &bao.Options{GroupSize: g}
		enc, root, _ := bao.Encode(in, opt)
		b := append(append([]byte("prefix"), enc...), "suffix"...)
		for _, corrupt := range []bool{false, true} {
			if corrupt {
				b = flip(b, len(b)/2)
			}
			r := bytes.NewReader(b)
			r.Seek(6, io.SeekStart)
			d, err := bao.NewDecoder(r, &root, opt)
			if err != nil {
				t.Fatal(err)
			}
			var w bytes.Buffer
			_, err = io.Copy(&w, d)
			if r.Len() != len(b)-6 {
				t.Errorf("group %d: the reader moved to %d: not read in place", g, len(b)-r.Len())
			}
			switch {
			case !corrupt && (err != nil || !bytes.Equal(w.Bytes(), in)):
				t.Errorf("group %d: %d bytes, %v", g, w.Len(), err)
			case corrupt && (!errors.Is(err, bao.ErrHashMismatch) || !bytes.HasPrefix(in, w.Bytes()) || w.Len() < 1<<20 || w.Len() >= len(in)/2+1<<18):
				t.Errorf("group %d, corrupted: %d bytes, %v", g, w.Len(), err)
			}
		}
	}
}

// TestAppendEncode appends encodings to a prefix, into fresh memory and into
// a reused buffer full of other bytes: the prefix stays and the encoding is
// Encode's, whatever was in the buffer.
func TestAppendEncode(t *testing.T) {
	for _, n := range []int{0, 1025, 200<<10 + 7} {
		in := random(n, 4)
		for _, outboard := range []bool{false, true} {
			want, root, _ := bao.Encode(in, nil)
			app := bao.AppendEncode
			if outboard {
				want, _, _ = bao.EncodeOutboard(in, nil)
				app = bao.AppendEncodeOutboard
			}
			reused := bytes.Repeat([]byte{0xa5}, 3+len(want)+10)
			for _, dst := range [][]byte{[]byte("pre"), reused[:3]} {
				got, r, err := app(dst, in, nil)
				if err != nil || r != root || string(got[:3]) != string(dst[:3]) || !bytes.Equal(got[3:], want) {
					t.Errorf("n=%d outboard=%v cap %d: %d bytes, %v", n, outboard, cap(dst), len(got), err)
				}
			}
			if got, _, _ := app(reused[:3], in, nil); &got[0] != &reused[0] {
				t.Errorf("n=%d outboard=%v: did not encode into dst's capacity", n, outboard)
			}
		}
	}
}

// TestEncodedRoot takes the root hash from combined and outboard encodings
// of every size, group and a keyed mode, and fails on truncated ones.
func TestEncodedRoot(t *testing.T) {
	key := [32]byte{1, 2, 3}
	for _, opt := range []*bao.Options{nil, {GroupSize: 16 << 10}, {Mode: hazmat.Keyed(&key)}} {
		for _, n := range sizes {
			in := random(n, 5)
			enc, root, _ := bao.Encode(in, opt)
			ob, _, _ := bao.EncodeOutboard(in, opt)
			if got, err := bao.EncodedRoot(bytes.NewReader(enc), opt); err != nil || got != root {
				t.Errorf("n=%d: EncodedRoot %x, %v; want %x", n, got, err, root)
			}
			if got, err := bao.OutboardRoot(bytes.NewReader(in), bytes.NewReader(ob), opt); err != nil || got != root {
				t.Errorf("n=%d: OutboardRoot %x, %v; want %x", n, got, err, root)
			}
			cut := min(len(enc)-1, 8+64-1)
			if _, err := bao.EncodedRoot(bytes.NewReader(enc[:cut]), opt); n > 0 && !errors.Is(err, bao.ErrTruncated) {
				t.Errorf("n=%d: EncodedRoot of %d bytes: %v", n, cut, err)
			}
		}
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) WriteAt([]byte, int64) (int, error) { return 0, errors.New("disk full") }

// sizedEncoders are the encoders of an input of known length read from
// src: EncodeSized into a file, each node at its place, and EncodeTo to a
// stream, reading src twice. Each returns the encoding and the root, and
// with a failing destination an error.
var sizedEncoders = map[string]func(src *bytes.Reader, n uint64, outboard, fail bool, opt *bao.Options) ([]byte, [32]byte, error){
	"EncodeSized": func(src *bytes.Reader, n uint64, outboard, fail bool, opt *bao.Options) ([]byte, [32]byte, error) {
		if fail {
			root, err := bao.EncodeSized(failWriter{}, src, n, outboard, opt)
			return nil, root, err
		}
		f := new(memFile)
		root, err := bao.EncodeSized(f, src, n, outboard, opt)
		return f.b, root, err
	},
	"EncodeTo": func(src *bytes.Reader, n uint64, outboard, fail bool, opt *bao.Options) ([]byte, [32]byte, error) {
		if fail {
			root, err := bao.EncodeTo(errWriter{}, src, n, outboard, opt)
			return nil, root, err
		}
		var b bytes.Buffer
		root, err := bao.EncodeTo(&b, src, n, outboard, opt)
		return b.Bytes(), root, err
	},
}

// TestEncodeSized encodes inputs of every size, with chunk groups and a
// keyed mode, through EncodeSized and EncodeTo (with units of 4 KiB, so
// that inputs span many): the encodings are Encode's, bytes past the
// length are not read, and a short input or a failing destination is an
// error, as is an input that changes between EncodeTo's reads.
func TestEncodeSized(t *testing.T) {
	defer func(v uint64) { *bao.StreamUnit = v }(*bao.StreamUnit)
	*bao.StreamUnit = 4 << 10
	key := [32]byte{9}
	for _, opt := range []*bao.Options{nil, {GroupSize: 2048}, {GroupSize: 16 << 10}, {Mode: hazmat.Keyed(&key)}} {
		for _, n := range append(sizes, 600<<10+5) {
			in := random(n, 6)
			for name, encode := range sizedEncoders {
				for _, outboard := range []bool{false, true} {
					want, root, _ := bao.Encode(in, opt)
					if outboard {
						want, _, _ = bao.EncodeOutboard(in, opt)
					}
					src := bytes.NewReader(append(bytes.Clone(in), "after"...))
					got, gotRoot, err := encode(src, uint64(n), outboard, false, opt)
					if err != nil || gotRoot != root || !bytes.Equal(got, want) || (name == "EncodeSized" && src.Len() != 5) {
						t.Errorf("%s n=%d outboard=%v: %v, root %v, encoding equal %v, %d bytes left", name, n, outboard, err, gotRoot == root, bytes.Equal(got, want), src.Len())
					}
				}
				if n == 0 {
					continue
				}
				if _, _, err := encode(bytes.NewReader(in[:n-1]), uint64(n), false, false, opt); !errors.Is(err, io.ErrUnexpectedEOF) {
					t.Errorf("%s n=%d: input one byte short: %v", name, n, err)
				}
				if _, _, err := encode(bytes.NewReader(in), uint64(n), false, true, opt); err == nil {
					t.Errorf("%s n=%d: failing destination: no error", name, n)
				}
			}
			if n < 2 {
				continue
			}
			for _, outboard := range []bool{false, true} {
				flip := &flipOnSecondRead{b: bytes.Clone(in), at: n - 1 - n/3}
				if _, err := bao.EncodeTo(io.Discard, flip, uint64(n), outboard, opt); (n > max(4<<10, 2*groupSize(opt))) != errors.Is(err, bao.ErrHashMismatch) {
					t.Errorf("n=%d outboard=%v: input changed between EncodeTo's reads: %v", n, outboard, err)
				}
			}
		}
	}
}

// TestEncodeSizedShortSource gives EncodeSized and EncodeTo a length far
// past what the source holds: each fails at the source's end, without
// allocating for the length (EncodeTo kept 32 bytes a unit of it) or
// hashing on past the failure (EncodeSized walked the whole tree).
func TestEncodeSizedShortSource(t *testing.T) {
	for name, encode := range sizedEncoders {
		done := make(chan error, 1)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		go func() {
			_, _, err := encode(bytes.NewReader(make([]byte, 100)), 1<<44, false, false, nil)
			done <- err
		}()
		select {
		case err := <-done:
			runtime.ReadMemStats(&after)
			if !errors.Is(err, io.ErrUnexpectedEOF) {
				t.Errorf("%s of 2^44 bytes from 100: %v", name, err)
			}
			if grew := after.TotalAlloc - before.TotalAlloc; grew > 32<<20 {
				t.Errorf("%s of 2^44 bytes from 100: allocated %d MiB", name, grew>>20)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s of 2^44 bytes from 100: still running after 10s", name)
		}
	}
}

// TestReadErrors checks that EncodedRoot, OutboardRoot and VerifyOutboard
// return a stream's read error as it is, and ErrTruncated only for a
// stream that ends early: a directory or a failing disk is not a short
// encoding.
func TestReadErrors(t *testing.T) {
	broken := errors.New("input/output error")
	bad := io.MultiReader(strings.NewReader("abc"), iotest.ErrReader(broken))
	enc, _, _ := bao.Encode(random(5000, 1), nil)
	ob, root, _ := bao.EncodeOutboard(random(5000, 1), nil)
	failAt := func(b []byte, n int) io.Reader {
		return io.MultiReader(bytes.NewReader(b[:n]), iotest.ErrReader(broken))
	}
	for name, err := range map[string]error{
		"EncodedRoot header":    func() error { _, err := bao.EncodedRoot(bad, nil); return err }(),
		"EncodedRoot root node": func() error { _, err := bao.EncodedRoot(failAt(enc, 20), nil); return err }(),
		"OutboardRoot input": func() error {
			_, err := bao.OutboardRoot(failAt([]byte("ab"), 2), bytes.NewReader(binary.LittleEndian.AppendUint64(nil, 3)), nil)
			return err
		}(),
		"VerifyOutboard header":  bao.VerifyOutboard(bad, &root, nil),
		"VerifyOutboard parents": bao.VerifyOutboard(failAt(ob, 100), &root, nil),
	} {
		if !errors.Is(err, broken) || errors.Is(err, bao.ErrTruncated) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if err := bao.VerifyOutboard(bytes.NewReader(ob[:100]), &root, nil); !errors.Is(err, bao.ErrTruncated) {
		t.Errorf("VerifyOutboard of a cut outboard: %v", err)
	}
}

func groupSize(opt *bao.Options) int {
	if opt == nil || opt.GroupSize == 0 {
		return 1024
	}
	return opt.GroupSize
}

// flipOnSecondRead is an input whose byte at changes once it has been read
// once, as a file rewritten between EncodeTo's reads.
type flipOnSecondRead struct {
	b     []byte
	at    int
	reads int
}

func (f *flipOnSecondRead) ReadAt(p []byte, off int64) (int, error) {
	if off <= int64(f.at) && off+int64(len(p)) > int64(f.at) {
		if f.reads++; f.reads == 2 {
			f.b[f.at] ^= 1
		}
	}
	return bytes.NewReader(f.b).ReadAt(p, off)
}

// errWriter fails every write.
type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

// TestMovedLeaves encodes and decodes with the leaves copied as they are
// hashed and copied after, and through non-temporal stores (encoding into
// a reused buffer at an odd offset): the same encodings, the same input back, and
// every corruption of a leaf or parent caught either way, in each mode.
func TestMovedLeaves(t *testing.T) {
	defer func(v uint64) { *bao.MoveMaxBytes = v }(*bao.MoveMaxBytes)
	ntMin := *bao.NTMinBytes
	key := [32]byte{7}
	rng := rand.New(rand.NewPCG(5, 5))
	defer func(v uint64) { *bao.ParallelMinBytes = v }(*bao.ParallelMinBytes)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(max(4, runtime.GOMAXPROCS(0))))
	for _, n := range []int{2048, 64<<10 + 5, 300<<10 + 7, 1<<20 + 3<<10 + 5} {
		in := random(n, uint64(n)+5)
		for _, opt := range []*bao.Options{nil, {GroupSize: 16 << 10}, {Mode: hazmat.Keyed(&key), GroupSize: 2048}} {
			*bao.MoveMaxBytes, *bao.NTMinBytes = 0, ntMin
			want, root, _ := bao.Encode(in, opt)
			*bao.MoveMaxBytes = 1 << 30
			enc, r, err := bao.Encode(in, opt)
			if err != nil || r != root || !bytes.Equal(enc, want) {
				t.Fatalf("n=%d %+v: moved encoding differs (%v)", n, opt, err)
			}
			*bao.MoveMaxBytes, *bao.NTMinBytes = 0, 0
			for _, stream := range append(cpu.RoleImpls("blake3", cpu.RoleStream), cpu.Generic) {
				cpu.SelectRole("blake3", cpu.RoleStream, stream)
				for _, par := range []uint64{1 << 62, 256 << 10} {
					// Each subtree's encoding is written out while the next
					// is hashed (or its place prefetched), on one goroutine
					// or several.
					*bao.ParallelMinBytes = par
					reused := bytes.Repeat([]byte{0xa5}, len(want)+5)
					nt, r, err := bao.AppendEncode(reused[:5], in, opt)
					if err != nil || r != root || !bytes.Equal(nt[5:], want) || !bytes.Equal(nt[:5], reused[:5]) {
						t.Fatalf("n=%d %+v stream kernel %s, parallel from %d: encoding past NTMinBytes differs (%v)", n, opt, stream, par, err)
					}
				}
			}
			cpu.Restore("blake3")
			*bao.NTMinBytes = ntMin
			for _, c := range [][2]uint64{{0, ntMin}, {1 << 30, ntMin}, {0, 0}} {
				*bao.MoveMaxBytes, *bao.NTMinBytes = c[0], c[1]
				if got, err := bao.Decode(enc, &root, opt); err != nil || !bytes.Equal(got, in) {
					t.Fatalf("n=%d %+v moveMax, ntMin %d: Decode: %v", n, opt, c, err)
				}
				for range 8 {
					i := 8 + rng.IntN(len(enc)-8)
					if got, err := bao.Decode(flip(enc, i), &root, opt); !errors.Is(err, bao.ErrHashMismatch) || got != nil {
						t.Fatalf("n=%d %+v moveMax, ntMin %d: Decode of the encoding corrupted at %d: %d bytes, %v", n, opt, c, i, len(got), err)
					}
				}
			}
			*bao.NTMinBytes = ntMin
			checkStaged(t, in, enc, &root, opt, rng)
		}
	}
}

// checkStaged reads enc with a Decoder that stages each complete subtree
// (NTMinBytes 0): the input back, and from encodings corrupted or cut
// short, a verified prefix of it and the error.
func checkStaged(t *testing.T, in, enc []byte, root *[32]byte, opt *bao.Options, rng *rand.Rand) {
	t.Helper()
	defer func(v uint64) { *bao.NTMinBytes = v }(*bao.NTMinBytes)
	*bao.NTMinBytes = 0
	for k := range 9 {
		e, want := enc, error(nil)
		switch {
		case k == 1:
			e, want = enc[:8+rng.IntN(len(enc)-8)], bao.ErrTruncated
		case k > 1:
			e, want = flip(enc, 8+rng.IntN(len(enc)-8)), bao.ErrHashMismatch
		}
		d, _ := bao.NewDecoder(bytes.NewReader(e), root, opt)
		got, err := io.ReadAll(d)
		if want == nil && (err != nil || !bytes.Equal(got, in)) || want != nil && !errors.Is(err, want) || !bytes.Equal(got, in[:len(got)]) {
			t.Fatalf("n=%d %+v case %d: staged Decoder: %d bytes, %v (want %v)", len(in), opt, k, len(got), err, want)
		}
	}
}

// TestZeroDecoder checks that a zero Decoder, which has no encoding to
// read, returns an error from Read, WriteTo and Seek rather than panicking.
func TestZeroDecoder(t *testing.T) {
	for name, f := range map[string]func(d *bao.Decoder) error{
		"Read":    func(d *bao.Decoder) error { _, err := d.Read(make([]byte, 10)); return err },
		"WriteTo": func(d *bao.Decoder) error { _, err := d.WriteTo(io.Discard); return err },
		"Seek":    func(d *bao.Decoder) error { _, err := d.Seek(-1, io.SeekEnd); return err },
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s on a zero Decoder panicked: %v", name, r)
				}
			}()
			if err := f(new(bao.Decoder)); err == nil {
				t.Errorf("%s on a zero Decoder succeeded", name)
			}
		}()
	}
}
