// Command hashkit hashes and checks files with every algorithm of the
// hashkit library, derives keys from passwords, and measures throughput.
//
//	hashkit sum [-a ALG] [-l BYTES] [--key-file F] [--derive-key CTX] [--tag] [--zero] FILE...
//	hashkit check [-a ALG] [--quiet] [--status] [--ignore-missing] [--strict] FILE...
//	hashkit kdf scrypt|argon2id|argon2i|argon2d|pbkdf2 [flags]
//	hashkit kdf verify PHC-STRING
//	hashkit bench [-a ALG...] [--size SIZE...]
//	hashkit list
//	hashkit kernels [--cpu VENDOR:FAMILY:MODEL] [--features LIST] [--cpus] [--measure] [--json]
//
// Output of sum is line for line that of GNU coreutils (sha256sum, b2sum,
// cksum) and b3sum, so it can be checked with those tools, and check reads
// theirs.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"

	flag "github.com/spf13/pflag"

	"github.com/hashkit/hashkit/internal/cpu"
)

// Exit statuses, as coreutils: 1 for a file that failed or a mismatch, 2 for
// bad usage.
const (
	exitFail  = 1
	exitUsage = 2
)

// usageError is a mistake on the command line: one line on stderr, status 2.
type usageError struct{ error }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// coreutilsUsage is a combination of flags that coreutils refuses: its
// message, its "Try ... --help" line and its status (1), so that scripts
// written for sha256sum see what they would see there.
type coreutilsUsage struct {
	msg string
	cmd string // the command whose --help the second line suggests
}

func (c coreutilsUsage) Error() string { return c.msg }

// writeError is a failed write to standard output (a full disk, a closed
// descriptor): the command's result did not reach its reader.
type writeError struct{ err error }

func (w writeError) Error() string { return "write error: " + describe(w.err) }

// env is what a command reads and writes, so tests can run commands in
// process as well as through the built binary.
type env struct {
	// prog is the name messages start with: "hashkit", or the tool's name
	// when invoked as one (sha256sum, b3sum, ...).
	prog           string
	style          style
	stdin          io.Reader
	stdout, stderr io.Writer
	// out is stdout as the commands write it: it remembers the first failed
	// write, which run reports.
	out *checkedWriter
	// isTerminal reports whether the file descriptor is a terminal, for the
	// progress bar and the password prompt.
	isTerminal func(fd uintptr) bool

	lineOnce   sync.Once
	lineByLine bool

	// stdinFailed: standard input was to be read but was closed.
	stdinFailed atomic.Bool
}

const usage = `usage: hashkit <command> [flags] [args]

commands:
  sum     print checksums of files (default algorithm sha256)
  check   verify checksums listed in files (also: hashkit sum -c)
  kdf     derive a key from a password, or verify a password hash
  bench   measure the throughput of the algorithms on this machine
  list    list the algorithms with their default output length
  kernels show which kernel each role runs on this CPU, and why; --measure times them
  bao     BLAKE3 verified streaming: hash, encode, decode, slice, decode-slice

Run 'hashkit <command> --help' for a command's flags, 'hashkit --version' for
the version. Named md5sum, sha1sum, sha224sum, sha256sum, sha384sum,
sha512sum, b2sum, b3sum or cksum (a link will do), hashkit behaves as that
tool.
`

func main() {
	e := defaultEnv()
	name := strings.TrimSuffix(filepath.Base(os.Args[0]), ".exe")
	if _, ok := personas[name]; ok {
		e.prog = name
	}
	os.Exit(run(os.Args[1:], e))
}

