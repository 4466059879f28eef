package main

import (
	"bufio"
	"encoding/base64"
	be "encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	flag "github.com/spf13/pflag"
)

// The checksums older than the digests, as cksum and sum print them: the
// POSIX CRC (cksum's default), the CRC-32 of ITU V.42 and gzip (crc32b),
// and the 16-bit sums of System V (sum -s) and BSD (sum -r). Their digest's
// Finish is the checksum, big-endian, then the byte count (8 bytes), which
// their lines print.
type legacyKind int

const (
	legacyCRC legacyKind = iota
	legacyCRC32B
	legacySysV
	legacyBSD
)

var legacyAlgorithms = map[string]legacyKind{"crc": legacyCRC, "crc32b": legacyCRC32B, "sysv": legacySysV, "bsd": legacyBSD}

func init() {
	for _, l := range []struct {
		name string
		kind legacyKind
		size int
		doc  string
	}{
		{"crc", legacyCRC, 4, "the POSIX cksum CRC (cksum's default): CRC SIZE NAME"},
		{"crc32b", legacyCRC32B, 4, "CRC-32 of ITU V.42, zlib and gzip (cksum -a crc32b): CRC SIZE NAME"},
		{"sysv", legacySysV, 2, "System V checksum (sum -s): SUM BLOCKS NAME"},
		{"bsd", legacyBSD, 2, "BSD checksum (sum -r): SUM BLOCKS NAME"},
	} {
		// No tag: no checksum list names these, and check refuses them.
		algorithms = append(algorithms, &algorithm{name: l.name, size: l.size, doc: l.doc,
			new: func(options) (digest, error) { return &legacyDigest{kind: l.kind}, nil }})
	}
}

// posixCRCTable is the table of the POSIX CRC's polynomial 0x04C11DB7, fed
// most significant bit first (crc32.IEEE is the same polynomial reflected).
var posixCRCTable = func() (t [256]uint32) {
	for i := range t {
		c := uint32(i) << 24
		for range 8 {
			if c&(1<<31) != 0 {
				c = c<<1 ^ 0x04C11DB7
			} else {
				c <<= 1
			}
		}
		t[i] = c
	}
	return t
}()

type legacyDigest struct {
	kind legacyKind
	sum  uint32 // the CRC, or the running sum
	n    uint64
}

func (d *legacyDigest) Write(p []byte) (int, error) {
	switch d.kind {
	case legacyCRC:
		d.sum = posixCRCUpdate(d.sum, p)
	case legacyCRC32B:
		d.sum = crc32.Update(d.sum, crc32.IEEETable, p)
	case legacySysV:
		for _, b := range p {
			d.sum += uint32(b)
		}
	case legacyBSD:
		s := d.sum
		for _, b := range p {
			s = (s>>1 + s&1<<15 + uint32(b)) & 0xffff
		}
		d.sum = s
	}
	d.n += uint64(len(p))
	return len(p), nil
}

func posixCRCUpdate(crc uint32, p []byte) uint32 {
	for _, b := range p {
		crc = crc<<8 ^ posixCRCTable[byte(crc>>24)^b]
	}
	return crc
}

// Finish returns the checksum (4 bytes for the CRCs, 2 for the sums) and
// the length.
func (d *legacyDigest) Finish() []byte {
	var out []byte
	switch d.kind {
	case legacyCRC:
		// POSIX: the length follows the data, least significant byte
		// first, in as few bytes as it needs; then the CRC is inverted.
		crc := d.sum
		for n := d.n; n != 0; n >>= 8 {
			crc = posixCRCUpdate(crc, []byte{byte(n)})
		}
		out = be.BigEndian.AppendUint32(out, ^crc)
	case legacyCRC32B, legacyBSD:
		out = be.BigEndian.AppendUint32(out, d.sum)
		if d.kind == legacyBSD {
			out = out[2:]
		}
	case legacySysV:
		r := d.sum&0xffff + d.sum>>16
		out = be.BigEndian.AppendUint16(out, uint16(r&0xffff+r>>16))
	}
	return be.BigEndian.AppendUint64(out, d.n)
}

// cksumFlags are the output flags of cksum that sum takes too.
type cksumFlags struct {
	untagged  bool
	base64    bool
	operands  bool         // files were named (a legacy line then names its file)
	rawOutput bool         // --raw as cksum: the digest's bytes, alone
	multi     []*algorithm // several algorithms in one read (multi.go)
	multiAlg  *algorithm   // theirs together
}

