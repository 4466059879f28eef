package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"math"
	"os"
	"os/signal"
	"strings"
	"sync/atomic"
	"syscall"

	flag "github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/hashkit/hashkit/argon2"
	"github.com/hashkit/hashkit/pbkdf2"
	"github.com/hashkit/hashkit/scrypt"
	"github.com/hashkit/hashkit/sha1"
	"github.com/hashkit/hashkit/sha256"
	"github.com/hashkit/hashkit/sha512"
)

const kdfUsage = `usage: hashkit kdf scrypt|argon2id|argon2i|argon2d|pbkdf2 [flags]
       hashkit kdf verify [--max-memory SIZE] [--max-work SIZE] [--secret-file F] HASH-STRING

Derives a key from a password and prints it as a PHC string (argon2's
$argon2id$..., passlib's $scrypt$... and $pbkdf2-sha256$...), or in hex with
--raw; verify checks a password against such a string.
` + passwordHelp + argon2Help + exitHelp + `
Run 'hashkit kdf <function> --help' for the parameters.
`

// maxPassword is the longest password read from standard input; a longer
// one is refused, never cut.
const maxPassword = 1 << 20

// passwordHelp says where the password comes from; every kdf --help shows it.
const passwordHelp = `
The password is read from the terminal without echo (twice when deriving), or
else from standard input, less one trailing newline: printf 'pw' and
printf 'pw\n' give the same key. A password on standard input longer than
1 MiB is refused (never cut short).
`

// argon2Help is the note for strings of Debian's argon2 command, in the
// help of the argon2 functions, of verify and of kdf.
const argon2Help = `Debian's argon2 command keeps the newline, so a string made by
'echo pw | argon2 SALT -e' verifies with
  printf 'pw\n\n' | hashkit kdf verify '$argon2i$v=19$...'
`

// exitHelp gives the exit statuses; every kdf --help shows it.
const exitHelp = `
Exit status: 0 done (verify: OK); 1 verify: FAILED, or the machine lacks the
memory; 2 bad flags, parameters, hash string or password input. Ctrl-C or
SIGTERM stops at any prompt and during the work: the command then dies by
that signal (the shell shows status 130 or 143).
`

// sizeHelp says how --max-memory and --max-work are written.
const sizeHelp = `
SIZE is a number of bytes, or with a unit: KiB, MiB, GiB, TiB (or K, M, G, T:
also powers of 1024).
`

// workHelp says what --max-work counts.
const workHelp = `
--max-work bounds the work of a string from an untrusted source, in bytes
processed by the hash's core: Argon2 t*m KiB, scrypt 256*N*r*p, PBKDF2 about
128 (SHA-1, SHA-256) or 256 (SHA-512) per iteration. The defaults (argon2
4 GiB, scrypt 2 GiB, pbkdf2 1 GiB, each plus a little for the key) admit
every parameter set in common use and take a few seconds on one core;
anything over is refused at once.
`

func init() {
	for fn, params := range map[string]string{
		"scrypt":   "[--ln LOG2N] [-r R] [-p P] [--max-memory SIZE]",
		"argon2id": "[-t PASSES] [-m KIB] [-p LANES] [--secret-file F] [--max-memory SIZE]",
		"argon2i":  "[-t PASSES] [-m KIB] [-p LANES] [--secret-file F] [--max-memory SIZE]",
		"argon2d":  "[-t PASSES] [-m KIB] [-p LANES] [--secret-file F] [--max-memory SIZE]",
		"pbkdf2":   "[-i ITERATIONS] [--hash sha1|sha256|sha512]",
	} {
		help := passwordHelp
		if strings.HasPrefix(fn, "argon2") {
			help += argon2Help
		}
		if fn != "pbkdf2" {
			help += sizeHelp
		}
		synopses["kdf "+fn] = "usage: hashkit kdf " + fn + " " + params + " [--salt HEX | --salt-string S] [-l BYTES] [--raw]\n\n" +
			"Derives a key from a password with " + fn + " and prints it as a hash string, or in hex with --raw.\n" + help + exitHelp
	}
	synopses["kdf verify"] = "usage: hashkit kdf verify [--max-memory SIZE] [--max-work SIZE] [--secret-file F] HASH-STRING\n\n" +
		"Prints OK (status 0) if the password matches the argon2, scrypt or passlib pbkdf2 string, FAILED (status 1) if not.\n" +
		passwordHelp + argon2Help + workHelp + sizeHelp + exitHelp
}

