package main

import (
	"bufio"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"syscall"

	flag "github.com/spf13/pflag"
)

// sumFlags are the flags of `hashkit sum` that decide what is computed.
type sumFlags struct {
	alg       string
	length    int
	keyFile   string
	keyed     bool
	deriveKey string
	derive    bool
	tag       bool
	zero      bool
	binary    bool
	text      bool
	jobs      int
	progress  string
	check     bool
	noNames   bool // b3sum --no-names: the digest alone
	raw       bool // b3sum --raw: the digest's bytes
	// emptyDigest: b3sum -l 0, whose lines have an empty digest.
	emptyDigest bool
	key         []byte // b3sum --keyed: the key, already read
	checkFlags
	cksumFlags
	treeFlags
}

func cmdSum(args []string, e *env) error {
	fs := newFlags("sum", e)
	var f sumFlags
	f.alg = "sha256"
	alg := defineAlgorithm(fs, &f.alg, "`ALG`: the algorithm (see 'hashkit list'); a comma list, or -a repeated, reads each file once for several and prints a tagged line for each")
	fs.IntVarP(&f.length, "length", "l", 0, "output length in `BYTES` (b2sum's -l 256 is -l 32), for algorithms with variable output")
	fs.StringVar(&f.keyFile, "key-file", "", "keyed mode: read the key from this `FILE`")
	fs.BoolVar(&f.keyed, "keyed", false, "keyed mode: read the 32-byte key from standard input (as b3sum)")
	fs.StringVar(&f.deriveKey, "derive-key", "", "BLAKE3 key derivation with this `CONTEXT` string (as b3sum)")
	fs.BoolVar(&f.tag, "tag", false, "print BSD-style lines: ALG (NAME) = HEX")
	f.defineCksum(fs)
	f.treeFlags.define(fs)
	fs.BoolVarP(&f.zero, "zero", "z", false, "end each line with NUL, not newline, and do not escape names")
	fs.BoolVarP(&f.binary, "binary", "b", false, "mark names with '*' (binary mode; the checksum is the same)")
	fs.BoolVarP(&f.text, "text", "t", false, "text mode (the default; the checksum is the same)")
	fs.BoolVarP(&f.check, "check", "c", false, "read checksums from the files and check them (as 'hashkit check')")
	fs.IntVarP(&f.jobs, "jobs", "j", runtime.GOMAXPROCS(0), "`N` files hashed at once")
	defineProgress(fs, &f.progress, "progress bar: `WHEN` is auto (on a terminal, for slow files), always or never; --progress alone is always")
	f.checkFlags.define(fs, false)
	if err := parseLongFlags(fs, args); err != nil {
		return err
	}
	if err := f.severalAlgorithms(alg, fs); err != nil {
		return err
	}
	if err := f.refuse(fs, "hashkit sum"); err != nil {
		return err
	}
	if err := f.treeFlags.check(); err != nil {
		return err
	}
	if f.check {
		if f.recursive {
			return usagef("-r and -c: check a list made with -r with 'hashkit check LIST'")
		}
		return f.runCheck(e, fs)
	}
	f.derive = fs.Changed("derive-key")
	name, err := resolveFamily(f.alg, 8*f.length, "28, 32, 48 or 64 (bytes)")
	if err != nil {
		return usageError{err}
	}
	if name != f.alg {
		f.alg, f.length = name, 0
	}
	f.operands = fs.NArg() > 0
	if err := f.checkCksumOutput(fs.Args()); err != nil {
		return usageError{err}
	}
	return f.sumTrees(e, fs.Args())
}

// algorithmFlag is -a: given twice with different algorithms it is an
// error, where a plain string flag would keep the last one silently.
type algorithmFlag struct {
	p     *string
	given []string
}

func defineAlgorithm(fs *flag.FlagSet, p *string, usage string) *algorithmFlag {
	a := &algorithmFlag{p: p}
	fs.VarP(a, "algorithm", "a", usage)
	return a
}

func (a *algorithmFlag) Set(s string) error {
	a.given = append(a.given, s)
	*a.p = s
	return nil
}

func (a *algorithmFlag) String() string { return *a.p }
func (a *algorithmFlag) Type() string   { return "string" }

