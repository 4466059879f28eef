// Command hashkit hashes and checks files with every algorithm of the
// hashkit library, derives keys from passwords, and measures throughput.
//
//	hashkit sum [-a ALG] [-l BYTES] [--key-file F] [--derive-key CTX] [--tag] [--zero] FILE...
//	hashkit check [-a ALG] [--quiet] [--status] [--ignore-missing] [--strict] FILE...
//	hashkit kdf scrypt|argon2id|argon2i|argon2d|pbkdf2 [flags]
//	hashkit kdf verify PHC-STRING
//	hashkit bench [-a ALG...] [--size SIZE...]
//	hashkit list
//
// Output of sum is line for line that of GNU coreutils (sha256sum, b2sum) and
// b3sum, so it can be checked with those tools, and check reads theirs.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

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

// env is what a command reads and writes, so tests can run commands in
// process as well as through the built binary.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// isTerminal reports whether the file descriptor is a terminal, for the
	// progress bar and the password prompt.
	isTerminal func(fd uintptr) bool
}

const usage = `usage: hashkit <command> [flags] [args]

commands:
  sum     print checksums of files (default algorithm sha256)
  check   verify checksums listed in files (also: hashkit sum -c)
  kdf     derive a key from a password, or verify a password hash
  bench   measure the throughput of the algorithms on this machine
  list    list the algorithms with their default output length

Run 'hashkit <command> --help' for a command's flags.
`

func main() {
	os.Exit(run(os.Args[1:], defaultEnv()))
}

func run(args []string, e *env) int {
	if len(args) == 0 {
		fmt.Fprint(e.stderr, usage)
		return exitUsage
	}
	var err error
	switch args[0] {
	case "sum":
		err = cmdSum(args[1:], e)
	case "check":
		err = cmdCheck(args[1:], e)
	case "kdf":
		err = cmdKDF(args[1:], e)
	case "bench":
		err = cmdBench(args[1:], e)
	case "list":
		err = cmdList(args[1:], e)
	case "help", "-h", "--help":
		fmt.Fprint(e.stdout, usage)
		return 0
	default:
		err = usagef("unknown command %q", args[0])
	}
	var ue usageError
	var ex exitStatus
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ex):
		return int(ex)
	case errors.As(err, &ue):
		fmt.Fprintf(e.stderr, "hashkit: %v\n", err)
		return exitUsage
	default:
		fmt.Fprintf(e.stderr, "hashkit: %v\n", err)
		return exitFail
	}
}

// exitStatus ends a command with a status after it has printed its own
// messages.
type exitStatus int

func (s exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(s)) }

// newFlags returns a flag set that reports errors as usage errors.
func newFlags(name string, e *env) *flag.FlagSet {
	fs := flag.NewFlagSet("hashkit "+name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.SortFlags = false
	return fs
}

func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return usageError{err}
	}
	return nil
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
					state = "available, not used: the dispatch table prefers " + cpu.Shipped(pkg, k.Role) + " for " + string(k.Role) + " on this CPU"
				}
				fmt.Fprintf(e.stdout, "%s/%s\t%s\n", pkg, k.Name, state)
			}
		}
		return nil
	}
	fmt.Fprintf(e.stdout, "%-12s %-8s %s\n", "ALGORITHM", "BYTES", "")
	for _, name := range sortedNames() {
		a, _ := lookup(name)
		size := fmt.Sprint(a.size)
		if a.variable {
			size += "*"
		}
		fmt.Fprintf(e.stdout, "%-12s %-8s %s\n", a.name, size, a.doc)
	}
	fmt.Fprintln(e.stdout, "\n* other lengths with -l")
	return nil
}