func cmdKDF(args []string, e *env) error {
	if len(args) == 0 {
		fmt.Fprint(e.stderr, kdfUsage)
		return exitStatus(exitUsage)
	}
	// A signal cancels the work; the prompt and the derivation watch ctx.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var caught atomic.Value
	go func() {
		select {
		case s := <-sigs:
			caught.Store(s)
			cancel()
		case <-ctx.Done():
		}
	}()
	var err error
	switch fn := args[0]; fn {
	case "scrypt", "argon2id", "argon2i", "argon2d", "pbkdf2":
		err = kdfDerive(ctx, fn, args[1:], e)
	case "verify":
		err = kdfVerify(ctx, args[1:], e)
	case "-h", "--help", "help":
		fmt.Fprint(e.stdout, kdfUsage)
		return nil
	default:
		return usagef("kdf: unknown function %q (scrypt, argon2id, argon2i, argon2d, pbkdf2, verify)", fn)
	}
	if s, ok := caught.Load().(os.Signal); ok && err != nil {
		// The prompt has restored the terminal and the progress bar is
		// gone: die by the signal, so that a shell loop around the command
		// stops as it would for any other program.
		fmt.Fprintf(e.stderr, "%s: interrupted\n", e.prog)
		signal.Stop(sigs)
		return exitStatus(dieBySignal(s))
	}
	return err
}

// pbkdf2Hashes are the hashes `kdf pbkdf2 --hash` takes, by PHC name suffix.
var pbkdf2Hashes = map[string]func() hash.Hash{
	"sha1": sha1.New, "sha256": sha256.New, "sha512": sha512.New,
}

// deriveFlags are the flags of `kdf FUNCTION`: the common ones, and those
// of fn's family (nil for the others).
type deriveFlags struct {
	saltHex, saltStr *string
	length           *int
	raw              *bool
	progress         *string
	ln, r, p         *int    // scrypt
	iter             *int    // pbkdf2
	hashName         *string // pbkdf2
	t, m, lanes      *uint32 // argon2
	secretFile       *string // argon2
	maxMem           func() (int64, error)
}

// deriveFunc derives the key of a password, telling progress how far it is.
type deriveFunc func(ctx context.Context, password []byte, progress func(float64)) ([]byte, error)

func kdfDerive(ctx context.Context, fn string, args []string, e *env) error {
	fs := newFlags("kdf "+fn, e)
	f := defineDeriveFlags(fs, fn)
	if err := parseLongFlags(fs, args); err != nil {
		return err
	}
	var maxMem int64
	if f.maxMem != nil {
		var err error
		if maxMem, err = f.maxMem(); err != nil {
			return err
		}
	}
	if fn == "pbkdf2" && !fs.Changed("length") {
		*f.length = max(pbkdf2Sizes[*f.hashName], 1)
	}
	if fs.NArg() > 0 {
		return usagef("kdf %s takes no arguments (the password is read from the terminal or standard input)", fn)
	}
	salt, err := f.salt()
	if err != nil {
		return err
	}
	// No use of a derived key needs more than a few hundred bytes; the
	// bound keeps a typo from allocating gigabytes (or wrapping Argon2's
	// 32-bit length).
	const maxKeyLen = 1 << 20
	if *f.length < 1 || *f.length > maxKeyLen {
		return usagef("--length must be 1 to %d bytes", maxKeyLen)
	}
	// Check the parameters before asking for a password.
	derive, encode, err := f.deriver(ctx, fn, salt, maxMem)
	if err != nil {
		return err
	}
	password, err := readPassword(ctx, e, true)
	if err != nil {
		return err
	}
	key, err := runWithProgress(ctx, e, *f.progress, password, derive)
	if err != nil {
		return err
	}
	if *f.raw {
		fmt.Fprintln(e.stdout, hex.EncodeToString(key))
	} else {
		fmt.Fprintln(e.stdout, encode(key))
	}
	return nil
}

