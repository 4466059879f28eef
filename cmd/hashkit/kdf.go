package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/term"

	"github.com/hashkit/hashkit/argon2"
	"github.com/hashkit/hashkit/pbkdf2"
	"github.com/hashkit/hashkit/phc"
	"github.com/hashkit/hashkit/scrypt"
	"github.com/hashkit/hashkit/sha1"
	"github.com/hashkit/hashkit/sha256"
	"github.com/hashkit/hashkit/sha512"
)

const kdfUsage = `usage: hashkit kdf scrypt|argon2id|argon2i|argon2d|pbkdf2 [flags]
       hashkit kdf verify PHC-STRING

Reads the password from the terminal without echo (or from standard input
when it is not a terminal) and prints a PHC string, or the key in hex with
--raw. Run 'hashkit kdf <function> --help' for the parameters.
`

// exitInterrupted is the status after Ctrl-C, as shells report SIGINT.
const exitInterrupted = 130

func cmdKDF(args []string, e *env) error {
	if len(args) == 0 {
		fmt.Fprint(e.stderr, kdfUsage)
		return exitStatus(exitUsage)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
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
	if ctx.Err() != nil && errors.Is(err, context.Canceled) {
		fmt.Fprintf(e.stderr, "%s: interrupted\n", e.prog)
		return exitStatus(exitInterrupted)
	}
	return err
}

// pbkdf2Hashes are the hashes `kdf pbkdf2 --hash` takes, by PHC name suffix.
var pbkdf2Hashes = map[string]func() hash.Hash{
	"sha1": sha1.New, "sha256": sha256.New, "sha512": sha512.New,
}

func kdfDerive(ctx context.Context, fn string, args []string, e *env) error {
	fs := newFlags("kdf "+fn, e)
	saltHex := fs.String("salt", "", "salt in hex (default: 16 random bytes)")
	saltStr := fs.String("salt-string", "", "salt as a string")
	length := fs.IntP("length", "l", 32, "key length in bytes")
	raw := fs.Bool("raw", false, "print the key in hex instead of a PHC string")
	progressMode := fs.String("progress", "auto", "progress bar: auto (on a terminal, for work over about half a second), always, never")
	var (
		ln, r, p         *int
		t, m, lanes      *uint32
		secretFile       *string
		iter             *int
		hashName         *string
		maxMem           *int64
		defaultSaltBytes = 16
	)
	switch fn {
	case "scrypt":
		ln = fs.Int("ln", 17, "log2 of the cost N")
		r = fs.IntP("r", "r", 8, "block size factor r")
		p = fs.IntP("p", "p", 1, "parallelism p")
		maxMem = fs.Int64("max-memory", scrypt.DefaultMaxMemory, "refuse parameters needing more bytes than this")
	case "pbkdf2":
		iter = fs.IntP("iterations", "i", 600000, "iterations")
		hashName = fs.String("hash", "sha256", "hash: sha1, sha256, sha512")
	default:
		t = fs.Uint32P("time", "t", 3, "passes t")
		m = fs.Uint32P("memory", "m", 64*1024, "memory m in KiB")
		lanes = fs.Uint32P("parallelism", "p", 4, "lanes p")
		secretFile = fs.String("secret-file", "", "read a secret (pepper) from this file")
		maxMem = fs.Int64("max-memory", argon2.DefaultMaxMemory, "refuse parameters needing more bytes than this")
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("kdf %s takes no arguments (the password is read from the terminal or standard input)", fn)
	}
	var salt []byte
	switch {
	case *saltHex != "" && *saltStr != "":
		return usagef("choose one of --salt and --salt-string")
	case *saltHex != "":
		var err error
		if salt, err = hex.DecodeString(*saltHex); err != nil {
			return usagef("--salt: %v", err)
		}
	case *saltStr != "":
		salt = []byte(*saltStr)
	default:
		salt = make([]byte, defaultSaltBytes)
		rand.Read(salt)
	}
	if *length < 1 {
		return usagef("--length must be at least 1")
	}

	// Check the parameters before asking for a password.
	var derive func(ctx context.Context, password []byte, progress func(float64)) ([]byte, error)
	var encode func(key []byte) string
	switch fn {
	case "scrypt":
		if *ln < 1 || *ln > 62 {
			return usagef("--ln must be 1 to 62")
		}
		params := scrypt.Params{N: 1 << *ln, R: *r, P: *p, KeyLen: *length, MaxMemory: *maxMem}
		probe := params
		probe.MaxMemory = 1
		if _, err := scrypt.DeriveKey(ctx, nil, nil, probe); !isLimitError(err) {
			return usageError{err}
		}
		if need := params.MinMemory(); need > *maxMem && *maxMem > 0 {
			return usagef("scrypt ln=%d r=%d p=%d needs %d bytes, over --max-memory %d", *ln, *r, *p, need, *maxMem)
		}
		derive = func(ctx context.Context, pw []byte, progress func(float64)) ([]byte, error) {
			params.Progress = progress
			return scrypt.DeriveKey(ctx, pw, salt, params)
		}
		encode = func(key []byte) string { return scrypt.Encode(params, salt, key) }
	case "pbkdf2":
		h, ok := pbkdf2Hashes[*hashName]
		if !ok {
			return usagef("--hash must be sha1, sha256 or sha512")
		}
		if *iter < 1 {
			return usagef("--iterations must be at least 1")
		}
		derive = func(ctx context.Context, pw []byte, progress func(float64)) ([]byte, error) {
			return pbkdf2.DeriveKey(ctx, h, string(pw), salt, *iter, *length, progress)
		}
		encode = func(key []byte) string { return encodePBKDF2(*hashName, *iter, salt, key) }
	default:
		variant := map[string]argon2.Variant{"argon2id": argon2.Argon2id, "argon2i": argon2.Argon2i, "argon2d": argon2.Argon2d}[fn]
		params := argon2.Params{Variant: variant, Time: *t, Memory: *m, Lanes: *lanes, KeyLen: uint32(*length), MaxMemory: *maxMem}
		if *secretFile != "" {
			secret, err := os.ReadFile(*secretFile)
			if err != nil {
				return usagef("--secret-file: %v", err)
			}
			params.Secret = secret
		}
		if err := checkArgon2(params); err != nil {
			return usageError{err}
		}
		derive = func(ctx context.Context, pw []byte, progress func(float64)) ([]byte, error) {
			params.Progress = progress
			return argon2.DeriveKey(ctx, pw, salt, params)
		}
		encode = func(key []byte) string { return argon2.Encode(params, salt, key) }
	}

	password, err := readPassword(e, true)
	if err != nil {
		return err
	}
	key, err := runWithProgress(ctx, e, *progressMode, password, derive)
	if err != nil {
		return err
	}
	if *raw {
		fmt.Fprintln(e.stdout, hex.EncodeToString(key))
	} else {
		fmt.Fprintln(e.stdout, encode(key))
	}
	return nil
}

// isLimitError reports whether err is the memory-limit error that scrypt's
// and argon2's DeriveKey return after every range check has passed and
// before anything is allocated: the parameter probes below ask for a limit
// of one byte and rely on that order.
func isLimitError(err error) bool {
	return errors.Is(err, scrypt.ErrMemoryLimit) || errors.Is(err, argon2.ErrMemoryLimit)
}

// checkArgon2 validates parameters by asking DeriveKey with a memory limit
// too small for any of them: a range error comes first, the limit last.
func checkArgon2(p argon2.Params) error {
	probe := p
	probe.MaxMemory = 1
	_, err := argon2.DeriveKey(context.Background(), nil, make([]byte, 8), probe)
	if !isLimitError(err) {
		return err
	}
	if need := int64(p.Memory) * 1024; p.MaxMemory > 0 && need > p.MaxMemory {
		return fmt.Errorf("argon2 m=%d KiB is over --max-memory %d bytes", p.Memory, p.MaxMemory)
	}
	return nil
}

func runWithProgress(ctx context.Context, e *env, mode string, password []byte, derive func(context.Context, []byte, func(float64)) ([]byte, error)) ([]byte, error) {
	if mode != "auto" && mode != "always" && mode != "never" {
		return nil, usagef("--progress must be auto, always or never")
	}
	prog := newWorkProgress(e, mode, 1000, "deriving")
	key, err := derive(ctx, password, func(f float64) { prog.set(int64(f * 1000)) })
	prog.finish()
	return key, err
}

// readPassword reads the password: from the terminal without echo (twice
// when confirm, so a typo does not lock the user out), or else the whole of
// standard input less one final newline.
func readPassword(e *env, confirm bool) ([]byte, error) {
	if f, ok := e.stdin.(*os.File); ok && e.isTerminal(f.Fd()) {
		fmt.Fprint(e.stderr, "Password: ")
		pw, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(e.stderr)
		if err != nil {
			return nil, err
		}
		if confirm {
			fmt.Fprint(e.stderr, "Repeat password: ")
			again, err := term.ReadPassword(int(f.Fd()))
			fmt.Fprintln(e.stderr)
			if err != nil {
				return nil, err
			}
			if subtle.ConstantTimeCompare(pw, again) != 1 {
				return nil, usagef("the passwords do not match")
			}
		}
		return pw, nil
	}
	pw, err := io.ReadAll(io.LimitReader(bufio.NewReader(e.stdin), 1<<20))
	if err != nil {
		return nil, err
	}
	pw = bytes.TrimSuffix(pw, []byte("\n"))
	pw = bytes.TrimSuffix(pw, []byte("\r"))
	return pw, nil
}

func kdfVerify(ctx context.Context, args []string, e *env) error {
	fs := newFlags("kdf verify", e)
	secretFile := fs.String("secret-file", "", "Argon2: the secret (pepper) the hash was made with")
	progressMode := fs.String("progress", "auto", "progress bar: auto, always, never")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("usage: hashkit kdf verify PHC-STRING")
	}
	s := fs.Arg(0)
	var verify func(ctx context.Context, pw []byte, progress func(float64)) error
	switch {
	case strings.HasPrefix(s, "$argon2"):
		if _, _, _, err := argon2.Decode(s); err != nil {
			return usageError{err}
		}
		var secret []byte
		if *secretFile != "" {
			var err error
			if secret, err = os.ReadFile(*secretFile); err != nil {
				return usagef("--secret-file: %v", err)
			}
		}
		verify = func(ctx context.Context, pw []byte, progress func(float64)) error {
			return argon2.VerifyContext(ctx, s, pw, argon2.Params{Secret: secret, Progress: progress})
		}
	case strings.HasPrefix(s, "$scrypt$"):
		if _, _, _, err := scrypt.Decode(s); err != nil {
			return usageError{err}
		}
		verify = func(ctx context.Context, pw []byte, progress func(float64)) error {
			return scrypt.VerifyContext(ctx, s, pw, scrypt.Params{Progress: progress})
		}
	case strings.HasPrefix(s, "$pbkdf2-"):
		name, iter, salt, want, err := decodePBKDF2(s)
		if err != nil {
			return usageError{err}
		}
		verify = func(ctx context.Context, pw []byte, progress func(float64)) error {
			got, err := pbkdf2.DeriveKey(ctx, pbkdf2Hashes[name], string(pw), salt, iter, len(want), progress)
			if err != nil {
				return err
			}
			if subtle.ConstantTimeCompare(got, want) != 1 {
				return errMismatch
			}
			return nil
		}
	default:
		return usagef("not a PHC string of argon2, scrypt or pbkdf2: %.40q", s)
	}
	password, err := readPassword(e, false)
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
	}
	return err
}

