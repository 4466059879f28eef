package main

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"

	flag "github.com/spf13/pflag"
)

// A persona is a program hashkit stands in for when its binary, or a link to
// it, has that program's name: `ln -s hashkit b3sum` gives a b3sum that
// takes b3sum's flags and prints what it prints.
type persona struct {
	alg string
	b2  bool // b2sum: -l in bits
	b3  bool // b3sum: its own flags and messages
	ck  bool // cksum: its own flags (cksum.go)
}

var personas = map[string]persona{
	"md5sum": {alg: "md5"}, "sha1sum": {alg: "sha1"}, "sha224sum": {alg: "sha224"}, "sha256sum": {alg: "sha256"},
	"sha384sum": {alg: "sha384"}, "sha512sum": {alg: "sha512"}, "b2sum": {alg: "blake2b", b2: true}, "b3sum": {alg: "blake3", b3: true},
	"cksum": {ck: true},
}

// runTool is the command line of the tool e.prog.
func runTool(t persona, args []string, e *env) error {
	switch {
	case t.b3:
		return runB3sum(args, e)
	case t.ck:
		return runCksum(args, e)
	}
	fs := flag.NewFlagSet(e.prog, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {}
	fs.SortFlags = false
	var f sumFlags
	f.alg, f.jobs, f.progress = t.alg, runtime.GOMAXPROCS(0), "never"
	fs.BoolVarP(&f.binary, "binary", "b", false, "read in binary mode (the checksum is the same)")
	fs.BoolVarP(&f.check, "check", "c", false, "read checksums from the FILEs and check them")
	var bits string
	if t.b2 {
		fs.StringVarP(&bits, "length", "l", "", "digest length in `BITS`; a multiple of 8, at most 512")
	}
	fs.BoolVar(&f.tag, "tag", false, "create a BSD-style checksum")
	fs.BoolVarP(&f.text, "text", "t", false, "read in text mode (default)")
	fs.BoolVarP(&f.zero, "zero", "z", false, "end each output line with NUL, not newline, and disable file name escaping")
	f.checkFlags.define(fs, false)
	help, showVersion, err := parseToolFlags(fs, args, e)
	if err != nil {
		return err
	}
	switch {
	case *help:
		a, _ := lookup(t.alg)
		fmt.Fprintf(e.stdout, "Usage: %s [OPTION]... [FILE]...\nPrint or check %s (%d-bit) checksums (hashkit standing in for %[1]s).\n\nWith no FILE, or when FILE is -, read standard input.\n%[4]s",
			e.prog, a.tag, 8*a.size, fs.FlagUsages())
		return nil
	case *showVersion:
		fmt.Fprintf(e.stdout, "%s (hashkit) %s\n", e.prog, version())
		return nil
	}
	if t.b2 && bits != "" {
		n, err := strconv.Atoi(bits)
		switch {
		case err != nil || n < 0:
			return toolError{fmt.Sprintf("%s: invalid length: %s", e.prog, localeQuote(bits))}
		case n > 512:
			return toolError{fmt.Sprintf("%s: invalid length: %s\n%s: maximum digest length for %s is 512 bits", e.prog, localeQuote(bits), e.prog, localeQuote("BLAKE2b"))}
		case n%8 != 0:
			return toolError{fmt.Sprintf("%s: invalid length: %s\n%[1]s: length is not a multiple of 8", e.prog, localeQuote(bits))}
		}
		f.length = n / 8 // 0 is the default, as in b2sum
	}
	if err := f.refuse(fs, e.prog); err != nil {
		return err
	}
	if f.check {
		c := f.checkFlags
		// Not -l: b2sum -c takes each line's length from its digest or
		// tag, whatever -l says.
		c.alg, c.jobs, c.progress = f.alg, f.jobs, f.progress
		c.emptyNames, c.coreutilsTags = t.b2, t.b2
		return c.run(e, fs.Args())
	}
	return f.sum(e, fs.Args())
}

// parseToolFlags adds --help and --version to fs and parses args as getopt
// would, with coreutils' messages for mistakes.
func parseToolFlags(fs *flag.FlagSet, args []string, e *env) (help, showVersion *bool, err error) {
	help = fs.Bool("help", false, "display this help and exit")
	showVersion = fs.Bool("version", false, "output version information and exit")
	args, err = expandLongOptions(fs, args, true)
	if err != nil {
		return nil, nil, coreutilsUsage{msg: err.Error(), cmd: e.prog}
	}
	if err := fs.Parse(args); err != nil {
		var cu coreutilsUsage
		var te toolError
		switch {
		case errors.As(err, &cu):
			return nil, nil, cu // a value's own message (cksum -a)
		case errors.As(err, &te):
			return nil, nil, te
		case !errors.Is(err, flag.ErrHelp):
			return nil, nil, coreutilsUsage{msg: coreutilsFlagError(err), cmd: e.prog}
		}
		*help = true
	}
	return help, showVersion, nil
}

// toolError is a message already in the tool's words, prefix included:
// printed as it is, status 1.
type toolError struct{ msg string }

func (t toolError) Error() string { return t.msg }

// coreutilsFlagError words a flag parsing error as getopt does.
func coreutilsFlagError(err error) string {
	var ne *flag.NotExistError
	var ve *flag.ValueRequiredError
	var ie *flag.InvalidValueError
	switch {
	case errors.As(err, &ne) && ne.GetSpecifiedShortnames() != "":
		return fmt.Sprintf("invalid option -- '%s'", ne.GetSpecifiedName())
	case errors.As(err, &ne):
		return fmt.Sprintf("unrecognized option '--%s'", ne.GetSpecifiedName())
	case errors.As(err, &ve) && ve.GetSpecifiedShortnames() != "":
		return fmt.Sprintf("option requires an argument -- '%s'", ve.GetSpecifiedShortnames())
	case errors.As(err, &ve):
		return fmt.Sprintf("option '--%s' requires an argument", ve.GetSpecifiedName())
	case errors.As(err, &ie):
		return fmt.Sprintf("option '--%s' doesn't allow an argument", ie.GetFlag().Name)
	}
	return err.Error()
}

// optionalValues annotates a flag whose value is optional with the values
// that expandLongOptions still takes from the next argument.
const optionalValues = "optional-values"

// expandLongOptions spells out the long options of args that are unique
// prefixes of fs's (--stat for --status), as getopt does, so that pflag,
// which knows only whole names, reads them; an ambiguous prefix is an error
// naming the possibilities. With noArgs, getopt's rules and words: an
// option that takes no argument refuses one (--tag=x), and an unknown one
// is named as typed; pflag's --check=false stays hashkit's own commands'
// form. Values of options are skipped, and nothing
// after "--" is an option.
func expandLongOptions(fs *flag.FlagSet, args []string, noArgs bool) ([]string, error) {
	out := slices.Clone(args)
	takesValue := func(f *flag.Flag) bool { return f != nil && f.NoOptDefVal == "" }
	for i := 0; i < len(out); i++ {
		arg := out[i]
		switch {
		case arg == "--":
			return out, nil
		case strings.HasPrefix(arg, "--"):
			name, _, hasValue := strings.Cut(arg[2:], "=")
			f := fs.Lookup(name)
			if f == nil {
				var matches []string
				fs.VisitAll(func(c *flag.Flag) {
					if strings.HasPrefix(c.Name, name) {
						matches = append(matches, c.Name)
					}
				})
				switch {
				case len(matches) > 1:
					slices.Sort(matches)
					return nil, fmt.Errorf("option '%s' is ambiguous; possibilities: '--%s'", arg, strings.Join(matches, "' '--"))
				case len(matches) == 1:
					f = fs.Lookup(matches[0])
					out[i] = "--" + f.Name + arg[2+len(name):]
				}
			}
			switch {
			case f == nil && noArgs:
				return nil, fmt.Errorf("unrecognized option '%s'", arg)
			case f != nil && noArgs && hasValue && !takesValue(f):
				return nil, fmt.Errorf("option '--%s' doesn't allow an argument", f.Name)
			case takesValue(f) && !hasValue:
				i++ // its value
			case f != nil && !hasValue && i+1 < len(out) && slices.Contains(f.Annotations[optionalValues], out[i+1]):
				// An optional value given as the next argument.
				out[i] += "=" + out[i+1]
				out = slices.Delete(out, i+1, i+2)
			}
		case strings.HasPrefix(arg, "-") && arg != "-":
			// A cluster of short options: the first that takes a value
			// takes the rest of the cluster, or the next argument.
			for j := 1; j < len(arg); j++ {
				if f := fs.ShorthandLookup(arg[j : j+1]); takesValue(f) {
					if j == len(arg)-1 {
						i++
					}
					break
				}
			}
		}
	}
	return out, nil
}