// defineDeriveFlags registers the flags of `kdf fn` on fs.
func defineDeriveFlags(fs *flag.FlagSet, fn string) *deriveFlags {
	var f deriveFlags
	f.saltHex = fs.String("salt", "", "salt in `HEX` (default: 16 random bytes)")
	f.saltStr = fs.String("salt-string", "", "salt as a `STRING`")
	lengthHelp := "key length in `BYTES`"
	defaultLength := 32
	if fn == "pbkdf2" {
		lengthHelp = "key length in `BYTES` (default: the hash's output size, which passlib's strings hold; other lengths need --raw)"
		defaultLength = 0 // set from --hash once parsed
	}
	f.length = fs.IntP("length", "l", defaultLength, lengthHelp)
	f.raw = fs.Bool("raw", false, "print the key in hex instead of a hash string")
	f.progress = new(string)
	defineProgress(fs, f.progress, "progress bar: `WHEN` is auto (on a terminal, for work over about half a second), always or never; --progress alone is always")
	switch fn {
	case "scrypt":
		f.ln = fs.Int("ln", 17, "`LOG2N`: log2 of the cost N")
		f.r = fs.IntP("r", "r", 8, "block size factor `R`")
		f.p = fs.IntP("p", "p", 1, "parallelism `P`")
		f.maxMem = sizeFlag(fs, "max-memory", scrypt.DefaultMaxMemory, "refuse parameters needing more than `SIZE` of memory (never more than the machine has free)")
	case "pbkdf2":
		f.iter = fs.IntP("iterations", "i", 600000, "`N` iterations")
		f.hashName = fs.String("hash", "sha256", "`HASH`: sha1, sha256 or sha512")
	default:
		f.t = fs.Uint32P("time", "t", 3, "`T` passes")
		f.m = fs.Uint32P("memory", "m", 64*1024, "memory m in `KIB`")
		f.lanes = fs.Uint32P("parallelism", "p", 4, "`P` lanes")
		f.secretFile = fs.String("secret-file", "", "read a secret (pepper) from this `FILE`")
		f.maxMem = sizeFlag(fs, "max-memory", argon2.DefaultMaxMemory, "refuse parameters needing more than `SIZE` of memory (never more than the machine has free)")
	}
	return &f
}

// salt returns the salt of --salt or --salt-string, or else 16 random bytes.
func (f *deriveFlags) salt() ([]byte, error) {
	switch {
	case *f.saltHex != "" && *f.saltStr != "":
		return nil, usagef("choose one of --salt and --salt-string")
	case *f.saltHex != "":
		salt, err := hex.DecodeString(*f.saltHex)
		if err != nil {
			return nil, usagef("--salt %s: want hex digits, two per byte", quoteName(*f.saltHex))
		}
		return salt, nil
	case *f.saltStr != "":
		return []byte(*f.saltStr), nil
	}
	salt := make([]byte, 16)
	rand.Read(salt)
	return salt, nil
}

// deriver checks fn's parameters and returns the derivation and the
// encoding of its key as a hash string.
func (f *deriveFlags) deriver(ctx context.Context, fn string, salt []byte, maxMem int64) (deriveFunc, func(key []byte) string, error) {
	switch fn {
	case "scrypt":
		return f.scryptDeriver(ctx, salt, maxMem)
	case "pbkdf2":
		return f.pbkdf2Deriver(salt)
	}
	return f.argon2Deriver(fn, salt, maxMem)
}

func (f *deriveFlags) scryptDeriver(ctx context.Context, salt []byte, maxMem int64) (deriveFunc, func(key []byte) string, error) {
	if *f.ln < 1 || *f.ln > 62 {
		return nil, nil, usagef("--ln must be 1 to 62")
	}
	// The parameters are the user's own: no work limit (Ctrl-C stops).
	params := scrypt.Params{N: 1 << *f.ln, R: *f.r, P: *f.p, KeyLen: *f.length, MaxMemory: maxMem, MaxWork: -1}
	probe := params
	probe.MaxMemory = 1
	if _, err := scrypt.DeriveKey(ctx, nil, nil, probe); !isLimitError(err) {
		return nil, nil, usageError{err}
	}
	need := params.MinMemory()
	what := fmt.Sprintf("scrypt ln=%d r=%d p=%d", *f.ln, *f.r, *f.p)
	if need > maxMem {
		return nil, nil, usagef("%s needs %s of memory, over --max-memory %s", what, formatBytes(need), formatBytes(maxMem))
	}
	if err := checkMachineMemory(what, need); err != nil {
		return nil, nil, err
	}
	derive := func(ctx context.Context, pw []byte, progress func(float64)) ([]byte, error) {
		params.Progress = progress
		return scrypt.DeriveKey(ctx, pw, salt, params)
	}
	return derive, func(key []byte) string { return scrypt.Encode(params, salt, key) }, nil
}

