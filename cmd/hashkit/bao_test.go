package main

import (
	"bytes"
	"encoding/hex"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/blake3"
	"github.com/hashkit/hashkit/blake3/bao"
)

// TestBao runs every bao command on a file of three levels of tree, with
// files and standard streams, and checks a corrupted encoding fails with
// status 1, the offset named, and no unverified byte written.
func TestBao(t *testing.T) {
	dir := t.TempDir()
	in := make([]byte, 300<<10+123)
	for i := range in {
		in[i] = byte(i*13 + i>>9)
	}
	write := func(name string, b []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	ok := func(r runResult) runResult {
		t.Helper()
		if r.code != 0 {
			t.Fatalf("status %d: %s", r.code, r.stderr)
		}
		return r
	}
	write("in", in)
	sum := blake3.Sum256(in)
	root := hex.EncodeToString(sum[:])
	if got := strings.TrimSpace(ok(hk(t, dir, nil, "bao", "hash", "in")).stdout); got != root {
		t.Fatalf("bao hash = %s, want %s", got, root)
	}
	want, _, _ := bao.Encode(in, nil)
	ok(hk(t, dir, nil, "bao", "encode", "in", "enc"))
	if !bytes.Equal(read("enc"), want) {
		t.Fatal("bao encode: encoding differs from bao.Encode's")
	}
	ok(hk(t, dir, in, "bao", "encode", "-", "enc2"))
	if !bytes.Equal(read("enc2"), want) {
		t.Fatal("bao encode - FILE: encoding differs from bao.Encode's")
	}
	if r := ok(hk(t, dir, in, "bao", "encode", "-", "-")); r.stdout != string(want) {
		t.Fatal("bao encode - -: encoding differs")
	}
	if r := ok(hk(t, dir, nil, "bao", "encode", "in", "-")); r.stdout != string(want) {
		t.Fatal("bao encode FILE -: encoding differs")
	}
	// A file of several of bao.EncodeTo's units, to standard output: read
	// twice, not held in memory.
	big := bytes.Repeat(in, 30)
	write("big", big)
	bigEnc, _, _ := bao.Encode(big, nil)
	bigOb, _, _ := bao.EncodeOutboard(big, nil)
	if r := ok(hk(t, dir, nil, "bao", "encode", "big", "-")); r.stdout != string(bigEnc) {
		t.Fatal("bao encode BIG -: encoding differs")
	}
	if r := ok(hk(t, dir, nil, "bao", "encode", "big", "--outboard", "-")); r.stdout != string(bigOb) {
		t.Fatal("bao encode BIG --outboard -: encoding differs")
	}
	ok(hk(t, dir, nil, "bao", "encode", "in", "--outboard", "ob"))
	if r := ok(hk(t, dir, want, "bao", "decode", root)); r.stdout != string(in) {
		t.Fatal("bao decode from standard input differs")
	}
	r := ok(hk(t, dir, nil, "bao", "decode", root, "in", "--outboard", "ob", "--start", "100000", "--count", "7000"))
	if r.stdout != string(in[100000:107000]) {
		t.Fatal("bao decode --outboard --start --count differs")
	}
	ok(hk(t, dir, nil, "bao", "slice", "100000", "7000", "enc", "slice"))
	ok(hk(t, dir, nil, "bao", "slice", "100000", "7000", "in", "slice2", "--outboard", "ob"))
	if !bytes.Equal(read("slice"), read("slice2")) {
		t.Fatal("slices from combined and outboard differ")
	}
	if r := ok(hk(t, dir, nil, "bao", "decode-slice", root, "100000", "7000", "slice")); r.stdout != string(in[100000:107000]) {
		t.Fatal("bao decode-slice differs")
	}
	ok(hk(t, dir, nil, "bao", "encode", "in", "enc16", "--chunk-group", "16KiB"))
	if r := ok(hk(t, dir, nil, "bao", "decode", root, "enc16", "--chunk-group", "16KiB")); r.stdout != string(in) {
		t.Fatal("bao decode --chunk-group 16KiB differs")
	}

	bad := bytes.Clone(want)
	bad[len(bad)-5000] ^= 1
	write("bad", bad)
	r = hk(t, dir, nil, "bao", "decode", root, "bad", "out")
	if r.code != 1 || !strings.Contains(r.stderr, "offset") {
		t.Fatalf("corrupted decode: status %d, %q", r.code, r.stderr)
	}
	if out := read("out"); !bytes.HasPrefix(in, out) || len(out) == len(in) {
		t.Fatalf("corrupted decode wrote %d bytes that are not a verified prefix", len(out))
	}
	if r := hk(t, dir, nil, "bao", "encode", "in", "x", "--chunk-group", "3KiB"); r.code != 2 {
		t.Fatalf("--chunk-group 3KiB: status %d", r.code)
	}
	if r := hk(t, dir, nil, "bao", "decode", "00", "enc"); r.code != 2 {
		t.Fatalf("bad hash: status %d", r.code)
	}
}

// TestBaoHashEncoded takes the hash from combined and outboard encodings,
// from files and standard input, and checks that a corrupted or truncated
// encoding fails with status 1 and the offset named.
func TestBaoHashEncoded(t *testing.T) {
	dir := t.TempDir()
	in := make([]byte, 300<<10+123)
	for i := range in {
		in[i] = byte(i*29 + i>>11)
	}
	sum := blake3.Sum256(in)
	root := hex.EncodeToString(sum[:])
	enc, _, _ := bao.Encode(in, nil)
	ob, _, _ := bao.EncodeOutboard(in, nil)
	enc16, _, _ := bao.Encode(in, &bao.Options{GroupSize: 16 << 10})
	small, _, _ := bao.Encode(in[:500], nil)
	smallSum := blake3.Sum256(in[:500])
	for name, b := range map[string][]byte{"in": in, "enc": enc, "ob": ob, "enc16": enc16, "small": small} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	hash := func(stdin []byte, args ...string) (string, runResult) {
		t.Helper()
		r := hk(t, dir, stdin, append([]string{"bao", "hash"}, args...)...)
		return strings.TrimSpace(r.stdout), r
	}
	for _, c := range []struct {
		stdin []byte
		args  []string
		want  string
	}{
		{nil, []string{"--encoded", "enc"}, root},
		{enc, []string{"--encoded"}, root},
		{nil, []string{"--encoded", "enc16", "--chunk-group", "16KiB"}, root},
		{nil, []string{"--encoded", "small"}, hex.EncodeToString(smallSum[:])},
		{nil, []string{"in", "--outboard", "ob"}, root},
		{in, []string{"--outboard", "ob"}, root},
	} {
		if got, r := hash(c.stdin, c.args...); r.code != 0 || got != c.want {
			t.Errorf("bao hash %q: status %d, %q (%s)", c.args, r.code, got, r.stderr)
		}
	}
	if got, r := hash(nil, "--encoded", "enc", "enc16", "--chunk-group", "16KiB"); r.code == 0 {
		t.Errorf("a standard encoding read with 16 KiB groups: %q", got)
	}
	for _, c := range []struct {
		name string
		b    []byte
		args []string
	}{
		{"leaf", flipAt(enc, len(enc)-5000), []string{"--encoded", "bad"}},
		{"parent", flipAt(enc, 8+64+3), []string{"--encoded", "bad"}},
		{"truncated", enc[:len(enc)-1], []string{"--encoded", "bad"}},
		{"outboard", flipAt(ob, len(ob)-1), []string{"in", "--outboard", "bad"}},
		{"input", flipAt(in, 200000), []string{"bad", "--outboard", "ob"}},
		// The outboard verifies the input's first bytes; the hash printed
		// would not be the hash of the rest.
		{"longer input", append(bytes.Clone(in), 'x'), []string{"bad", "--outboard", "ob"}},
	} {
		if err := os.WriteFile(filepath.Join(dir, "bad"), c.b, 0o644); err != nil {
			t.Fatal(err)
		}
		if got, r := hash(nil, c.args...); r.code != 1 || got != "" || !strings.Contains(r.stderr, "offset") && !strings.Contains(r.stderr, "truncated") {
			t.Errorf("corrupted %s: status %d, %q, %q", c.name, r.code, got, r.stderr)
		}
	}
	if _, r := hash(nil, "--encoded", "enc", "--outboard", "ob"); r.code != 2 {
		t.Errorf("--encoded with --outboard: status %d", r.code)
	}
	if _, r := hash(nil, "in", "in", "--outboard", "ob"); r.code != 2 {
		t.Errorf("--outboard with two inputs: status %d", r.code)
	}
}

func flipAt(b []byte, i int) []byte {
	b = bytes.Clone(b)
	b[i] ^= 1
	return b
}

// smallBaoInput is an input of five chunks, its root hash in hex and its
// combined encoding.
func smallBaoInput() (in []byte, root string, enc []byte) {
	in = make([]byte, 5000)
	for i := range in {
		in[i] = byte(i * 7)
	}
	sum := blake3.Sum256(in)
	enc, _, _ = bao.Encode(in, nil)
	return in, hex.EncodeToString(sum[:]), enc
}

// TestBaoOutputIsInput names an input again as the output, under its own
// name or another link to it: creating the output would truncate the input
// before it is read, so the command must refuse and leave it as it was.
func TestBaoOutputIsInput(t *testing.T) {
	dir := t.TempDir()
	in, root, enc := smallBaoInput()
	ob, _, _ := bao.EncodeOutboard(in, nil)
	var slice bytes.Buffer
	if err := bao.ExtractSlice(&slice, bytes.NewReader(enc), 1000, 100, nil); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{"in": in, "enc": enc, "ob": ob, "slice": slice.Bytes()}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Link(filepath.Join(dir, "enc"), filepath.Join(dir, "enc.link")); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"encode", "in", "in"},
		{"encode", "in", "--outboard", "in"},
		{"decode", root, "enc", "enc"},
		{"decode", root, "enc", "enc.link"},
		{"decode", root, "in", "ob", "--outboard", "ob"},
		{"decode", root, "in", "in", "--outboard", "ob"},
		{"slice", "1000", "100", "enc", "enc"},
		{"slice", "1000", "100", "in", "ob", "--outboard", "ob"},
		{"decode-slice", root, "1000", "100", "slice", "slice"},
	} {
		r := hk(t, dir, nil, append([]string{"bao"}, args...)...)
		if r.code != 2 || !strings.Contains(r.stderr, "input") {
			t.Errorf("bao %q: status %d, %q", args, r.code, r.stderr)
		}
		for name, b := range files {
			if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || !bytes.Equal(got, b) {
				t.Fatalf("bao %q changed %s (%d bytes, was %d): %v", args, name, len(got), len(b), err)
			}
		}
	}
}

