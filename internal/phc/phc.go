// Package phc parses and formats the PHC string format for password hashes,
// $id[$v=version][$param=value(,param=value)*][$salt[$hash]], as specified by
// the Password Hashing Competition ([PHC string format]) and written by the
// Argon2 reference implementation and Python's passlib.
//
// This package only handles the syntax; the argon2 and scrypt packages use it
// for their Hash and Verify functions, which check the parameters' ranges.
//
// [PHC string format]: https://github.com/P-H-C/phc-string-format/blob/master/phc-sf-spec.md
package phc

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
)

// MaxLength is the longest string Parse accepts, to bound the work and
// memory spent on untrusted input.
const MaxLength = 4096

// DefaultKeyLen is the hash length that Hash functions use for a KeyLen of
// 0, and NeedsRehash functions compare with.
const DefaultKeyLen = 32

// MinHashLen is the shortest hash a password-hash string may hold, as in
// RFC 9106 (Argon2): a hash cut to a byte or two would let one wrong
// password in a few hundred verify.
const MinHashLen = 4

// SaltLen is the length of the random salt of a new password hash.
const SaltLen = 16

// B64 is the encoding of salts and hashes: standard base64 without padding,
// strict (the unused low bits of the last character must be zero).
var B64 = base64.RawStdEncoding.Strict()

// Param is one name=value parameter.
type Param struct {
	Name, Value string
}

// Hash is a parsed PHC string.
type Hash struct {
	// ID is the function identifier, e.g. "argon2id" or "scrypt".
	ID string
	// Version is the value of the optional v= field; HasVersion tells
	// whether the field was present.
	Version    uint32
	HasVersion bool
	// Params are the parameters in their order in the string.
	Params []Param
	// Salt and Hash are the decoded salt and hash, nil when absent.
	Salt, Hash []byte
}

func syntaxError(what string) error {
	return errors.New("hashkit/phc: malformed PHC string: " + what)
}

func isIDChar(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' }

func isValueChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '/' || c == '+' || c == '.' || c == '-'
}

func validName(s string) bool {
	if len(s) < 1 || len(s) > 32 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isIDChar(s[i]) {
			return false
		}
	}
	return true
}

// ParseUint32 parses a PHC decimal value: digits only, no sign, no leading
// zero (except "0"), at most 2^32-1.
func ParseUint32(s string) (uint32, error) {
	if s == "" || len(s) > 10 || (len(s) > 1 && s[0] == '0') {
		return 0, syntaxError("bad decimal value " + strconv.Quote(s))
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, syntaxError("bad decimal value " + strconv.Quote(s))
		}
	}
	v, err := strconv.ParseUint(s, 10, 32)
	if err != nil {
		return 0, syntaxError("decimal value out of range " + strconv.Quote(s))
	}
	return uint32(v), nil
}