func (f *deriveFlags) pbkdf2Deriver(salt []byte) (deriveFunc, func(key []byte) string, error) {
	name, iter, length := *f.hashName, *f.iter, *f.length
	h, ok := pbkdf2Hashes[name]
	if !ok {
		return nil, nil, usagef("--hash must be sha1, sha256 or sha512")
	}
	if iter < 1 || iter > 1<<31-1 {
		return nil, nil, usagef("--iterations must be 1 to 2147483647")
	}
	if length != pbkdf2Sizes[name] && !*f.raw {
		return nil, nil, usagef("passlib's $%s$ strings hold a %d-byte key: use --raw for -l %d", passlibID(name), pbkdf2Sizes[name], length)
	}
	derive := func(ctx context.Context, pw []byte, progress func(float64)) ([]byte, error) {
		return pbkdf2.DeriveKey(ctx, h, string(pw), salt, iter, length, progress)
	}
	return derive, func(key []byte) string { return encodePBKDF2(name, iter, salt, key) }, nil
}

func (f *deriveFlags) argon2Deriver(fn string, salt []byte, maxMem int64) (deriveFunc, func(key []byte) string, error) {
	variant := map[string]argon2.Variant{"argon2id": argon2.Argon2id, "argon2i": argon2.Argon2i, "argon2d": argon2.Argon2d}[fn]
	params := argon2.Params{Variant: variant, Time: *f.t, Memory: *f.m, Lanes: *f.lanes, KeyLen: uint32(*f.length), MaxMemory: maxMem, MaxWork: -1}
	if *f.secretFile != "" {
		secret, err := readSmallFile(*f.secretFile)
		if err != nil {
			return nil, nil, usagef("--secret-file: %v", err)
		}
		params.Secret = secret
	}
	if err := checkArgon2(params); err != nil {
		return nil, nil, err
	}
	derive := func(ctx context.Context, pw []byte, progress func(float64)) ([]byte, error) {
		params.Progress = progress
		return argon2.DeriveKey(ctx, pw, salt, params)
	}
	return derive, func(key []byte) string { return argon2.Encode(params, salt, key) }, nil
}

// isLimitError reports whether err is the memory-limit error that scrypt's
// and argon2's DeriveKey return after every range check has passed and
// before anything is allocated: the parameter probes ask for a limit
// of one byte and rely on that order.
func isLimitError(err error) bool {
	return errors.Is(err, scrypt.ErrMemoryLimit) || errors.Is(err, argon2.ErrMemoryLimit)
}

// checkArgon2 validates parameters by asking DeriveKey with a memory limit
// too small for any of them: a range error comes first, the limit last.
// Then the memory they need is checked against MaxMemory (a usage error)
// and the machine's.
func checkArgon2(p argon2.Params) error {
	probe := p
	probe.MaxMemory = 1
	_, err := argon2.DeriveKey(context.Background(), nil, make([]byte, 8), probe)
	if !isLimitError(err) {
		return usageError{err}
	}
	need := int64(p.Memory) * 1024
	if p.MaxMemory > 0 && need > p.MaxMemory {
		return usagef("argon2 m=%d KiB is over --max-memory %s", p.Memory, formatBytes(p.MaxMemory))
	}
	return checkMachineMemory(fmt.Sprintf("argon2 m=%d KiB", p.Memory), need)
}

func runWithProgress(ctx context.Context, e *env, mode string, password []byte, derive func(context.Context, []byte, func(float64)) ([]byte, error)) ([]byte, error) {
	if mode != "auto" && mode != "always" && mode != "never" {
		return nil, usagef("--progress must be auto, always or never")
	}
	prog := newWorkProgress(e, mode, 1000, "deriving")
	key, err := derive(ctx, password, func(f float64) { prog.set(int64(f * 1000)) })
	prog.finish()
	if ctx.Err() != nil && prog.on && e.onTerminal(e.stderr) {
		// The terminal echoed ^C after the bar, past what the bar's own
		// clearing blanks: erase the whole line.
		fmt.Fprint(e.stderr, "\r\x1b[K")
	}
	return key, err
}