// repeated is the usage error for -a given with two algorithms.
func (a *algorithmFlag) repeated() error {
	for _, s := range a.given {
		if normalName(s) != normalName(a.given[0]) {
			return usagef("-a given more than once (%s): name one algorithm", strings.Join(a.given, ", "))
		}
	}
	return nil
}

// errKeyedStdin is b3sum's error for "-" with --keyed: the key was read
// from standard input.
var errKeyedStdin = errors.New("Cannot open `-` in keyed mode")

// longOutput is the -l above which an output is written as it is read
// from the XOF (b3sum -l 100000000 held 693 MB when it was read whole), and
// files are hashed one at a time, so that no two outputs are read at once.
const longOutput = 1 << 20

// sum hashes the files and prints their lines.
func (f *sumFlags) sum(e *env, files []string) error {
	a, opts, err := f.resolve(e)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	keyedStdin := f.keyed && slices.Contains(files, "-")
	if keyedStdin && e.style != styleB3sum {
		return usagef("--keyed reads the key from standard input, so it cannot also hash standard input")
	}
	if f.jobs < 1 {
		return usagef("--jobs must be at least 1")
	}
	if err := checkProgressMode(f.progress); err != nil {
		return err
	}

	jobs, ahead := f.jobs, lookahead
	stream := opts.length > longOutput
	if stream {
		jobs, ahead = 1, 1
	}
	prog := newProgress(e, f.progress, files)
	defer prog.finish()
	next := hashFilesAhead(e, files, jobs, ahead, stream, prog, func(i int) (digest, error) {
		if keyedStdin && files[i] == "-" {
			return nil, errKeyedStdin // b3sum's words, for that input alone
		}
		return a.new(opts)
	})

	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	failed := false
	for _, name := range files {
		r := next()
		// The bar must not draw between its wiping and the line that takes
		// its place on the terminal.
		resume := prog.pause(r.err != nil || e.flushEachLine())
		switch {
		case r.err != nil:
			out.Flush()
			e.fileError(name, r.err)
			failed = true
		case f.cksumLine(out, a, opts, r, name):
		case f.emptyDigest && f.noNames:
			out.WriteByte('\n')
		case f.emptyDigest && !f.raw:
			writeLine(out, "", func(*bufio.Writer) {}, lossyUTF8(name), false, false, false, false)
		case f.emptyDigest:
		case f.raw:
			writeDigest(out, r, true)
		case f.noNames:
			writeDigest(out, r, false)
			out.WriteByte('\n')
		default:
			shown := name
			if e.style == styleB3sum {
				shown = lossyUTF8(name) // b3sum prints names as Rust's to_string_lossy
			}
			writeLine(out, a.bsdTag(opts.length), func(w *bufio.Writer) { writeDigest(w, r, false) }, shown, f.tag, f.zero, f.binary, e.style != styleB3sum)
		}
		if e.flushEachLine() {
			out.Flush()
		}
		resume()
		if e.failed() {
			break
		}
	}
	if failed {
		return exitStatus(exitFail)
	}
	return nil
}

// lastSet returns the one of names given last on the command line, or "";
// it needs fs.SortFlags off, so that Visit goes in the order flags were
// first set.
func lastSet(fs *flag.FlagSet, names ...string) string {
	last := ""
	fs.Visit(func(fl *flag.Flag) {
		if slices.Contains(names, fl.Name) {
			last = fl.Name
		}
	})
	return last
}