// TestBaoKeyFileBounded: --keyed reads at most a small file's worth, as
// sum's --key-file does: --keyed /dev/zero read until the runtime died of
// "out of memory". The key file here is a pipe fed zeros without end, and
// the test counts what the command took from it.
func TestBaoKeyFileBounded(t *testing.T) {
	if _, err := os.Stat("/dev/stdin"); err != nil {
		t.Skip("no /dev/stdin")
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "in"), []byte("hello\n"), 0o644)
	cmd := exec.Command(binary, "bao", "hash", "--keyed", "/dev/stdin", "in")
	zeros := &zeroSource{left: 256 << 20}
	var stdout, stderr bytes.Buffer
	cmd.Dir, cmd.Stdin, cmd.Stdout, cmd.Stderr = dir, zeros, &stdout, &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || stdout.Len() != 0 ||
		!strings.HasPrefix(stderr.String(), "hashkit: --keyed: ") || !strings.Contains(stderr.String(), "holds over") {
		t.Errorf("bao hash --keyed of an endless stream: %v, %q, %.300q", err, stdout.String(), stderr.String())
	}
	// What the pipe holds and one copy buffer may be taken from the source
	// beyond what the command read.
	if n := 256<<20 - zeros.left; n > 1<<20 {
		t.Errorf("bao hash --keyed of an endless stream: %d bytes taken from it, want at most 1 MiB", n)
	}
}

