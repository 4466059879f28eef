package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"unicode/utf8"

	flag "github.com/spf13/pflag"
)

// b3sum's options that take a value, as its messages show them.
var b3Values = map[string]string{"length": "--length <LEN>", "derive-key": "--derive-key <CONTEXT>", "num-threads": "--num-threads <NUM>"}

// clapError is a usage error in the words of clap 2, b3sum 1.2's parser.
func clapError(msg, usage string) error {
	return toolError{fmt.Sprintf("error: %s\n\nUSAGE:\n    b3sum %s\n\nFor more information try --help", msg, usage)}
}

// runB3sum is b3sum 1.2's command line.
func runB3sum(args []string, e *env) error {
	fs := flag.NewFlagSet(e.prog, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {}
	fs.SortFlags = false
	var f sumFlags
	f.alg, f.jobs, f.progress = "blake3", runtime.GOMAXPROCS(0), "never"
	fs.BoolVarP(&f.check, "check", "c", false, "read BLAKE3 sums from the FILEs and check them")
	fs.BoolVar(&f.keyed, "keyed", false, "keyed mode: the 32-byte key is read from standard input")
	fs.Bool("no-mmap", false, "accepted; files are read, never mapped")
	fs.BoolVar(&f.noNames, "no-names", false, "omit file names in the output")
	fs.BoolVar(&f.quiet, "quiet", false, "with --check: do not print OK for each verified file")
	fs.BoolVar(&f.raw, "raw", false, "write the raw output bytes instead of hex (one input only)")
	fs.StringVar(&f.deriveKey, "derive-key", "", "key derivation mode with this `CONTEXT` string")
	length := fs.StringP("length", "l", "32", "output `BYTES` before hex encoding")
	threads := fs.String("num-threads", "0", "at most `NUM` threads (0: one per logical core)")
	help := fs.BoolP("help", "h", false, "print this help")
	showVersion := fs.BoolP("version", "V", false, "print the version")
	if err := clapScan(fs, args); err != nil {
		return err
	}
	if err := fs.Parse(args); err != nil {
		return toolError{"error: " + err.Error() + "\n\nFor more information try --help"}
	}
	files := fs.Args()
	switch {
	case *help:
		fmt.Fprintf(e.stdout, "%s (hashkit standing in for b3sum)\n\nUSAGE:\n    %[1]s [FLAGS] [OPTIONS] [FILE]...\n\n%s", e.prog, fs.FlagUsages())
		return nil
	case *showVersion:
		fmt.Fprintf(e.stdout, "%s (hashkit) %s\n", e.prog, version())
		return nil
	}
	if err := f.b3Conflicts(fs, files); err != nil {
		return err
	}
	n, err := parseUsize(*threads)
	if err != nil {
		return toolError{"Error: Failed to parse num threads.\n\nCaused by:\n    " + err.Error()}
	}
	if f.raw && len(files) > 1 {
		return toolError{"Error: Only one filename can be provided when using --raw"}
	}
	if n > 0 {
		jobs := int(min(n, 1<<16))
		runtime.GOMAXPROCS(jobs)
		f.jobs = jobs
	}
	f.derive = fs.Changed("derive-key")
	if f.check {
		c := f.checkFlags
		c.alg, c.jobs, c.progress = "blake3", f.jobs, f.progress
		return c.run(e, files)
	}
	if err := f.b3Length(*length, files, e.prog); err != nil {
		return err
	}
	if f.keyed {
		if err := f.readB3Key(e); err != nil {
			return err
		}
	}
	return f.sum(e, files)
}

// b3Conflicts refuses the flags that clap refuses together: it checks
// conflicts, then requirements.
func (f *sumFlags) b3Conflicts(fs *flag.FlagSet, files []string) error {
	for _, c := range []string{"keyed", "derive-key", "length", "raw", "no-names"} {
		if f.check && fs.Changed(c) {
			shown := "--" + c
			if v, ok := b3Values[c]; ok {
				shown = v
			}
			return clapError(fmt.Sprintf("The argument '%s' cannot be used with '--check'", shown), "--check "+shown)
		}
	}
	if f.keyed && fs.Changed("derive-key") {
		usage := "--derive-key <CONTEXT> --keyed"
		if len(files) > 0 {
			usage = "<FILE>... " + usage
		}
		return clapError("The argument '--keyed' cannot be used with '--derive-key <CONTEXT>'", usage)
	}
	if f.quiet && !f.check {
		return toolError{"error: The following required arguments were not provided:\n    --check\n\nUSAGE:\n    b3sum --check --quiet\n\nFor more information try --help"}
	}
	return nil
}

// b3Length sets the output length from b3sum's --length; a length it
// cannot parse fails each input, as b3sum does.
func (f *sumFlags) b3Length(length string, files []string, prog string) error {
	l, err := parseUsize(length)
	if err != nil {
		if len(files) == 0 {
			files = []string{"-"}
		}
		var msg []string
		for _, name := range files {
			msg = append(msg, fmt.Sprintf("%s: %s: Failed to parse length.", prog, lossyUTF8(name)))
		}
		return toolError{strings.Join(msg, "\n")}
	}
	if l == 0 {
		// An empty digest: hashed at one byte, printed at none.
		f.length, f.emptyDigest = 1, true
	} else {
		f.length = int(min(l, math.MaxInt))
	}
	return nil
}

// readB3Key reads --keyed's key: exactly 32 bytes from standard input.
func (f *sumFlags) readB3Key(e *env) error {
	if err := e.stdinError(); err != nil {
		return toolError{"Error: " + describeB3(err)}
	}
	key, err := io.ReadAll(io.LimitReader(e.stdin, 33))
	switch {
	case err != nil:
		return toolError{"Error: " + describeB3(err)}
	case len(key) < 32:
		return toolError{fmt.Sprintf("Error: expected 32 key bytes from stdin, found %d", len(key))}
	case len(key) > 32:
		return toolError{"Error: read more than 32 key bytes from stdin"}
	}
	f.key = key
	return nil
}

// clapScan refuses, in clap's words, what clap refuses before looking at
// values: unknown arguments, an option without its value or with one that
// looks like an option, and an option given twice. -h and -V end the scan,
// as in clap.
func clapScan(fs *flag.FlagSet, args []string) error {
	seen := map[string]bool{}
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			return nil
		}
		if !strings.HasPrefix(arg, "-") || arg == "-" {
			continue
		}
		var names []string
		value := false // the option's value is in arg
		if long, ok := strings.CutPrefix(arg, "--"); ok {
			name, _, eq := strings.Cut(long, "=")
			if fs.Lookup(name) == nil {
				return clapError(fmt.Sprintf("Found argument '%s' which wasn't expected, or isn't valid in this context", arg), "b3sum [FLAGS] [OPTIONS] [FILE]...")
			}
			names, value = []string{name}, eq
		} else {
			for j := 1; j < len(arg); j++ {
				fl := fs.ShorthandLookup(arg[j : j+1])
				if fl == nil {
					return clapError(fmt.Sprintf("Found argument '-%s' which wasn't expected, or isn't valid in this context", arg[j:j+1]), "b3sum [FLAGS] [OPTIONS] [FILE]...")
				}
				names = append(names, fl.Name)
				if _, ok := b3Values[fl.Name]; ok {
					value = j < len(arg)-1
					break
				}
			}
		}
		for _, name := range names {
			if name == "help" || name == "version" {
				return nil
			}
			shown := "--" + name
			if v, ok := b3Values[name]; ok {
				shown = v
				if !value {
					if i+1 == len(args) {
						return clapError(fmt.Sprintf("The argument '%s' requires a value but none was supplied", shown), shown)
					}
					if next := args[i+1]; strings.HasPrefix(next, "-") && next != "-" {
						return clapError(fmt.Sprintf("Found argument '%s' which wasn't expected, or isn't valid in this context", next), shown)
					}
					i++
				}
			}
			if seen[name] {
				return clapError(fmt.Sprintf("The argument '%s' was provided more than once, but cannot be used multiple times", shown), shown)
			}
			seen[name] = true
		}
	}
	return nil
}