// refuse rejects what coreutils' sha256sum rejects, with its words, in its
// order: mode flags that mean nothing when checking, and check flags
// without -c. cmd is the command --help is suggested for.
func (f *sumFlags) refuse(fs *flag.FlagSet, cmd string) error {
	changed := fs.Changed
	// As in coreutils, the last of -b, -t and --tag (which implies -b) sets
	// the mode: -b -t is text mode, and --tag is refused only before -t.
	textLast := lastSet(fs, "binary", "text", "tag") == "text"
	if textLast {
		f.binary = false
	}
	var msg string
	switch {
	case f.tag && textLast:
		msg = "--tag does not support --text mode"
	case f.check && f.zero:
		msg = "the --zero option is not supported when verifying checksums"
	case f.check && f.tag:
		msg = "the --tag option is meaningless when verifying checksums"
	case f.check && (changed("binary") || changed("text")):
		msg = "the --binary and --text options are meaningless when verifying checksums"
	}
	if msg == "" && !f.check {
		for _, o := range []struct {
			name string
			on   bool
		}{{"ignore-missing", f.ignoreMissing}, {"status", f.status}, {"warn", f.warn}, {"quiet", f.quiet}, {"strict", f.strict}} {
			if o.on {
				msg = "the --" + o.name + " option is meaningful only when verifying checksums"
				break
			}
		}
	}
	if msg != "" {
		return coreutilsUsage{msg: msg, cmd: cmd}
	}
	if f.check {
		for _, name := range []string{"key-file", "keyed", "derive-key"} {
			if changed(name) {
				return usagef("--%s: checking keyed checksums is not supported", name)
			}
		}
	}
	return nil
}

// runCheck is `sum -c`: the sum flags that mean something to a check
// (-a, -l, --jobs, --progress) carry over.
func (f *sumFlags) runCheck(e *env, fs *flag.FlagSet) error {
	c := f.checkFlags
	c.progress = f.progress
	c.jobs = f.jobs
	if fs.Changed("algorithm") {
		c.alg = f.alg
	}
	c.length = f.length
	c.readBase64 = true
	return c.run(e, fs.Args())
}

// progressModes are the values of --progress.
var progressModes = []string{"auto", "always", "never"}

// defineProgress adds --progress, whose value is optional: alone it means
// always. A mode as the next argument (--progress never) is still its value,
// as when the value was required; other words after it are operands.
func defineProgress(fs *flag.FlagSet, p *string, usage string) {
	fs.StringVar(p, "progress", "auto", usage)
	fl := fs.Lookup("progress")
	fl.NoOptDefVal = "always"
	fs.SetAnnotation("progress", optionalValues, progressModes)
}

func checkProgressMode(mode string) error {
	if mode != "auto" && mode != "always" && mode != "never" {
		return usagef("--progress must be auto, always or never")
	}
	return nil
}

// resolve checks the flags against the algorithm and builds its options.
func (f *sumFlags) resolve(e *env) (*algorithm, options, error) {
	a, err := f.lookupAlgorithm()
	if err != nil {
		return nil, options{}, usageError{err}
	}
	if (f.keyed || f.derive) && a.name != "blake3" && !(f.keyed && a.keyed) {
		return nil, options{}, usagef("--keyed and --derive-key are BLAKE3 options (use --key-file for %s)", a.name)
	}
	opts := options{length: a.size}
	if f.length != 0 {
		if err := a.checkLength(f.length); err != nil {
			return nil, options{}, usageError{err}
		}
		opts.length = f.length
	}
	keySources := 0
	for _, on := range []bool{f.keyFile != "", f.keyed, f.derive} {
		if on {
			keySources++
		}
	}
	if keySources > 1 {
		return nil, options{}, usagef("choose one of --key-file, --keyed and --derive-key")
	}
	switch {
	case f.keyFile != "" || f.keyed:
		if !a.keyed {
			return nil, options{}, usagef("%s takes no key", a.name)
		}
		var key []byte
		if f.keyed && f.key != nil {
			key = f.key
		} else if f.keyed {
			if err = e.stdinError(); err == nil {
				key, err = readSmall(e.stdin, "standard input")
			} else {
				err = fmt.Errorf("standard input: %s", describe(err))
			}
		} else {
			key, err = readSmallFile(f.keyFile)
		}
		if err != nil {
			return nil, options{}, usagef("the key: %v", err)
		}
		if a.name == "blake3" && len(key) != 32 {
			return nil, options{}, usagef("a BLAKE3 key is exactly 32 bytes, got %d", len(key))
		}
		if len(key) == 0 {
			return nil, options{}, usagef("the key is empty")
		}
		opts.key = key
	case f.derive:
		opts.derive, opts.context = true, f.deriveKey
	}
	// Build one digest now so that a key the algorithm refuses is a usage
	// error before any file is read.
	if _, err := a.new(opts); err != nil {
		if opts.key == nil {
			return nil, options{}, usageError{err}
		}
		return nil, options{}, usagef("%s key: %s", a.name, plainMessage(err.Error()))
	}
	return a, opts, nil
}