// defineCksum adds cksum's --untagged, --base64 and --raw; tag is --tag,
// and the one given last of --tag and --untagged wins.
func (f *sumFlags) defineCksum(fs *flag.FlagSet) {
	fs.Var(&lastWins{p: &f.tag, v: false, also: &f.untagged}, "untagged", "print HEX  NAME lines (the default of sum, undoing --tag)")
	fs.Lookup("untagged").NoOptDefVal = "true"
	fs.BoolVar(&f.base64, "base64", false, "print digests in base64 (check reads them too)")
	fs.BoolVar(&f.rawOutput, "raw", false, "print the digest's bytes alone (one file only)")
}

// lastWins is one of a pair of flags for one setting (--tag, --untagged):
// given, it sets *p to v, so the one given last wins; also records it.
type lastWins struct {
	p    *bool
	v    bool
	also *bool
}

func (l *lastWins) Set(s string) error {
	on, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	if on {
		*l.p = l.v
	}
	*l.also = on
	return nil
}

func (l *lastWins) String() string { return "false" }
func (l *lastWins) Type() string   { return "bool" }

// resolveFamily turns cksum's families (sha2 and sha3, whose -l chooses the
// member) into the algorithm of that length; bits is -l in bits, and
// lengths is how the error names the lengths -l takes.
func resolveFamily(alg string, bits int, lengths string) (string, error) {
	n := normalName(alg)
	if n != "sha2" && n != "sha3" {
		return alg, nil
	}
	switch bits {
	case 224, 256, 384, 512:
	case 0:
		return "", fmt.Errorf("--algorithm=%s requires specifying --length %s", n, lengths)
	default:
		return "", fmt.Errorf("invalid length for --algorithm=%s: it must be %s", n, lengths)
	}
	if n == "sha2" {
		return fmt.Sprintf("sha%d", bits), nil
	}
	return fmt.Sprintf("sha3-%d", bits), nil
}

// cksumLine writes the line of a result in the forms cksum adds to
// sha256sum's: the legacy CRC and sums, base64 digests, raw bytes. It
// reports false for the forms sum writes itself.
func (f *sumFlags) cksumLine(out *bufio.Writer, a *algorithm, opts options, r result, name string) bool {
	kind, legacy := legacyAlgorithms[a.name]
	switch {
	case legacy:
		sum, n := r.sum[:len(r.sum)-8], be.BigEndian.Uint64(r.sum[len(r.sum)-8:])
		if f.rawOutput {
			out.Write(sum)
			return true
		}
		switch kind {
		case legacyCRC, legacyCRC32B:
			fmt.Fprintf(out, "%d %d", be.BigEndian.Uint32(sum), n)
		case legacySysV:
			fmt.Fprintf(out, "%d %d", be.BigEndian.Uint16(sum), (n+511)/512)
		case legacyBSD:
			fmt.Fprintf(out, "%05d %5d", be.BigEndian.Uint16(sum), (n+1023)/1024)
		}
		if f.operands {
			out.WriteString(" " + name)
		}
		if f.zero {
			out.WriteByte(0)
		} else {
			out.WriteByte('\n')
		}
	case f.rawOutput:
		writeDigest(out, r, true)
	case len(f.multi) > 0:
		f.writeMulti(out, r, name)
	case f.base64:
		n := len(r.sum)
		if r.out != nil {
			n = opts.length
		}
		writeLine(out, a.bsdTag(n), func(w *bufio.Writer) { writeDigestBase64(w, r) }, name, f.tag, f.zero, f.binary, true)
	default:
		return false
	}
	return true
}

// writeDigestBase64 writes r's digest in base64, a streamed output as it is
// read (an -l of gigabytes is written in constant memory, as in hex).
func writeDigestBase64(w *bufio.Writer, r result) {
	enc := base64.NewEncoder(base64.StdEncoding, w)
	if r.out == nil {
		enc.Write(r.sum)
	} else {
		io.Copy(enc, r.out)
	}
	enc.Close()
}

// writeOne writes a digest's line, tagged or not, in hex or base64.
func (f *sumFlags) writeOne(out *bufio.Writer, a *algorithm, sum []byte, name string, tagged bool) {
	writeLine(out, a.bsdTag(len(sum)), func(w *bufio.Writer) {
		if f.base64 {
			w.WriteString(base64.StdEncoding.EncodeToString(sum))
		} else {
			w.WriteString(hex.EncodeToString(sum))
		}
	}, name, tagged, f.zero, f.binary, true)
}

