package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"syscall"

	"github.com/hashkit/hashkit/blake3/bao"
	"github.com/hashkit/hashkit/blake3/hazmat"
)

const baoUsage = `usage: hashkit bao hash [INPUT...] [--encoded | --outboard FILE]
       hashkit bao encode INPUT (OUTPUT | --outboard FILE)
       hashkit bao decode HASH [INPUT] [OUTPUT] [--outboard FILE] [--start N] [--count N]
       hashkit bao slice START COUNT [INPUT] [OUTPUT] [--outboard FILE]
       hashkit bao decode-slice HASH START COUNT [INPUT] [OUTPUT]

Bao verified streaming, with the arguments of the reference bao command
(oconnor663/bao); - or no name is standard input or output. Every command
takes --chunk-group SIZE (1KiB, the default, is standard Bao; powers of two
up to 1MiB) and --keyed KEYFILE (a Bao tree over the BLAKE3 keyed hash; the
file holds the 32-byte key, raw or as 64 hex digits). decode and
decode-slice write only verified bytes; a failed check exits with status 1
and names the offset. hash --encoded takes the hash from combined
encodings, hash --outboard FILE from an outboard encoding and its INPUT,
and verifies each whole encoding against that hash: a corrupted one fails
with status 1, naming the offset.
`

func init() {
	for _, c := range []string{"hash", "encode", "decode", "slice", "decode-slice"} {
		synopses["bao "+c] = baoUsage
	}
}

func cmdBao(args []string, e *env) error {
	if len(args) == 0 {
		fmt.Fprint(e.stderr, baoUsage)
		return exitStatus(exitUsage)
	}
	switch c := args[0]; c {
	case "hash", "encode", "decode", "slice", "decode-slice":
		return baoRun(c, args[1:], e)
	case "-h", "--help", "help":
		fmt.Fprint(e.stdout, baoUsage)
		return nil
	default:
		return usagef("bao: unknown command %q (hash, encode, decode, slice, decode-slice)", c)
	}
}

// baoArgs are the positional arguments each command takes: the required
// ones, then the optional ones.
var baoArgs = map[string][2]int{
	"hash": {0, -1}, "encode": {1, 1}, "decode": {1, 2}, "slice": {2, 2}, "decode-slice": {3, 2},
}