func run(args []string, e *env) int {
	e.out = &checkedWriter{w: e.stdout}
	e.stdout = e.out
	var err error
	if t, ok := personas[e.prog]; ok {
		e.style = styleCoreutils
		if t.b3 {
			e.style = styleB3sum
		}
		err = runTool(t, args, e)
	} else {
		err = dispatch(args, e)
	}
	code := e.report(err)
	if e.stdinFailed.Load() && e.style == styleCoreutils {
		// coreutils closes standard input last, and reports that too.
		fmt.Fprintf(e.stderr, "%s: standard input: %s\n", e.prog, describe(syscall.EBADF))
		code = exitFail
	}
	if e.out.err != nil {
		if e.style == styleCoreutils {
			// coreutils 9.1 says no more (the errno is gone by then).
			fmt.Fprintf(e.stderr, "%s: write error\n", e.prog)
		} else {
			fmt.Fprintf(e.stderr, "%s: %v\n", e.prog, writeError{e.out.err})
		}
		return exitFail
	}
	return code
}

// style is whose conventions messages follow.
type style int

const (
	styleHashkit   style = iota // hashkit's own commands: coreutils' forms, hashkit's words
	styleCoreutils              // invoked as sha256sum, b2sum, ...
	styleB3sum                  // invoked as b3sum
)

// checkedWriter passes writes through and remembers the first error; later
// writes fail at once, so a command stops producing output nobody reads.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err != nil {
		c.err = err
	}
	return n, err
}

// failed reports whether a write to stdout has failed.
func (e *env) failed() bool { return e.out != nil && e.out.err != nil }

func dispatch(args []string, e *env) error {
	if len(args) == 0 {
		fmt.Fprint(e.stderr, usage)
		return exitStatus(exitUsage)
	}
	if cmd, ok := commands[args[0]]; ok {
		return cmd(args[1:], e)
	}
	switch args[0] {
	case "help", "-h", "--help":
		fmt.Fprint(e.stdout, usage)
		return nil
	case "version", "--version":
		fmt.Fprintf(e.stdout, "hashkit %s (%s, %s/%s)\n", version(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
		return nil
	}
	return usagef("unknown command %q", args[0])
}

// commands are the subcommands by name; each takes the arguments after its
// name.
var commands = map[string]func(args []string, e *env) error{
	"sum":     cmdSum,
	"check":   cmdCheck,
	"kdf":     cmdKDF,
	"bench":   cmdBench,
	"bao":     cmdBao,
	"list":    cmdList,
	"kernels": cmdKernels,
}

// report prints err as one line (two for coreutils' refusals) and returns
// the exit status.
func (e *env) report(err error) int {
	var ue usageError
	var ex exitStatus
	var cu coreutilsUsage
	var te toolError
	switch {
	case errors.As(err, &te):
		fmt.Fprintln(e.stderr, te.msg)
		return exitFail
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ex):
		return int(ex)
	case errors.As(err, &cu):
		fmt.Fprintf(e.stderr, "%s: %s\nTry '%s --help' for more information.\n", e.prog, cu.msg, cu.cmd)
		return exitFail
	case errors.As(err, &ue) && e.style != styleHashkit:
		// The tools report bad usage with status 1.
		fmt.Fprintf(e.stderr, "%s: %s\n", e.prog, plainMessage(err.Error()))
		return exitFail
	case errors.As(err, &ue):
		fmt.Fprintf(e.stderr, "%s: %s\n", e.prog, plainMessage(err.Error()))
		return exitUsage
	default:
		fmt.Fprintf(e.stderr, "%s: %s\n", e.prog, plainMessage(err.Error()))
		return exitFail
	}
}

// buildVersion names a release build: go build -ldflags "-X main.buildVersion=v1.2.3".
var buildVersion string

// version is the version the binary was built from: buildVersion, else the
// module version (go install ...@v1.2.3), else "devel" with the commit of a
// build from a checkout ("devel+0e60f0d12345", "-dirty" if it had changes),
// or a note that none was recorded (-buildvcs=false, no git).
func version() string {
	bi, ok := debug.ReadBuildInfo()
	switch {
	case buildVersion != "":
		return buildVersion
	case !ok:
		return "devel (revision unknown)"
	case bi.Main.Version != "" && bi.Main.Version != "(devel)":
		return bi.Main.Version
	}
	rev, dirty := "", ""
	for _, s := range bi.Settings {
		switch {
		case s.Key == "vcs.revision":
			rev = s.Value[:min(len(s.Value), 12)]
		case s.Key == "vcs.modified" && s.Value == "true":
			dirty = "-dirty"
		}
	}
	if rev == "" {
		return "devel (revision unknown)"
	}
	return "devel+" + rev + dirty
}

// exitStatus ends a command with a status after it has printed its own
// messages.
type exitStatus int

func (s exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(s)) }