// checkCksumOutput refuses the output flags that cannot go together.
func (f *sumFlags) checkCksumOutput(files []string) error {
	if err := f.base64OrRaw(); err != nil {
		return err
	}
	if f.rawOutput && len(files) > 1 {
		return errors.New("the --raw option is not supported with multiple files")
	}
	return nil
}

// base64OrRaw refuses --base64 with --raw, in coreutils' words (9.2 on,
// where both came: a usage error).
func (f *sumFlags) base64OrRaw() error {
	if f.base64 && f.rawOutput {
		return errors.New("--base64 and --raw are mutually exclusive")
	}
	return nil
}

// decodeBase64Digest reads a tagged line's digest in base64 (cksum
// --base64): n bytes, padded as base64.StdEncoding pads them.
func decodeBase64Digest(s string, n int) ([]byte, bool) {
	if len(s) != base64.StdEncoding.EncodedLen(n) {
		return nil, false
	}
	b, ok := decodeBase64(s)
	return b, ok && len(b) == n
}

// decodeBase64 decodes s as padded standard base64 in Strict mode, which
// still skips CR and LF: a word holding one is no digest, and is refused.
func decodeBase64(s string) ([]byte, bool) {
	if strings.ContainsAny(s, "\r\n") {
		return nil, false
	}
	b, err := base64.StdEncoding.Strict().DecodeString(s)
	return b, err == nil
}

// untaggedLine reports whether a list line is in the untagged form (HEX,
// then a blank), which cksum --check reads only with -a.
func untaggedLine(line string) bool {
	line = strings.TrimPrefix(strings.TrimLeft(line, " \t"), "\\")
	i := strings.IndexAny(line, " \t")
	return i > 0 && isHex(line[:i])
}

// cksumAlgorithms are the names Debian's cksum -a takes (coreutils 9.1),
// which its message for an unknown name lists. cksum's persona also takes
// the names coreutils added later (cksumNewer) and hashkit's others, as
// hashkit names them; those are in --help's DIGEST list, not in the
// message, so that it stays the one coreutils prints.
var cksumAlgorithms = []string{"bsd", "sysv", "crc", "md5", "sha1", "sha224", "sha256", "sha384", "sha512", "blake2b", "sm3"}

// cksumNewer are the names coreutils' cksum took after 9.1.
var cksumNewer = []string{"crc32b", "sha2", "sha3"}

// coreutilsAlgorithm is the algorithm whose tag is tag among those that
// cksum of coreutils 9.1 takes (cksumAlgorithms), or nil.
func coreutilsAlgorithm(tag string) *algorithm { return coreutilsTagged()[tag] }

// coreutilsTagged maps the tags of cksumAlgorithms to their algorithms,
// made once (after every init has added its algorithms): coreutilsTag
// looks a tag up for every line of a list.
var coreutilsTagged = sync.OnceValue(func() map[string]*algorithm {
	m := make(map[string]*algorithm)
	for _, name := range cksumAlgorithms {
		if a, err := lookup(name); err == nil && a.tag != "" && m[a.tag] == nil {
			m[a.tag] = a
		}
	}
	return m
})

const cksumHelp = `Usage: cksum [OPTION]... [FILE]...
Print or verify checksums (hashkit standing in for cksum).
By default use the 32 bit CRC algorithm.

With no FILE, or when FILE is -, read standard input.

%s
DIGEST determines the digest algorithm and default output format:
  sysv      (equivalent to sum -s)
  bsd       (equivalent to sum -r)
  crc       (equivalent to cksum)
  crc32b    (only available through cksum)
  md5       (equivalent to md5sum)
  sha1      (equivalent to sha1sum)
  sha2      (equivalent to sha{224,256,384,512}sum, with -l)
  sha3      (only available through cksum, with -l)
  blake2b   (equivalent to b2sum)
  and hashkit's others: see 'hashkit list'.
`

// cksumAlgorithmFlag is cksum's -a, checked as getopt meets it (so that of
// two bad options, the first is the one reported): coreutils' names as
// they are spelt (it takes no abbreviation and no capitals), and hashkit's
// others by their names in 'hashkit list'.
type cksumAlgorithmFlag struct {
	p    *string
	prog string
}