func baoRun(cmd string, args []string, e *env) error {
	fs := newFlags("bao "+cmd, e)
	group := fs.String("chunk-group", "1KiB", "leaf size: a power of two from 1KiB to 1MiB")
	keyFile := fs.String("keyed", "", "read the 32-byte BLAKE3 key from `KEYFILE`")
	var outboard *string
	var start, count *uint64
	encoded := new(bool)
	if cmd == "hash" {
		encoded = fs.Bool("encoded", false, "each INPUT is a combined encoding: print the hash it commits to, once verified")
	}
	if cmd == "hash" || cmd == "encode" || cmd == "decode" || cmd == "slice" {
		outboard = fs.String("outboard", "", "the outboard encoding `FILE`")
	}
	if cmd == "decode" {
		start = fs.Uint64("start", 0, "decode from input offset `N`")
		count = fs.Uint64("count", 0, "decode at most `N` bytes (default: to the end)")
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	pos := fs.Args()
	need, opt := baoArgs[cmd][0], baoArgs[cmd][1]
	if cmd == "encode" && *outboard != "" {
		opt = 0
	}
	if cmd == "hash" && *outboard != "" {
		if *encoded {
			return usagef("bao hash: --encoded and --outboard exclude each other")
		}
		opt = 1
	}
	if len(pos) < need || (opt >= 0 && len(pos) > need+opt) {
		return usagef("bao %s: wrong number of arguments (see 'hashkit bao --help')", cmd)
	}
	o, err := baoOptions(*group, *keyFile)
	if err != nil {
		return err
	}
	arg := func(i int) string {
		if i < len(pos) {
			return pos[i]
		}
		return "-"
	}
	switch cmd {
	case "hash":
		if *outboard != "" {
			return baoHashOutboard(arg(0), *outboard, o, e)
		}
		return baoHash(pos, *encoded, o, e)
	case "encode":
		return baoEncode(arg(0), arg(1), *outboard, o, e)
	case "decode":
		root, err := parseRoot(pos[0])
		if err != nil {
			return err
		}
		n := int64(-1)
		if fs.Changed("count") {
			n = int64(min(*count, 1<<63-1))
		}
		return baoDecode(root, arg(1), arg(2), *outboard, *start, n, o, e)
	case "slice":
		s, c, err := parseRange(pos[0], pos[1])
		if err != nil {
			return err
		}
		return baoSlice(s, c, arg(2), arg(3), *outboard, o, e)
	default:
		root, err := parseRoot(pos[0])
		if err != nil {
			return err
		}
		s, c, err := parseRange(pos[1], pos[2])
		if err != nil {
			return err
		}
		return baoDecodeSlice(root, s, c, arg(3), arg(4), o, e)
	}
}

// baoOptions returns the options of --chunk-group and --keyed.
func baoOptions(group, keyFile string) (*bao.Options, error) {
	o := &bao.Options{}
	size, err := parseSize(group)
	if err != nil {
		return nil, usagef("bao: --chunk-group: %v", err)
	}
	o.GroupSize = size
	if _, err := bao.EncodedSize(0, false, o); err != nil {
		return nil, usagef("bao: --chunk-group %s: a power of two from 1KiB to 1MiB", group)
	}
	if keyFile != "" {
		key, err := readBaoKey(keyFile)
		if err != nil {
			return nil, err
		}
		o.Mode = hazmat.Keyed(key)
	}
	return o, nil
}

func readBaoKey(name string) (*[32]byte, error) {
	b, err := readSmallFile(name)
	if err != nil {
		return nil, fmt.Errorf("--keyed: %v", err)
	}
	if len(b) == 32 {
		return (*[32]byte)(b), nil
	}
	h, err := hex.DecodeString(strings.TrimSpace(string(b)))
	if err != nil || len(h) != 32 {
		return nil, fmt.Errorf("--keyed: %s holds neither 32 bytes nor 64 hex digits", quoteName(name))
	}
	return (*[32]byte)(h), nil
}

func parseRoot(s string) (*[32]byte, error) {
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != 32 {
		return nil, usagef("bao: HASH must be 64 hex digits, got %q", s)
	}
	return (*[32]byte)(b), nil
}

func parseRange(s, c string) (uint64, uint64, error) {
	start, err1 := strconv.ParseUint(s, 10, 64)
	count, err2 := strconv.ParseUint(c, 10, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, usagef("bao: START and COUNT must be byte counts, got %q %q", s, c)
	}
	return start, count, nil
}

// baoOpen opens name for reading, or standard input for "-".
func baoOpen(name string, e *env) (io.Reader, func(), error) {
	if name == "-" {
		return e.stdin, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %s", quoteName(name), describe(err))
	}
	// A directory opens and fails only when read, by when the output has
	// been created (an existing one truncated): refuse it now.
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %s", quoteName(name), describe(syscall.EISDIR))
	}
	return f, func() { f.Close() }, nil
}

// baoInputs opens the input in and, unless outboard is empty, the outboard
// encoding beside it (ob is nil without one); done closes both.
func baoInputs(in, outboard string, e *env) (r, ob io.Reader, done func(), err error) {
	r, rDone, err := baoOpen(in, e)
	if err != nil || outboard == "" {
		return r, nil, rDone, err
	}
	ob, obDone, err := baoOpen(outboard, e)
	if err != nil {
		rDone()
		return nil, nil, nil, err
	}
	return r, ob, func() { obDone(); rDone() }, nil
}