// synopses are the first lines of each command's --help.
var synopses = map[string]string{
	"sum": "usage: hashkit sum [-a ALG] [-l BYTES] [--key-file F | --keyed | --derive-key CTX] [--tag] [-z] [-b] [FILE...]\n" +
		"       hashkit sum -r [-L] [--exclude GLOB]... [flags] DIR...\n       hashkit sum -c [check flags] [LIST...]\n\n" +
		"Prints the checksum of each FILE (standard input for none or -), as sha256sum, b2sum, cksum and b3sum do.\n",
	"check": "usage: hashkit check [-a ALG] [--quiet | --status | -w] [--strict] [--ignore-missing] [-z] [LIST...]\n" +
		"       hashkit check --audit [--json] [flags] LIST [DIR...]\n\n" +
		"Verifies the checksums in each LIST (standard input for none or -), written by hashkit sum, coreutils or b3sum.\n",
	"list":  "usage: hashkit list [--kernels]\n\nLists the algorithms with their default output length in bytes.\n",
	"bench": "usage: hashkit bench [-a ALG...] [--size SIZE...] [--time D]\n\nMeasures the throughput of the algorithms on this machine.\n",
	"kernels": "usage: hashkit kernels [--cpu VENDOR:FAMILY:MODEL] [--features LIST] [--json]\n" +
		"       hashkit kernels --cpus [--json]\n       hashkit kernels --measure [--rounds N] [--json]\n\n" +
		"Shows the kernel each role of the library runs on this CPU (or on the CPU --cpu names), the kernels it could\n" +
		"run, and the evidence for the choice: measured, estimate (llvm-mca MODEL) or default. --measure times them all\n" +
		"here and prints the dispatch table entry the times support, to paste into a bug report.\n\n" +
		"HASHKIT_ORDER=\"pkg/role=kernel,kernel;...\" puts that order ahead of the table's for the roles it names, e.g.\n" +
		"HASHKIT_ORDER=\"blake2b/block=avx2,bmi2;sha512/block=avx2\"; it only reorders the kernels the CPU can run and\n" +
		"HASHKIT_DISABLE leaves on. HASHKIT_DISABLE=pkg/kernel,... switches kernels off. An entry of either that is\n" +
		"malformed or names no registered role or kernel is an error here (status 2); the library passes it over.\n",
}

// newFlags returns a flag set that reports errors as usage errors and
// prints its --help (a synopsis and the flags) on stdout.
func newFlags(name string, e *env) *flag.FlagSet {
	fs := flag.NewFlagSet("hashkit "+name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.SortFlags = false
	fs.Usage = func() {
		fmt.Fprintf(e.stdout, "%s\nflags:\n%s", synopses[name], fs.FlagUsages())
	}
	return fs
}

func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return usageError{errors.New(flagError(fs, err))}
	}
	return nil
}

// parseLongFlags is parseFlags for commands whose long options may be
// abbreviated, as getopt allows, and whose optional values (--progress) may
// follow as the next argument.
func parseLongFlags(fs *flag.FlagSet, args []string) error {
	args, err := expandLongOptions(fs, args, false)
	if err != nil {
		return usageError{err}
	}
	return parseFlags(fs, args)
}