func (c cksumAlgorithmFlag) Set(s string) error {
	if s == "sm3" {
		// In coreutils' list, so the message below would contradict it.
		return toolError{fmt.Sprintf("%s: --algorithm=sm3: hashkit has no SM3", c.prog)}
	}
	if _, err := lookup(s); err == nil && normalName(s) == s || slices.Contains(cksumNewer, s) {
		*c.p = s
		return nil
	}
	var valid strings.Builder
	for _, n := range cksumAlgorithms {
		fmt.Fprintf(&valid, "\n  - %s", localeQuote(n))
	}
	return coreutilsUsage{msg: fmt.Sprintf("invalid argument %s for %s\nValid arguments are:%s", localeQuote(s), localeQuote("--algorithm"), valid.String()), cmd: c.prog}
}

func (c cksumAlgorithmFlag) String() string { return *c.p }
func (c cksumAlgorithmFlag) Type() string   { return "string" }

// cksumLengthFlag is cksum's -l in bits, read as getopt meets it
// (coreutils' xdectoumax): a decimal number that fits 64 bits.
type cksumLengthFlag struct {
	bits  *uint64
	given *string // as typed, for the messages
	prog  string
}

func (c cksumLengthFlag) Set(s string) error {
	n, err := strconv.ParseUint(s, 10, 64)
	switch {
	case errors.Is(err, strconv.ErrRange):
		return toolError{fmt.Sprintf("%s: invalid length: %s: Value too large for defined data type", c.prog, localeQuote(s))}
	case err != nil:
		return toolError{fmt.Sprintf("%s: invalid length: %s", c.prog, localeQuote(s))}
	}
	*c.bits, *c.given = n, s
	return nil
}

func (c cksumLengthFlag) String() string { return *c.given }
func (c cksumLengthFlag) Type() string   { return "BITS" }