// parseUsize parses a number as Rust's usize::from_str, with its errors.
func parseUsize(s string) (uint64, error) {
	if s == "" {
		return 0, errors.New("cannot parse integer from empty string")
	}
	digits := strings.TrimPrefix(s, "+")
	for _, c := range []byte(digits) {
		if c < '0' || c > '9' {
			return 0, errors.New("invalid digit found in string")
		}
	}
	if digits == "" {
		return 0, errors.New("invalid digit found in string")
	}
	n, err := strconv.ParseUint(digits, 10, 64)
	if err != nil {
		return 0, errors.New("number too large to fit in target type")
	}
	return n, nil
}

// lossyUTF8 is a name as b3sum prints it (Rust's to_string_lossy): each
// maximal invalid part of a UTF-8 sequence becomes one U+FFFD.
func lossyUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r != utf8.RuneError || n > 1 {
			b.WriteString(s[i : i+n])
			i += n
			continue
		}
		b.WriteRune(utf8.RuneError)
		i += invalidPart(s[i:])
	}
	return b.String()
}

// invalidPart is the length of the invalid sequence at the start of s: its
// first byte and the continuation bytes that a valid sequence starting with
// it could have (Unicode's "maximal subpart").
func invalidPart(s string) int {
	need, lo, hi := 0, byte(0x80), byte(0xBF)
	switch c := s[0]; {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c == 0xE0:
		need, lo = 2, 0xA0
	case c >= 0xE1 && c <= 0xEC, c == 0xEE, c == 0xEF:
		need = 2
	case c == 0xED:
		need, hi = 2, 0x9F
	case c == 0xF0:
		need, lo = 3, 0x90
	case c >= 0xF1 && c <= 0xF3:
		need = 3
	case c == 0xF4:
		need, hi = 3, 0x8F
	}
	i := 1
	for ; i <= need && i < len(s) && s[i] >= lo && s[i] <= hi; i++ {
		lo, hi = 0x80, 0xBF
	}
	return i
}