// readPassword reads the password: from the terminal without echo (twice
// when confirm, so a typo does not lock the user out), or else the whole of
// standard input less one final newline, refused (an error, never cut) if
// longer than maxPassword. A signal (ctx) ends the wait at
// once, with the terminal's echo restored.
func readPassword(ctx context.Context, e *env, confirm bool) ([]byte, error) {
	if f, ok := e.stdin.(*os.File); ok && e.isTerminal(f.Fd()) {
		fd := int(f.Fd())
		if state, err := term.GetState(fd); err == nil {
			defer term.Restore(fd, state)
		}
		pw, err := promptPassword(ctx, e, fd, "Password: ")
		if err != nil {
			return nil, err
		}
		if confirm {
			again, err := promptPassword(ctx, e, fd, "Repeat password: ")
			if err != nil {
				return nil, err
			}
			if subtle.ConstantTimeCompare(pw, again) != 1 {
				return nil, usagef("the passwords do not match")
			}
		}
		return pw, nil
	}
	pw, err := readCancelable(ctx, func() ([]byte, error) {
		// One byte more than the limit tells a longer password from one
		// exactly at it (with its newline).
		return io.ReadAll(io.LimitReader(bufio.NewReader(e.stdin), maxPassword+2))
	})
	if err != nil {
		return nil, err
	}
	pw = bytes.TrimSuffix(pw, []byte("\n"))
	if len(pw) > maxPassword {
		clear(pw)
		return nil, usagef("the password on standard input is longer than %d bytes (1 MiB), the limit: refused rather than cut short", maxPassword)
	}
	return pw, nil
}

func promptPassword(ctx context.Context, e *env, fd int, prompt string) ([]byte, error) {
	fmt.Fprint(e.stderr, prompt)
	pw, err := readCancelable(ctx, func() ([]byte, error) { return term.ReadPassword(fd) })
	fmt.Fprintln(e.stderr)
	return pw, err
}