// flagError words a flag parsing error for people: the flag as typed, what
// its value must be, and where to look, instead of the parser's internals
// (strconv.ParseInt: parsing "x": invalid syntax).
func flagError(fs *flag.FlagSet, err error) string {
	help := fmt.Sprintf(" (see '%s --help')", fs.Name())
	var ne *flag.NotExistError
	var ve *flag.ValueRequiredError
	var ie *flag.InvalidValueError
	switch {
	case errors.As(err, &ne) && ne.GetSpecifiedShortnames() != "":
		// pflag keeps only the rest of a cluster from the unknown letter
		// on ("r" for -br), so the letter alone is named.
		return fmt.Sprintf("unknown flag -%s%s", ne.GetSpecifiedName(), help)
	case errors.As(err, &ne):
		return fmt.Sprintf("unknown flag --%s%s", ne.GetSpecifiedName(), help)
	case errors.As(err, &ve):
		return fmt.Sprintf("flag --%s needs a value%s", ve.GetFlag().Name, help)
	case errors.As(err, &ie):
		want := map[string]string{
			"int": "a whole number", "int64": "a whole number", "uint32": "a whole number from 0 to 4294967295",
			"bool": "true or false", "duration": "a duration such as 300ms or 2s",
		}[ie.GetFlag().Value.Type()]
		if want == "" {
			want = "something else"
		}
		return fmt.Sprintf("--%s %s: want %s", ie.GetFlag().Name, quoteName(ie.GetValue()), want)
	}
	return "bad flag syntax: " + strings.TrimPrefix(err.Error(), "bad flag syntax: ")
}

// plainMessage drops the package prefixes of library errors
// ("hashkit/argon2: "): the command speaks for itself.
func plainMessage(msg string) string {
	for {
		i := strings.Index(msg, "hashkit/")
		if i < 0 {
			return msg
		}
		j := strings.Index(msg[i:], ": ")
		if j < 0 || strings.ContainsAny(msg[i:i+j], " \n") {
			return msg
		}
		msg = msg[:i] + msg[i+j+2:]
	}
}

func cmdList(args []string, e *env) error {
	fs := newFlags("list", e)
	kernels := fs.Bool("kernels", false, "list the accelerated kernels instead (package/name, and whether this CPU runs them)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *kernels {
		kernels := cpu.Kernels()
		for _, pkg := range cpu.Packages() {
			for _, k := range kernels {
				if k.Pkg != pkg {
					continue
				}
				state := "not available on this CPU (or disabled by HASHKIT_DISABLE)"
				switch {
				case k.Chosen:
					state = "available, chosen for " + string(k.Role)
				case k.Shipped:
					state = "available, fallback for " + string(k.Role)
				case k.Available:
					state = "available, not used: " + cpu.Shipped(pkg, k.Role) + " is chosen for " + string(k.Role) + " on this CPU"
				}
				fmt.Fprintf(e.stdout, "%s/%s\t%s\n", pkg, k.Name, state)
			}
		}
		return nil
	}
	w := len("ALGORITHM")
	for _, a := range algorithms {
		w = max(w, len(a.name))
	}
	fmt.Fprintf(e.stdout, "%-*s  %-5s  %s\n", w, "ALGORITHM", "BYTES", "DESCRIPTION")
	for _, name := range sortedNames() {
		a, _ := lookup(name)
		size := fmt.Sprint(a.size)
		if a.variable {
			size += "*"
		}
		fmt.Fprintf(e.stdout, "%-*s  %-5s  %s\n", w, a.name, size, a.doc)
	}
	fmt.Fprintln(e.stdout, "\n* other lengths with -l")
	fmt.Fprintln(e.stdout, "Also in the Go packages, not in sum: cSHAKE128/256, TupleHash128/256 and their XOFs, KMACXOF128/256,\n"+
		"ParallelHash XOFs, BLAKE2X, HMAC, HKDF; PBKDF2, scrypt and Argon2 are in 'hashkit kdf'.")
	return nil
}