// Parse parses s. It checks the syntax only: the identifier and parameter
// names ([a-z0-9-]{1,32}), values ([a-zA-Z0-9/+.-]*), a decimal version, and
// that the salt and hash are valid unpadded base64.
func Parse(s string) (*Hash, error) {
	if len(s) > MaxLength {
		return nil, syntaxError("longer than " + strconv.Itoa(MaxLength) + " characters")
	}
	if !strings.HasPrefix(s, "$") {
		return nil, syntaxError("does not start with $")
	}
	fields := strings.Split(s[1:], "$")
	h := &Hash{ID: fields[0]}
	if !validName(h.ID) {
		return nil, syntaxError("bad identifier")
	}
	fields = fields[1:]
	if len(fields) > 0 && strings.HasPrefix(fields[0], "v=") && !strings.Contains(fields[0], ",") {
		v, err := ParseUint32(fields[0][2:])
		if err != nil {
			return nil, err
		}
		h.Version, h.HasVersion = v, true
		fields = fields[1:]
	}
	if len(fields) > 0 && strings.Contains(fields[0], "=") {
		for _, kv := range strings.Split(fields[0], ",") {
			name, value, ok := strings.Cut(kv, "=")
			if !ok || !validName(name) {
				return nil, syntaxError("bad parameter " + strconv.Quote(kv))
			}
			for i := 0; i < len(value); i++ {
				if !isValueChar(value[i]) {
					return nil, syntaxError("bad parameter value " + strconv.Quote(kv))
				}
			}
			for _, p := range h.Params {
				if p.Name == name {
					return nil, syntaxError("repeated parameter " + strconv.Quote(name))
				}
			}
			h.Params = append(h.Params, Param{name, value})
		}
		fields = fields[1:]
	}
	if len(fields) > 2 {
		return nil, syntaxError("too many fields")
	}
	var err error
	if len(fields) > 0 {
		if h.Salt, err = B64.DecodeString(fields[0]); err != nil || strings.ContainsAny(fields[0], "\r\n=") {
			return nil, syntaxError("salt is not unpadded base64")
		}
	}
	if len(fields) > 1 {
		if h.Hash, err = B64.DecodeString(fields[1]); err != nil || strings.ContainsAny(fields[1], "\r\n=") || len(fields[1]) == 0 {
			return nil, syntaxError("hash is not unpadded base64")
		}
	}
	return h, nil
}

// Param returns the value of the parameter name and whether it is present.
func (h *Hash) Param(name string) (string, bool) {
	for _, p := range h.Params {
		if p.Name == name {
			return p.Value, true
		}
	}
	return "", false
}

// Uint32s returns the decimal values of h's parameters, which must be
// exactly names in this order; otherwise the error, errPrefix followed by
// "parameters must be" and the names, says so.
func (h *Hash) Uint32s(errPrefix string, names ...string) ([]uint32, error) {
	if len(h.Params) != len(names) {
		return nil, errors.New(errPrefix + "parameters must be " + strings.Join(names, ", ") + " in this order")
	}
	v := make([]uint32, len(names))
	for i, p := range h.Params {
		if p.Name != names[i] {
			return nil, errors.New(errPrefix + "parameters must be " + strings.Join(names, ", ") + " in this order")
		}
		var err error
		if v[i], err = ParseUint32(p.Value); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// String formats h as a PHC string.
func (h *Hash) String() string {
	var b strings.Builder
	b.WriteString("$")
	b.WriteString(h.ID)
	if h.HasVersion {
		b.WriteString("$v=")
		b.WriteString(strconv.FormatUint(uint64(h.Version), 10))
	}
	for i, p := range h.Params {
		if i == 0 {
			b.WriteString("$")
		} else {
			b.WriteString(",")
		}
		b.WriteString(p.Name)
		b.WriteString("=")
		b.WriteString(p.Value)
	}
	if h.Salt != nil || h.Hash != nil {
		b.WriteString("$")
		b.WriteString(B64.EncodeToString(h.Salt))
	}
	if h.Hash != nil {
		b.WriteString("$")
		b.WriteString(B64.EncodeToString(h.Hash))
	}
	return b.String()
}

// New makes a password hash with a new random SaltLen-byte salt: derive
// computes the hash of the salt, and encode formats the two as a string.
func New(derive func(salt []byte) ([]byte, error), encode func(salt, hash []byte) string) (string, error) {
	salt := make([]byte, SaltLen)
	rand.Read(salt)
	hash, err := derive(salt)
	if err != nil {
		return "", err
	}
	return encode(salt, hash), nil
}

// Check is the end of a Verify function: it returns err, that of the
// derivation of got, if there was one; otherwise mismatch if got is not
// want, compared in constant time, and nil if it is.
func Check(got, want []byte, err, mismatch error) error {
	if err != nil {
		return err
	}
	if subtle.ConstantTimeCompare(got, want) != 1 {
		return mismatch
	}
	return nil
}