// zeroSource reads as left zero bytes, then as the end of input.
type zeroSource struct{ left int }

func (z *zeroSource) Read(p []byte) (int, error) {
	if z.left == 0 {
		return 0, io.EOF
	}
	n := min(len(p), z.left)
	clear(p[:n])
	z.left -= n
	return n, nil
}

// TestBaoDecodeCountZero: decode --count 0 writes nothing but still checks
// the chunk at --start against HASH, as a slice of 0 bytes does
// (decode-slice HASH START 0): with a wrong hash it exited 0.
func TestBaoDecodeCountZero(t *testing.T) {
	dir := t.TempDir()
	_, root, enc := smallBaoInput()
	os.WriteFile(filepath.Join(dir, "enc"), enc, 0o644)
	wrong := strings.Repeat("0", 64)
	for _, c := range []struct {
		root string
		args []string
		code int
	}{
		{root, []string{"--count", "0"}, 0},
		{root, []string{"--start", "4000", "--count", "0"}, 0},
		{root, []string{"--start", "5000", "--count", "0"}, 0},
		{wrong, []string{"--count", "0"}, 1},
		{wrong, []string{"--start", "4000", "--count", "0"}, 1},
		{wrong, []string{"--start", "5000", "--count", "0"}, 1},
	} {
		r := hk(t, dir, nil, append([]string{"bao", "decode", c.root, "enc"}, c.args...)...)
		if r.code != c.code || r.stdout != "" {
			t.Errorf("bao decode %s... enc %q: status %d, want %d; %d bytes out, %q", c.root[:8], c.args, r.code, c.code, len(r.stdout), r.stderr)
		}
	}
}