// readCancelable runs a blocking read on its own goroutine and returns when
// it ends or ctx is canceled, whichever comes first; the read is abandoned
// (the command is about to exit).
func readCancelable(ctx context.Context, read func() ([]byte, error)) ([]byte, error) {
	type res struct {
		b   []byte
		err error
	}
	ch := make(chan res, 1)
	go func() {
		b, err := read()
		ch <- res{b, err}
	}()
	select {
	case r := <-ch:
		return r.b, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// verifyFunc checks a password against a hash string, telling progress how
// far it is; a wrong password is one of the mismatch errors.
type verifyFunc func(ctx context.Context, pw []byte, progress func(float64)) error

func kdfVerify(ctx context.Context, args []string, e *env) error {
	fs := newFlags("kdf verify", e)
	secretFile := fs.String("secret-file", "", "Argon2: the `FILE` holding the secret (pepper) the hash was made with")
	maxMemFlag := sizeFlag(fs, "max-memory", 0, "refuse strings needing more than `SIZE` of memory (default: scrypt 1 GiB, argon2 2 GiB, each + 1 MiB; never more than the machine has free)")
	maxWorkFlag := sizeFlag(fs, "max-work", 0, "refuse strings needing more than `SIZE` of work (default: argon2 4 GiB, scrypt 2 GiB, each + 1 MiB, pbkdf2 1 GiB: a few seconds)")
	progressMode := new(string)
	defineProgress(fs, progressMode, "progress bar: `WHEN` is auto, always or never; --progress alone is always")
	if err := parseLongFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("kdf verify takes one hash string (see 'hashkit kdf verify --help')")
	}
	var lim verifyLimits
	var err error
	if lim.maxMem, err = maxMemFlag(); err != nil {
		return err
	}
	if lim.maxWork, err = maxWorkFlag(); err != nil {
		return err
	}
	verify, err := verifier(fs.Arg(0), *secretFile, lim)
	if err != nil {
		return err
	}
	password, err := readPassword(ctx, e, false)
	if err != nil {
		return err
	}
	_, err = runWithProgress(ctx, e, *progressMode, password, func(ctx context.Context, pw []byte, progress func(float64)) ([]byte, error) {
		return nil, verify(ctx, pw, progress)
	})
	switch {
	case err == nil:
		fmt.Fprintln(e.stdout, "OK")
		return nil
	case errors.Is(err, errMismatch) || errors.Is(err, argon2.ErrMismatch) || errors.Is(err, scrypt.ErrMismatch):
		fmt.Fprintln(e.stdout, "FAILED")
		return exitStatus(exitFail)
	case errors.Is(err, argon2.ErrMemoryLimit) || errors.Is(err, scrypt.ErrMemoryLimit):
		// The string's cost over the limit, which the library counts to the
		// byte: status 2 as for the checks made before the password.
		return usageError{err}
	}
	return err
}

// verifyLimits are kdf verify's --max-memory and --max-work (0: the
// library's defaults).
type verifyLimits struct{ maxMem, maxWork int64 }

// check checks the memory and work a string needs before anything is
// allocated, against the flags or the library's defaults, and the memory
// against the machine's.
func (l verifyLimits) check(what string, mem, defMem, work, defWork int64) error {
	if max := cmp.Or(l.maxMem, defMem); mem > max {
		return usagef("%s needs %s of memory, over --max-memory %s (raise it to verify this string)", what, formatBytes(mem), formatBytes(max))
	}
	if max := cmp.Or(l.maxWork, defWork); work > max {
		return usagef("%s is %s of work, over --max-work %s (raise it to verify this string)", what, formatBytes(work), formatBytes(max))
	}
	return checkMachineMemory(what, mem)
}

// verifier decodes the hash string s, checks its costs against lim and
// returns the check of a password against it.
func verifier(s, secretFile string, lim verifyLimits) (verifyFunc, error) {
	argon := strings.HasPrefix(s, "$argon2")
	if secretFile != "" && !argon {
		// Ignoring it would check the password without the secret the
		// caller meant to apply, and could pass where it should not.
		return nil, usagef("--secret-file: only Argon2 hashes take a secret (pepper), not %s", quoteName(truncate(s, 40)))
	}
	switch {
	case argon:
		return argon2Verifier(s, secretFile, lim)
	case strings.HasPrefix(s, "$scrypt$"):
		return scryptVerifier(s, lim)
	case strings.HasPrefix(s, "$pbkdf2$") || strings.HasPrefix(s, "$pbkdf2-"):
		return pbkdf2Verifier(s, lim)
	}
	return nil, usagef("not a hash string of argon2, scrypt or pbkdf2: %s", quoteName(truncate(s, 40)))
}

func argon2Verifier(s, secretFile string, lim verifyLimits) (verifyFunc, error) {
	p, _, _, err := argon2.Decode(s)
	if err != nil {
		return nil, usageError{err}
	}
	what := fmt.Sprintf("argon2 m=%d KiB t=%d p=%d", p.Memory, p.Time, p.Lanes)
	if err := lim.check(what, int64(p.Memory)*1024, argon2.DefaultMaxMemory, p.Work(), argon2.DefaultMaxWork); err != nil {
		return nil, err
	}
	var secret []byte
	if secretFile != "" {
		if secret, err = readSmallFile(secretFile); err != nil {
			return nil, usagef("--secret-file: %v", err)
		}
	}
	// The limit goes on to the library too, which counts the key and the
	// lanes' bytes beside the blocks, as kdf argon2id does.
	maxMem := cmp.Or(lim.maxMem, argon2.DefaultMaxMemory)
	return func(ctx context.Context, pw []byte, progress func(float64)) error {
		return argon2.VerifyContext(ctx, s, pw, argon2.Params{Secret: secret, Progress: progress, MaxMemory: maxMem, MaxWork: -1})
	}, nil
}

func scryptVerifier(s string, lim verifyLimits) (verifyFunc, error) {
	p, _, _, err := scrypt.Decode(s)
	if err != nil {
		return nil, usageError{err}
	}
	what := fmt.Sprintf("scrypt N=%d r=%d p=%d", p.N, p.R, p.P)
	if err := lim.check(what, p.MinMemory(), scrypt.DefaultMaxMemory, p.Work(), scrypt.DefaultMaxWork); err != nil {
		return nil, err
	}
	// The limit goes on to the library too: the check above is of one
	// table, and it runs as many of the p tables in parallel as fit.
	maxMem := cmp.Or(lim.maxMem, scrypt.DefaultMaxMemory)
	return func(ctx context.Context, pw []byte, progress func(float64)) error {
		return scrypt.VerifyContext(ctx, s, pw, scrypt.Params{Progress: progress, MaxMemory: maxMem, MaxWork: -1})
	}, nil
}

func pbkdf2Verifier(s string, lim verifyLimits) (verifyFunc, error) {
	name, iter, salt, want, err := decodePBKDF2(s)
	if err != nil {
		return nil, usageError{err}
	}
	h := pbkdf2Hashes[name]
	what := fmt.Sprintf("pbkdf2-%s with %d iterations", name, iter)
	if err := lim.check(what, int64(len(want)), math.MaxInt64, pbkdf2.Work(h, iter, len(want)), pbkdf2.DefaultMaxWork); err != nil {
		return nil, err
	}
	return func(ctx context.Context, pw []byte, progress func(float64)) error {
		got, err := pbkdf2.DeriveKey(ctx, h, string(pw), salt, iter, len(want), progress)
		if err != nil {
			return err
		}
		if subtle.ConstantTimeCompare(got, want) != 1 {
			return errMismatch
		}
		return nil
	}, nil
}

var errMismatch = errors.New("password does not match")

// truncate shortens s to at most n bytes, marking the cut.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