var errMismatch = errors.New("password does not match")

// PBKDF2 strings follow the PHC format's pbkdf2 entry:
// $pbkdf2-sha256$i=ITERATIONS$salt$hash, base64 without padding.
func encodePBKDF2(name string, iter int, salt, key []byte) string {
	h := phc.Hash{ID: "pbkdf2-" + name, Params: []phc.Param{{Name: "i", Value: strconv.Itoa(iter)}}, Salt: salt, Hash: key}
	return h.String()
}

func decodePBKDF2(s string) (name string, iter int, salt, key []byte, err error) {
	h, err := phc.Parse(s)
	if err != nil {
		return "", 0, nil, nil, err
	}
	name = strings.TrimPrefix(h.ID, "pbkdf2-")
	if _, ok := pbkdf2Hashes[name]; !ok {
		return "", 0, nil, nil, fmt.Errorf("unknown PBKDF2 hash %q", name)
	}
	v, ok := h.Param("i")
	if !ok || len(h.Params) != 1 {
		return "", 0, nil, nil, errors.New("a PBKDF2 string has one parameter, i")
	}
	n, err := phc.ParseUint32(v)
	if err != nil || n < 1 || n > 1<<31-1 {
		return "", 0, nil, nil, errors.New("PBKDF2 iterations out of range")
	}
	if len(h.Hash) == 0 {
		return "", 0, nil, nil, errors.New("PBKDF2 string without a hash")
	}
	return name, int(n), h.Salt, h.Hash, nil
}