// baoCreate creates the output file name, unless it is a regular file that
// is one of the inputs (under any name): creating it would truncate that
// input before it is read (bao encode f f would leave f an encoding of
// nothing).
func baoCreate(name string, e *env, inputs ...string) (*os.File, error) {
	if out, err := os.Stat(name); err == nil && out.Mode().IsRegular() {
		for _, in := range inputs {
			var st os.FileInfo
			if in == "-" {
				if f, ok := e.stdin.(*os.File); ok {
					st, err = f.Stat()
				}
			} else if in != "" {
				st, err = os.Stat(in)
			}
			if st != nil && err == nil && os.SameFile(st, out) {
				shown := "standard input"
				if in != "-" {
					shown = quoteName(in)
				}
				return nil, usagef("bao: the output %s is the input %s: writing it would destroy it before it is read", quoteName(name), shown)
			}
		}
	}
	f, err := os.Create(name)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", quoteName(name), describe(err))
	}
	return f, nil
}

// baoWrite runs write on a buffered writer to name (standard output for
// "-"), then flushes and closes it, and returns the first error. inputs
// are the files the command reads, which name must not be.
func baoWrite(name string, e *env, write func(io.Writer) error, inputs ...string) error {
	var dst io.Writer = e.out
	var f *os.File
	if name != "-" {
		var err error
		if f, err = baoCreate(name, e, inputs...); err != nil {
			return err
		}
		dst = f
	}
	w := bufio.NewWriterSize(dst, 64<<10)
	err := write(w)
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if f != nil {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	return err
}

// baoHash prints the root hash of each input, or with encoded the hash
// each combined encoding commits to (its root node's), once the whole
// encoding is verified against it.
func baoHash(names []string, encoded bool, o *bao.Options, e *env) error {
	if len(names) == 0 {
		names = []string{"-"}
	}
	for _, name := range names {
		r, done, err := baoOpen(name, e)
		if err != nil {
			return err
		}
		var root [32]byte
		if encoded {
			root, err = baoVerifiedRoot(bufio.NewReaderSize(r, 1<<20), nil, o)
			err = baoErr(err)
		} else {
			// Every group size has the same root: the BLAKE3 hash (or
			// keyed hash) of the input.
			var s *hazmat.Subtree
			if s, err = hazmat.NewSubtree(o.Mode, 0); err == nil {
				_, err = io.Copy(s, bufio.NewReaderSize(r, 1<<20))
				root, _ = s.Root()
			}
			if err != nil {
				err = errors.New(describe(err))
			}
		}
		done()
		if err != nil {
			return fmt.Errorf("%s: %v", quoteName(name), err)
		}
		if len(names) > 1 {
			fmt.Fprintf(e.out, "%x  %s\n", root, name)
		} else {
			fmt.Fprintf(e.out, "%x\n", root)
		}
	}
	return nil
}

// baoHashOutboard prints the hash an outboard encoding commits to, once
// it and the input are verified against it.
func baoHashOutboard(in, outboard string, o *bao.Options, e *env) error {
	r, ob, done, err := baoInputs(in, outboard, e)
	if err != nil {
		return err
	}
	defer done()
	root, err := baoVerifiedRoot(bufio.NewReaderSize(ob, 1<<20), bufio.NewReaderSize(r, 1<<20), o)
	if err != nil {
		return baoErr(err)
	}
	fmt.Fprintf(e.out, "%x\n", root)
	return nil
}

// baoVerifiedRoot takes the root hash from the root node of enc (an
// outboard beside data, if data is not nil), then decodes the whole input
// against it, reading each stream once: what the root node took is read
// again from memory.
func baoVerifiedRoot(enc, data io.Reader, o *bao.Options) ([32]byte, error) {
	var encHead, dataHead bytes.Buffer
	var root [32]byte
	var err error
	if data == nil {
		root, err = bao.EncodedRoot(io.TeeReader(enc, &encHead), o)
	} else {
		root, err = bao.OutboardRoot(io.TeeReader(data, &dataHead), io.TeeReader(enc, &encHead), o)
	}
	if err != nil {
		return root, err
	}
	enc = io.MultiReader(&encHead, enc)
	var d *bao.Decoder
	if data == nil {
		d, err = bao.NewDecoder(enc, &root, o)
	} else {
		d, err = bao.NewOutboardDecoder(io.MultiReader(&dataHead, data), enc, &root, o)
	}
	var n int64
	if err == nil {
		n, err = io.Copy(io.Discard, d)
	}
	if err == nil && data != nil {
		// The decoder ignores input past the length the outboard gives,
		// as the reference does; but a hash printed for INPUT must be
		// the hash of all of it.
		var more [1]byte
		if k, _ := io.ReadFull(data, more[:]); k > 0 {
			err = fmt.Errorf("verification failed: the input goes on past offset %d, where the outboard ends it", n)
		}
	}
	return root, err
}

func baoEncode(in, out, outboard string, o *bao.Options, e *env) error {
	r, done, err := baoOpen(in, e)
	if err != nil {
		return err
	}
	defer done()
	dest, isOutboard := out, outboard != ""
	if isOutboard {
		dest = outboard
	}
	if dest == "-" {
		// Standard output cannot be written out of order: a regular file
		// is read twice; other input is encoded in memory up to
		// baoSpillBytes, and past that saved to a temporary file first.
		if f, start, n, ok := regularRest(r); ok {
			return baoEncodeToStream(e.out, f, start, n, isOutboard, o, in)
		}
		data, err := io.ReadAll(io.LimitReader(r, baoSpillBytes+1))
		if err != nil {
			return fmt.Errorf("%s: %s", quoteName(in), describe(err))
		}
		if len(data) > baoSpillBytes {
			return baoEncodeSpilled(e.out, data, r, isOutboard, o, in)
		}
		var enc []byte
		if isOutboard {
			enc, _, err = bao.EncodeOutboard(data, o)
		} else {
			enc, _, err = bao.Encode(data, o)
		}
		if err != nil {
			return err
		}
		_, err = e.out.Write(enc)
		return err
	}
	f, err := baoCreate(dest, e, in)
	if err != nil {
		return err
	}
	if err := baoEncodeFile(f, r, isOutboard, o); err != nil {
		f.Close()
		return fmt.Errorf("encoding %s: %s", quoteName(in), baoDescribe(err))
	}
	return f.Close()
}

// baoSpillBytes is the most of a stream that bao encode - holds in memory
// to encode it to standard output.
const baoSpillBytes = 16 << 20

// baoEncodeSpilled encodes to w a stream too long to hold: head, already
// read, and the rest of r are written to a temporary file (in $TMPDIR,
// removed after), which is then read twice as a regular file is.
func baoEncodeSpilled(w io.Writer, head []byte, r io.Reader, outboard bool, o *bao.Options, in string) error {
	tmp, err := os.CreateTemp("", "hashkit-bao-")
	if err != nil {
		return fmt.Errorf("a temporary file for %s: %s", quoteName(in), describe(err))
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	_, err = tmp.Write(head)
	var rest int64
	if err == nil {
		rest, err = io.Copy(tmp, r)
	}
	if err != nil {
		return fmt.Errorf("saving %s to %s: %s", quoteName(in), tmp.Name(), describe(err))
	}
	return baoEncodeToStream(w, tmp, 0, int64(len(head))+rest, outboard, o, in)
}

// regularRest returns r as a regular file with its offset (standard input
// may be past 0) and the n bytes from there to its end; ok is false for
// any other input.
func regularRest(r io.Reader) (f *os.File, start, n int64, ok bool) {
	f, ok = r.(*os.File)
	if !ok {
		return nil, 0, 0, false
	}
	st, err := f.Stat()
	if err == nil && st.Mode().IsRegular() {
		start, err = f.Seek(0, io.SeekCurrent)
		if err == nil {
			return f, start, max(st.Size()-start, 0), true
		}
	}
	return nil, 0, 0, false
}

// grown reports an error if f has bytes at end: it grew while it was
// encoded, and the encoding is of a length it no longer has.
func grown(f *os.File, end int64) error {
	var more [1]byte
	if k, _ := f.ReadAt(more[:], end); k > 0 {
		return errors.New("the input grew while it was encoded")
	}
	return nil
}

// baoEncodeToStream encodes the n bytes of the regular file f, named in,
// from offset start, to w (bao.EncodeTo), and fails if f grew meanwhile.
func baoEncodeToStream(w io.Writer, f *os.File, start, n int64, outboard bool, o *bao.Options, in string) error {
	_, err := bao.EncodeTo(w, io.NewSectionReader(f, start, n), uint64(n), outboard, o)
	if err == nil {
		err = grown(f, start+n)
	}
	if err != nil {
		return fmt.Errorf("encoding %s: %s", quoteName(in), baoDescribe(err))
	}
	return nil
}

// baoEncodeFile encodes r to f: a regular file's length is known (from
// its offset, which standard input may have past 0), so each node is
// written once at its place (bao.EncodeSized); any other input is encoded
// in post-order and reordered in f (bao.EncodeFrom).
func baoEncodeFile(f *os.File, r io.Reader, outboard bool, o *bao.Options) error {
	if in, start, n, ok := regularRest(r); ok {
		if _, err := bao.EncodeSized(f, in, uint64(n), outboard, o); err != nil {
			return err
		}
		return grown(in, start+n)
	}
	_, _, err := bao.EncodeFrom(f, bufio.NewReaderSize(r, 1<<20), outboard, o)
	return err
}

func baoDecode(root *[32]byte, in, out, outboard string, start uint64, count int64, o *bao.Options, e *env) error {
	r, ob, done, err := baoInputs(in, outboard, e)
	if err != nil {
		return err
	}
	defer done()
	var d *bao.Decoder
	if ob != nil {
		d, err = bao.NewOutboardDecoder(r, ob, root, o)
	} else {
		d, err = bao.NewDecoder(r, root, o)
	}
	if err != nil {
		return err
	}
	if start > 0 {
		if _, err := d.Seek(int64(min(start, 1<<63-1)), io.SeekStart); err != nil {
			return err
		}
	}
	if count == 0 {
		// Nothing is written, but the chunk at start is checked, as a
		// slice of 0 bytes is: a wrong hash must not pass unread.
		var one [1]byte
		if _, err := d.Read(one[:]); err != nil && err != io.EOF {
			return baoErr(err)
		}
	}
	var src io.Reader = d
	if count >= 0 {
		src = io.LimitReader(d, count)
	}
	return baoErr(baoWrite(out, e, func(w io.Writer) error {
		_, err := io.Copy(w, src)
		return err
	}, in, outboard))
}

func baoSlice(start, count uint64, in, out, outboard string, o *bao.Options, e *env) error {
	r, ob, done, err := baoInputs(in, outboard, e)
	if err != nil {
		return err
	}
	defer done()
	return baoErr(baoWrite(out, e, func(w io.Writer) error {
		if ob != nil {
			return bao.ExtractSliceOutboard(w, r, ob, start, count, o)
		}
		return bao.ExtractSlice(w, r, start, count, o)
	}, in, outboard))
}

func baoDecodeSlice(root *[32]byte, start, count uint64, in, out string, o *bao.Options, e *env) error {
	r, done, err := baoOpen(in, e)
	if err != nil {
		return err
	}
	defer done()
	d, err := bao.NewSliceDecoder(r, root, start, count, o)
	if err != nil {
		return err
	}
	return baoErr(baoWrite(out, e, func(w io.Writer) error {
		_, err := io.Copy(w, d)
		return err
	}, in))
}

// baoErr words a verification failure: the library's message names the
// node and its offset.
// baoDescribe is describe for an error of encoding: the bao package's own
// errors lose their prefix, not their case.
func baoDescribe(err error) string {
	if s, ok := strings.CutPrefix(err.Error(), "hashkit/blake3/bao: "); ok {
		return s
	}
	return describe(err)
}

func baoErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, bao.ErrHashMismatch), errors.Is(err, bao.ErrTruncated), errors.Is(err, bao.ErrLength):
		return fmt.Errorf("verification failed: %v", strings.TrimPrefix(err.Error(), "hashkit/blake3/bao: "))
	}
	return err
}