// TestBaoEncodeStdinOffset encodes standard input that is a regular file
// read partway already (a shell's "(read header; hashkit bao encode - out)
// < file"): the encoding is of the rest, to a file and to standard output,
// where the length of the file alone would make the input end early.
func TestBaoEncodeStdinOffset(t *testing.T) {
	dir := t.TempDir()
	in := make([]byte, 70<<10+5)
	for i := range in {
		in[i] = byte(i * 31)
	}
	name := filepath.Join(dir, "in")
	if err := os.WriteFile(name, in, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"-", "enc"}, {"-", "-"}, {"-", "--outboard", "-"}} {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Seek(10, 0); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(binary, append([]string{"bao", "encode"}, args...)...)
		cmd.Dir, cmd.Stdin = dir, f
		var out, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &stderr
		err = cmd.Run()
		f.Close()
		if err != nil {
			t.Fatalf("bao encode %v from offset 10: %v: %s", args, err, stderr.String())
		}
		got := out.Bytes()
		if args[1] == "enc" {
			if got, err = os.ReadFile(filepath.Join(dir, "enc")); err != nil {
				t.Fatal(err)
			}
		}
		want, _, _ := bao.Encode(in[10:], nil)
		if args[1] == "--outboard" {
			want, _, _ = bao.EncodeOutboard(in[10:], nil)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("bao encode %v from offset 10: not the encoding of the rest of the file", args)
		}
	}
}

// TestBaoEncodePipe encodes a stream longer than bao encode holds in memory
// to standard output: it goes through a temporary file, the encoding is
// bao's, combined and outboard, and the command's memory stays bounded
// (it held the stream and its encoding: over 200 MB for this one).
func TestBaoEncodePipe(t *testing.T) {
	dir := t.TempDir()
	in := make([]byte, 96<<20+5)
	for i := range in {
		in[i] = byte(i*7 + i>>13)
	}
	want, _, _ := bao.Encode(in, nil)
	if r := hk(t, dir, in, "bao", "encode", "-", "-"); r.code != 0 || r.stdout != string(want) {
		t.Fatalf("bao encode - - of %d bytes: status %d, encoding equal %v: %s", len(in), r.code, r.stdout == string(want), r.stderr)
	}
	want, _, _ = bao.EncodeOutboard(in, nil)
	if r := hk(t, dir, in, "bao", "encode", "-", "--outboard", "-"); r.code != 0 || r.stdout != string(want) {
		t.Fatalf("bao encode - --outboard - of %d bytes: status %d, encoding equal %v: %s", len(in), r.code, r.stdout == string(want), r.stderr)
	}
	cmd := exec.Command(binary, "bao", "encode", "-", "-")
	cmd.Dir, cmd.Stdin = dir, bytes.NewReader(in)
	if peak := peakMemory(t, cmd); peak > 64<<20 {
		t.Errorf("bao encode - - of %d MB: %d MB of memory at most, want under 64 MB", len(in)>>20, peak>>20)
	}
}

// TestBaoDirectoryInput names a directory as each command's input: it is
// refused before the output is created, which is left as it was (a
// directory opens, and used to fail only when read, once the output was
// truncated), and the error is the directory's, not a failed verification.
func TestBaoDirectoryInput(t *testing.T) {
	dir := t.TempDir()
	in, root, _ := smallBaoInput()
	ob, _, _ := bao.EncodeOutboard(in, nil)
	for name, b := range map[string][]byte{"in": in, "ob": ob, "out": []byte("keep")} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"encode", "d", "out"},
		{"encode", "d", "--outboard", "out"},
		{"decode", root, "d", "out"},
		{"decode", root, "in", "out", "--outboard", "d"},
		{"slice", "0", "10", "d", "out"},
		{"decode-slice", root, "0", "10", "d", "out"},
		{"hash", "--encoded", "d"},
		{"hash", "--outboard", "d", "in"},
		{"hash", "--outboard", "ob", "d"},
	} {
		r := hk(t, dir, nil, append([]string{"bao"}, args...)...)
		if r.code != 1 || !strings.Contains(r.stderr, "Is a directory") || strings.Contains(r.stderr, "verification") {
			t.Errorf("bao %q: status %d, %q", args, r.code, r.stderr)
		}
		if got, _ := os.ReadFile(filepath.Join(dir, "out")); string(got) != "keep" {
			t.Errorf("bao %q: the output is now %q", args, got)
		}
	}
}