// runCksum is the command line of cksum (coreutils 9.x): tagged lines by
// default, the legacy CRC unless -a says otherwise, -l in bits.
func runCksum(args []string, e *env) error {
	fs := flag.NewFlagSet(e.prog, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {}
	fs.SortFlags = false
	f := sumFlags{alg: "crc", jobs: 1, progress: "never", tag: true}
	var bits uint64
	var given string
	f.defineCksumPersona(fs, &bits, &given, e.prog)
	help, showVersion, err := parseToolFlags(fs, args, e)
	if err != nil {
		return err
	}
	switch {
	case *help:
		fmt.Fprintf(e.stdout, cksumHelp, fs.FlagUsages())
		return nil
	case *showVersion:
		fmt.Fprintf(e.stdout, "%s (hashkit) %s\n", e.prog, version())
		return nil
	}
	if err := f.cksumLength(bits, given, fs.Changed("length"), e.prog); err != nil {
		return err
	}
	if _, legacy := legacyAlgorithms[f.alg]; legacy && f.check && fs.Changed("algorithm") {
		return toolError{e.prog + ": --check is not supported with --algorithm={bsd,sysv,crc}"}
	}
	if err := f.base64OrRaw(); err != nil {
		return coreutilsUsage{msg: err.Error(), cmd: e.prog}
	}
	if f.check {
		f.tag = false // cksum -c takes --tag, its default
	}
	if err := f.refuse(fs, e.prog); err != nil {
		return err
	}
	if f.check {
		c := f.checkFlags
		c.jobs, c.progress = f.jobs, f.progress
		c.taggedOnly = !fs.Changed("algorithm")
		// cksum 9.1 reads no base64; with -a, hashkit reads it as 9.2 does
		// (the forms 9.1 lacks follow later releases), without -a as 9.1.
		c.readBase64, c.emptyNames, c.coreutilsTags = !c.taggedOnly, true, true
		if !c.taggedOnly {
			c.alg = f.alg
		}
		return c.run(e, fs.Args())
	}
	f.operands = fs.NArg() > 0
	if err := f.checkCksumOutput(fs.Args()); err != nil {
		return toolError{e.prog + ": " + err.Error()}
	}
	return f.sum(e, fs.Args())
}

// defineCksumPersona adds cksum's flags, in the order of its --help.
func (f *sumFlags) defineCksumPersona(fs *flag.FlagSet, bits *uint64, given *string, prog string) {
	fs.VarP(cksumAlgorithmFlag{&f.alg, prog}, "algorithm", "a", "select the digest `TYPE` to use.  See DIGEST below.")
	fs.BoolVar(&f.base64, "base64", false, "emit base64-encoded digests, not hexadecimal")
	fs.BoolVarP(&f.check, "check", "c", false, "read checksums from the FILEs and check them")
	fs.VarP(cksumLengthFlag{bits, given, prog}, "length", "l", "digest length in `BITS`; a multiple of 8 up to 512 for blake2b, 224, 256, 384 or 512 for sha2 and sha3")
	fs.BoolVar(&f.rawOutput, "raw", false, "emit a raw binary digest, not hexadecimal")
	fs.VarPF(&lastWins{p: &f.tag, v: true, also: new(bool)}, "tag", "", "create a BSD-style checksum (the default)").NoOptDefVal = "true"
	fs.Var(&lastWins{p: &f.tag, v: false, also: &f.untagged}, "untagged", "create a reversed style checksum, without digest type")
	fs.Lookup("untagged").NoOptDefVal = "true"
	fs.BoolVarP(&f.zero, "zero", "z", false, "end each output line with NUL, not newline, and disable file name escaping")
	f.checkFlags.define(fs, false)
	fs.Bool("debug", false, "indicate which implementation used (hashkit: accepted, prints nothing)")
}

// cksumLength checks -l (bits; changed: given at all) against the
// algorithm as coreutils does, in its order and words (digest.c: as of
// 2025 for sha2 and sha3, which 9.1 lacks; 9.1's otherwise), and sets f.length, or f.alg to the
// member of sha2 or sha3 that -l chose. cksum --check takes sha2 and sha3
// with or without -l: each line's length chooses.
func (f *sumFlags) cksumLength(bits uint64, given string, changed bool, prog string) error {
	fail := func(format string, a ...any) error {
		return toolError{fmt.Sprintf("%s: invalid length: %s\n%s: %s", prog, localeQuote(given), prog, fmt.Sprintf(format, a...))}
	}
	if f.alg == "sha2" || f.alg == "sha3" {
		switch {
		case !changed && !f.check:
			return toolError{fmt.Sprintf("%s: --algorithm=%s requires specifying --length 224, 256, 384, or 512", prog, f.alg)}
		case !changed:
			return nil
		case bits != 224 && bits != 256 && bits != 384 && bits != 512:
			return fail("digest length for %s must be 224, 256, 384, or 512", localeQuote(strings.ToUpper(f.alg)))
		case f.check:
			// Checked, then unused: each line's digest says its length,
			// as for blake2b (digest.c's split_3).
			return nil
		case f.alg == "sha2":
			f.alg = fmt.Sprintf("sha%d", bits)
		default:
			f.alg = fmt.Sprintf("sha3-%d", bits)
		}
		return nil
	}
	if bits == 0 {
		return nil
	}
	a, _ := lookup(f.alg)
	switch {
	case !a.variable:
		return toolError{prog + ": --length is only supported with --algorithm=blake2b"}
	case a.name == "blake2b" && bits > 512:
		return fail("maximum digest length for %s is 512 bits", localeQuote("BLAKE2b"))
	case bits%8 != 0:
		return fail("length is not a multiple of 8")
	case bits/8 > math.MaxInt32:
		return fail("%s length must be at most %d bytes", a.name, math.MaxInt32)
	}
	f.length = int(bits / 8)
	return nil
}

// improperTag is the algorithm's tag cksum names in a -w warning: that of
// the last properly formatted line (or -a's), else its default's, CRC.
func improperTag(forced *algorithm, p *lineParser) string {
	switch {
	case forced != nil:
		return forced.tag
	case p.family != nil:
		return p.familyTag
	}
	return "CRC"
}

// cksumFamily is the lineParser of cksum -c -a sha2 or sha3 without -l:
// each line's digest length chooses the member. It is nil for other names.
func cksumFamily(name string) *lineParser {
	var prefix string
	switch name {
	case "sha2":
		prefix = "sha"
	case "sha3":
		prefix = "sha3-"
	default:
		return nil
	}
	p := &lineParser{familyTag: strings.ToUpper(name)}
	for _, bits := range []int{224, 256, 384, 512} {
		a, _ := lookup(fmt.Sprintf("%s%d", prefix, bits))
		p.family = append(p.family, a)
	}
	return p
}
