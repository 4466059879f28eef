package scrypt

import (
	"cmp"
	"context"
	"errors"
	"math/bits"
	"strconv"

	"github.com/hashkit/hashkit/internal/phc"
)

// ErrMismatch is returned by Verify when the password does not match.
var ErrMismatch = errors.New("hashkit/scrypt: hash and password do not match")

// Hash derives a key of password with params (N a power of two; a KeyLen
// of 0 means 32) and a new random 16-byte salt, and returns it in the PHC
// format of Python's passlib: $scrypt$ln=log2(N),r=R,p=P$salt$hash, with
// salt and hash in base64 without padding.
func Hash(password []byte, params Params) (string, error) {
	return HashContext(context.Background(), password, params)
}

// HashContext is Hash with a context (see DeriveKey).
func HashContext(ctx context.Context, password []byte, params Params) (string, error) {
	params.KeyLen = cmp.Or(params.KeyLen, phc.DefaultKeyLen)
	if params.KeyLen > 0 && params.KeyLen < phc.MinHashLen {
		return "", errors.New("hashkit/scrypt: Hash needs a KeyLen of at least 4 bytes (Verify refuses shorter hashes)")
	}
	return phc.New(func(salt []byte) ([]byte, error) { return DeriveKey(ctx, password, salt, params) },
		func(salt, key []byte) string { return Encode(params, salt, key) })
}

// Encode formats a derived key as a passlib scrypt PHC string. params.N
// must be a power of two.
func Encode(params Params, salt, key []byte) string {
	h := phc.Hash{
		ID: "scrypt",
		Params: []phc.Param{
			{Name: "ln", Value: strconv.Itoa(bits.TrailingZeros64(uint64(params.N)))},
			{Name: "r", Value: strconv.Itoa(params.R)},
			{Name: "p", Value: strconv.Itoa(params.P)},
		},
		Salt: salt, Hash: key,
	}
	return h.String()
}

// Decode parses a passlib scrypt PHC string into parameters (N, R, P and
// KeyLen), salt and key, checking the syntax and the ranges that DeriveKey
// checks (except the memory and work limits): ln, r, p in this order,
// 1 <= ln <= 62 (30 on 32-bit platforms), r, p >= 1, r*p < 2^30, and a
// hash of at least 4 bytes.
func Decode(s string) (params Params, salt, key []byte, err error) {
	f, err := decode(s)
	if err != nil {
		return Params{}, nil, nil, err
	}
	if err := f.fitsInt(); err != nil {
		return Params{}, nil, nil, err
	}
	return Params{N: 1 << f.ln, R: f.r, P: f.p, KeyLen: len(f.hash)}, f.salt, f.hash, nil
}

// fields are the values of a passlib scrypt PHC string.
type fields struct {
	ln         uint32
	r, p       int
	salt, hash []byte
}

// decode is Decode without the check that N = 2^ln fits in an int.
func decode(s string) (fields, error) {
	const errPrefix = "hashkit/scrypt: invalid scrypt PHC string: "
	h, err := phc.Parse(s)
	if err != nil {
		return fields{}, err
	}
	bad := func(what string) (fields, error) {
		return fields{}, errors.New(errPrefix + what)
	}
	if h.ID != "scrypt" {
		return bad("identifier is not scrypt")
	}
	if h.HasVersion {
		return bad("unexpected version field")
	}
	v, err := h.Uint32s(errPrefix, "ln", "r", "p")
	if err != nil {
		return fields{}, err
	}
	if v[0] < 1 || v[0] > 62 {
		return bad("ln must be between 1 and 62")
	}
	if h.Hash == nil {
		return bad("no hash")
	}
	if len(h.Hash) < phc.MinHashLen {
		return bad("hash shorter than 4 bytes")
	}
	// r and p are checked as read (r*p < 2^30 below 2^31), so that on
	// 32-bit platforms a large one does not wrap in an int.
	f := fields{ln: v[0], r: int(min(v[1], 1<<30)), p: int(min(v[2], 1<<30)), salt: h.Salt, hash: h.Hash}
	if err := checkRPK(f.r, f.p, len(f.hash)); err != nil {
		return fields{}, err
	}
	return f, nil
}

// fitsInt returns an error if N = 2^ln does not fit in an int: on 32-bit
// platforms, ln is at most 30.
func (f fields) fitsInt() error {
	if f.ln > bits.UintSize-2 {
		return errors.New("hashkit/scrypt: invalid scrypt PHC string: ln=" + strconv.FormatUint(uint64(f.ln), 10) + " is too large for this platform: N = 2^ln must fit in an int (ln at most " + strconv.Itoa(bits.UintSize-2) + ")")
	}
	return nil
}

// Verify checks password against the passlib scrypt PHC string encoded,
// with the default memory and work limits (DefaultMaxMemory,
// DefaultMaxWork), so that a string from an untrusted source is refused at
// once if it asks for more. It returns nil on a match, ErrMismatch on a
// mismatch, and another error if the string is malformed or out of range
// (before the parameters' memory is allocated), ErrMemoryLimit or
// ErrCostExceeded (errors.Is) over a limit. The comparison takes constant
// time.
func Verify(encoded string, password []byte) error {
	return VerifyContext(context.Background(), encoded, password, Params{})
}

// VerifyContext is Verify with a context and the settings of opts that the
// string does not hold: MaxMemory, MaxWork, Threads and Progress (the other
// fields of opts are ignored). A nil ctx means context.Background().
func VerifyContext(ctx context.Context, encoded string, password []byte, opts Params) error {
	f, err := decode(encoded)
	if err != nil {
		return err
	}
	if err := f.fitsInt(); err != nil {
		// On 32-bit platforms: the string gets the error of 64-bit ones
		// if it is over a limit, as it is unless they were raised.
		if _, lerr := checkLimits(1<<f.ln, f.r, f.p, len(f.hash), opts.MaxMemory, opts.MaxWork, true); lerr != nil {
			return lerr
		}
		return err
	}
	params := Params{N: 1 << f.ln, R: f.r, P: f.p, KeyLen: len(f.hash),
		MaxMemory: opts.MaxMemory, MaxWork: opts.MaxWork, Threads: opts.Threads, Progress: opts.Progress}
	got, err := DeriveKey(ctx, password, f.salt, params)
	return phc.Check(got, f.hash, err, ErrMismatch)
}

// NeedsRehash reports whether the passlib scrypt string encoded should be
// replaced by a hash made with params (as passlib's needs_update): true if
// it does not parse, or its N, r, p or key length (a KeyLen of 0 means 32,
// as in Hash) differ from params'. Call it after a successful Verify.
func NeedsRehash(encoded string, params Params) bool {
	p, _, _, err := Decode(encoded)
	if err != nil {
		return true
	}
	keyLen := cmp.Or(params.KeyLen, phc.DefaultKeyLen)
	return p.N != params.N || p.R != params.R || p.P != params.P || p.KeyLen != keyLen
}
