package argon2

import (
	"cmp"
	"context"
	"errors"
	"strconv"

	"github.com/hashkit/hashkit/internal/phc"
)

// ErrMismatch is returned by Verify when the password does not match.
var ErrMismatch = errors.New("hashkit/argon2: hash and password do not match")

// Hash derives a tag of password with params and a new random 16-byte salt,
// and returns it as a PHC string, as the Argon2 reference implementation
// writes it: $argon2id$v=19$m=65536,t=3,p=4$salt$hash (base64 without
// padding). A KeyLen of 0 means 32 bytes. Secret and AssociatedData are used
// but not stored in the string: pass the same Secret to VerifyContext.
func Hash(password []byte, params Params) (string, error) {
	return HashContext(context.Background(), password, params)
}

// HashContext is Hash with a context (see DeriveKey).
func HashContext(ctx context.Context, password []byte, params Params) (string, error) {
	params.KeyLen = cmp.Or(params.KeyLen, phc.DefaultKeyLen)
	return phc.New(func(salt []byte) ([]byte, error) { return DeriveKey(ctx, password, salt, params) },
		func(salt, key []byte) string { return Encode(params, salt, key) })
}

// Encode formats a tag as a PHC string with the variant, version, memory,
// time and lanes of params.
func Encode(params Params, salt, key []byte) string {
	v := params.Version
	if v == 0 {
		v = Version
	}
	h := phc.Hash{
		ID: params.Variant.String(), Version: uint32(v), HasVersion: true,
		Params: []phc.Param{
			{Name: "m", Value: strconv.FormatUint(uint64(params.Memory), 10)},
			{Name: "t", Value: strconv.FormatUint(uint64(params.Time), 10)},
			{Name: "p", Value: strconv.FormatUint(uint64(params.Lanes), 10)},
		},
		Salt: salt, Hash: key,
	}
	return h.String()
}

// Decode parses an Argon2 PHC string into parameters (variant, version,
// memory, time, lanes and key length), salt and tag. It checks the syntax
// and every range of RFC 9106, so that DeriveKey accepts what Decode
// returns unless a memory limit forbids it: identifiers argon2d, argon2i,
// argon2id; v=16 or v=19 (absent means 16, as in the reference
// implementation); m, t and p in this order, as decimal numbers, with
// m >= 8p; a salt of at least 8 bytes and a tag of at least 4.
func Decode(s string) (params Params, salt, key []byte, err error) {
	const errPrefix = "hashkit/argon2: invalid Argon2 PHC string: "
	h, err := phc.Parse(s)
	if err != nil {
		return Params{}, nil, nil, err
	}
	bad := func(what string) (Params, []byte, []byte, error) {
		return Params{}, nil, nil, errors.New(errPrefix + what)
	}
	switch h.ID {
	case "argon2d":
		params.Variant = Argon2d
	case "argon2i":
		params.Variant = Argon2i
	case "argon2id":
		params.Variant = Argon2id
	default:
		return bad("unknown identifier " + strconv.Quote(h.ID))
	}
	params.Version = Version10
	if h.HasVersion {
		if h.Version != Version && h.Version != Version10 {
			return bad("version must be 16 or 19")
		}
		params.Version = int(h.Version)
	}
	v, err := h.Uint32s(errPrefix, "m", "t", "p")
	if err != nil {
		return Params{}, nil, nil, err
	}
	params.Memory, params.Time, params.Lanes = v[0], v[1], v[2]
	switch {
	case params.Time < 1:
		return bad("t must be at least 1")
	case params.Lanes < 1 || params.Lanes >= 1<<24:
		return bad("p must be between 1 and 2^24-1")
	case uint64(params.Memory) < 8*uint64(params.Lanes):
		return bad("m must be at least 8*p")
	case h.Hash == nil:
		return bad("no hash")
	case len(h.Salt) < 8:
		return bad("salt shorter than 8 bytes")
	case len(h.Hash) < phc.MinHashLen:
		return bad("hash shorter than 4 bytes")
	}
	params.KeyLen = uint32(len(h.Hash))
	return params, h.Salt, h.Hash, nil
}

// Verify checks password against the PHC string encoded, with the default
// memory and work limits (DefaultMaxMemory, DefaultMaxWork), so that a
// string from an untrusted source is refused at once if it asks for more.
// It returns nil on a match, ErrMismatch on a mismatch, and another error if
// the string is malformed or out of range (before the parameters' memory is
// allocated), ErrMemoryLimit or ErrCostExceeded (errors.Is) over a limit.
// The comparison takes constant time.
func Verify(encoded string, password []byte) error {
	return VerifyContext(context.Background(), encoded, password, Params{})
}

// VerifyContext is Verify with a context and the settings of opts that the
// string does not hold: Secret, AssociatedData, MaxMemory, MaxWork,
// Threads, Buffer and Progress (the other fields of opts are ignored). A
// nil ctx means context.Background().
func VerifyContext(ctx context.Context, encoded string, password []byte, opts Params) error {
	params, salt, want, err := Decode(encoded)
	if err != nil {
		return err
	}
	params.Secret, params.AssociatedData = opts.Secret, opts.AssociatedData
	params.MaxMemory, params.MaxWork = opts.MaxMemory, opts.MaxWork
	params.Threads, params.Buffer, params.Progress = opts.Threads, opts.Buffer, opts.Progress
	got, err := DeriveKey(ctx, password, salt, params)
	return phc.Check(got, want, err, ErrMismatch)
}

// NeedsRehash reports whether the PHC string encoded should be replaced by
// a hash made with params (as passlib's needs_update and libsodium's
// crypto_pwhash_str_needs_rehash): true if it does not parse, or its
// variant, version, memory, time, lanes or tag length (a KeyLen of 0 means
// 32, as in Hash) differ from params'. Call it after a successful Verify.
func NeedsRehash(encoded string, params Params) bool {
	p, _, _, err := Decode(encoded)
	if err != nil {
		return true
	}
	version, keyLen := cmp.Or(params.Version, Version), cmp.Or(params.KeyLen, phc.DefaultKeyLen)
	return p.Variant != params.Variant || p.Version != version || p.Memory != params.Memory ||
		p.Time != params.Time || p.Lanes != params.Lanes || p.KeyLen != keyLen
}