// maxSecret bounds keys and secrets read from files: they are short, and a
// file such as /dev/zero must be refused instead of read forever.
const maxSecret = 1 << 16

// readSmallFile reads a key or secret file of at most maxSecret bytes.
func readSmallFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", quoteName(name), describe(err))
	}
	defer f.Close()
	return readSmall(f, quoteName(name))
}

func readSmall(r io.Reader, name string) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, maxSecret+1))
	switch {
	case err != nil:
		return nil, fmt.Errorf("%s: %s", name, describe(err))
	case len(b) > maxSecret:
		return nil, fmt.Errorf("%s holds over %d bytes", name, maxSecret)
	}
	return b, nil
}

// fileError reports a file that could not be read, in the words of the
// tool hashkit stands for: coreutils' (the name quoted as a shell would
// need it), or b3sum's (the name as it is, the errno after the message).
func (e *env) fileError(name string, err error) {
	if e.style == styleB3sum {
		fmt.Fprintf(e.stderr, "%s: %s: %s\n", e.prog, lossyUTF8(name), describeB3(err))
		return
	}
	fmt.Fprintf(e.stderr, "%s: %s: %s\n", e.prog, quoteName(name), describe(err))
}

// describeB3 is b3sum's form of an I/O error: "No such file or directory
// (os error 2)".
func describeB3(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return fmt.Sprintf("%s (os error %d)", describe(err), int(errno))
	}
	return describe(err)
}

// describe turns an I/O error into coreutils' words: "No such file or
// directory", "Is a directory", "Permission denied".
func describe(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	var errno syscall.Errno
	msg := err.Error()
	if errors.As(err, &errno) {
		msg = errno.Error()
	}
	if msg != "" {
		msg = strings.ToUpper(msg[:1]) + msg[1:]
	}
	return msg
}

// writeLine prints one checksum line as coreutils does. A name with a
// backslash, newline or carriage return is escaped (\\, \n, \r) and the
// line starts with a backslash, unless lines end with NUL (-z), which needs
// no escaping.
//
// b3sum 1.2 leaves carriage returns alone (escapeCR false).
func writeLine(w *bufio.Writer, tag string, sum func(*bufio.Writer), name string, bsd, zero, binary, escapeCR bool) {
	special := "\\\n\r"
	if !escapeCR {
		special = "\\\n"
	}
	escaped := !zero && strings.ContainsAny(name, special)
	if escaped {
		w.WriteByte('\\')
		name = escapeName(name)
		if !escapeCR {
			name = strings.ReplaceAll(name, "\\r", "\r")
		}
	}
	if bsd {
		fmt.Fprintf(w, "%s (%s) = ", tag, name)
		sum(w)
	} else {
		sep := "  "
		if binary {
			sep = " *"
		}
		sum(w)
		w.WriteString(sep + name)
	}
	if zero {
		w.WriteByte(0)
	} else {
		w.WriteByte('\n')
	}
}

// writeDigest writes r's digest in hex, or as it is with raw: its sum, or
// its output streamed in pieces.
func writeDigest(w *bufio.Writer, r result, raw bool) {
	if r.out == nil {
		if raw {
			w.Write(r.sum)
		} else {
			w.WriteString(hex.EncodeToString(r.sum))
		}
		return
	}
	var piece [16 << 10]byte
	var hx [2 * len(piece)]byte
	for {
		n, err := r.out.Read(piece[:])
		if raw {
			w.Write(piece[:n])
		} else {
			w.Write(hx[:hex.Encode(hx[:], piece[:n])])
		}
		if err != nil {
			return
		}
	}
}

func escapeName(s string) string {
	return strings.NewReplacer("\\", "\\\\", "\n", "\\n", "\r", "\\r").Replace(s)
}

// unescapeName undoes escapeName; b3sum, whose names never hold a CR
// escaped, refuses \r, so cr says whether it is read.
func unescapeName(s string, cr bool) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 == len(s) {
			return "", false
		}
		i++
		switch s[i] {
		case '\\':
			b.WriteByte('\\')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			if !cr {
				return "", false
			}
			b.WriteByte('\r')
		default:
			return "", false
		}
	}
	return b.String(), true
}
