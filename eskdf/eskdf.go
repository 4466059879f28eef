// Package eskdf implements ESKDF, the "easy secure KDF" of @noble/hashes
// (src/eskdf.ts, version 2.x), byte for byte: a main seed derived from a
// username and a password, then child keys per protocol and account id.
//
// Which function to use: [New] (or [NewContext], which can be cancelled)
// derives the main seed once and returns an [ESKDF] whose methods derive the
// child keys; [DeriveMainSeed] returns the seed alone. Use ESKDF only to
// derive the same keys as an application built on @noble/hashes; for
// password hashing use package argon2, for keys from a secret package hkdf.
//
// The main seed is scrypt(password || 0x01, username || 0x01, N=2^19, r=8,
// p=1, 32 bytes) xor PBKDF2-HMAC-SHA256(password || 0x02, username || 0x02,
// c=2^17, 32 bytes); it takes about 512 MiB and a second. A child key is
// HKDF-SHA256(seed, salt = account id, info = protocol), optionally reduced
// modulo a number. The fingerprint is the first 6 bytes of the child key of
// protocol "fingerprint", account 0.
//
// ESKDF feeds HKDF the main seed as input keying material, the account id
// as salt and the protocol as info, a use that noble calls non-standard: it
// claims PRF security for child keys, not KDF security.
// Validation follows noble: usernames and passwords of 8 to 255 UTF-16 code
// units, protocols of 3 to 15 characters [a-z0-9], string account ids only for
// the protocols password, password0 to password999, ssh, tor and file.
package eskdf

import (
	"context"
	"crypto/subtle"
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/hashkit/hashkit/hkdf"
	"github.com/hashkit/hashkit/pbkdf2"
	"github.com/hashkit/hashkit/scrypt"
	"github.com/hashkit/hashkit/sha256"
)

// The fixed work factors of ESKDF.
const (
	scryptN    = 1 << 19
	pbkdf2Iter = 1 << 17
)

// utf16Len returns the length of s in UTF-16 code units, the unit of
// noble's length checks, and false if s is not valid UTF-8 (noble's strings
// always encode to valid UTF-8, so such input has no noble counterpart).
func utf16Len(s string) (int, bool) {
	if !utf8.ValidString(s) {
		return 0, false
	}
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n, true
}

func hasLength(s string, lo, hi int) bool {
	n, ok := utf16Len(s)
	return ok && n >= lo && n <= hi
}

// DeriveMainSeed returns the 32-byte main seed of username and password.
// Both must be valid UTF-8 of 8 to 255 UTF-16 code units, else the error
// says "invalid username" or "invalid password", as noble's does. It needs
// about 512 MiB; the scrypt and PBKDF2 branches run on two goroutines.
func DeriveMainSeed(username, password string) ([]byte, error) {
	return DeriveMainSeedContext(context.Background(), username, password)
}

// DeriveMainSeedContext is DeriveMainSeed that stops early, returning
// ctx.Err(), when ctx is cancelled.
func DeriveMainSeedContext(ctx context.Context, username, password string) ([]byte, error) {
	if !hasLength(username, 8, 255) {
		return nil, errors.New("hashkit/eskdf: invalid username")
	}
	if !hasLength(password, 8, 255) {
		return nil, errors.New("hashkit/eskdf: invalid password")
	}
	var (
		pbk    []byte
		pbkErr error
		wg     sync.WaitGroup
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		pbk, pbkErr = pbkdf2.DeriveKey(ctx, sha256.New, password+"\x02", []byte(username+"\x02"), pbkdf2Iter, 32, nil)
	}()
	scr, err := scrypt.DeriveKey(ctx, []byte(password+"\x01"), []byte(username+"\x01"),
		scrypt.Params{N: scryptN, R: 8, P: 1, KeyLen: 32, Threads: 1})
	wg.Wait()
	if err == nil {
		err = pbkErr
	}
	if err != nil {
		clear(scr)
		clear(pbk)
		return nil, err
	}
	seed := make([]byte, 32)
	subtle.XORBytes(seed, scr, pbk)
	clear(scr)
	clear(pbk)
	return seed, nil
}

// ESKDF holds a main seed and derives child keys from it. Its methods may be
// called from several goroutines. The zero value holds no seed: make one with
// New or NewContext.
type ESKDF struct {
	mu          sync.Mutex
	seed        [32]byte
	made        bool // seed was set by New; the zero value has none
	expired     bool
	fingerprint string
}

// New derives the main seed of username and password (see DeriveMainSeed)
// and returns an ESKDF holding it, as noble's eskdf(username, password).
func New(username, password string) (*ESKDF, error) {
	return NewContext(context.Background(), username, password)
}

// NewContext is New that stops early, returning ctx.Err(), when ctx is
// cancelled.
func NewContext(ctx context.Context, username, password string) (*ESKDF, error) {
	seed, err := DeriveMainSeedContext(ctx, username, password)
	if err != nil {
		return nil, err
	}
	e, err := newFromSeed(seed)
	clear(seed)
	return e, err
}

// newFromSeed builds an ESKDF from a main seed (tests use it to skip the
// slow derivation).
func newFromSeed(seed []byte) (*ESKDF, error) {
	e := &ESKDF{made: true}
	copy(e.seed[:], seed)
	fp, err := e.DeriveChildKey("fingerprint", 0, nil)
	if err != nil {
		return nil, err
	}
	e.fingerprint = fmt.Sprintf("%02X:%02X:%02X:%02X:%02X:%02X", fp[0], fp[1], fp[2], fp[3], fp[4], fp[5])
	clear(fp)
	return e, nil
}

// Fingerprint returns the human-readable fingerprint of the seed: the first
// 6 bytes of DeriveChildKey("fingerprint", 0, nil) as upper-case hex pairs
// separated by colons, e.g. "B6:2C:85:DF:E3:A1". It stays valid after Expire.
func (e *ESKDF) Fingerprint() string { return e.fingerprint }

// Expire zeroes the main seed; every later DeriveChildKey call fails.
func (e *ESKDF) Expire() {
	e.mu.Lock()
	defer e.mu.Unlock()
	clear(e.seed[:])
	e.expired = true
}

// Options shapes a child key: at most one of KeyLength and Modulus may be
// set. A nil *Options means a 32-byte key.
type Options struct {
	// KeyLength is the key length in bytes, 16 to 8160.
	KeyLength int
	// Modulus, if set, makes the key a number in [1, Modulus-1], big-endian
	// in as many bytes as Modulus has: the HKDF output is 8 bytes longer
	// (FIPS 186-5 appendix A.4.1) and reduced modulo Modulus-1, plus 1.
	// Modulus must be greater than 128.
	Modulus *big.Int
}

// protocolOK reports whether protocol matches noble's /^[a-z0-9]{3,15}$/.
func protocolOK(protocol string) bool {
	if len(protocol) < 3 || len(protocol) > 15 {
		return false
	}
	for i := 0; i < len(protocol); i++ {
		if c := protocol[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// allowsStringID reports whether protocol matches noble's
// /^(password\d{0,3}|ssh|tor|file)$/.
func allowsStringID(protocol string) bool {
	switch protocol {
	case "ssh", "tor", "file":
		return true
	}
	digits, ok := strings.CutPrefix(protocol, "password")
	if !ok || len(digits) > 3 {
		return false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return false
		}
	}
	return true
}

// DeriveChildKey derives the child key of protocol (3 to 15 characters
// [a-z0-9]) and the numeric account id, whose 4 big-endian bytes are the
// HKDF salt. Errors: "invalid protocol", the Options errors, "expired"
// after Expire, and one on the zero value.
func (e *ESKDF) DeriveChildKey(protocol string, accountID uint32, opts *Options) ([]byte, error) {
	if !protocolOK(protocol) {
		return nil, errors.New("hashkit/eskdf: invalid protocol")
	}
	return e.derive(protocol, binary.BigEndian.AppendUint32(nil, accountID), opts)
}

// DeriveChildKeyString derives the child key of protocol and a string
// account id (1 to 255 UTF-16 code units, used as UTF-8 bytes for the HKDF
// salt). Only the protocols password, password0 to password999, ssh, tor and
// file accept string ids; others fail with "accountId must be a number".
// String and numeric ids share one salt space: use one kind per application.
func (e *ESKDF) DeriveChildKeyString(protocol, accountID string, opts *Options) ([]byte, error) {
	if !protocolOK(protocol) {
		return nil, errors.New("hashkit/eskdf: invalid protocol")
	}
	if !allowsStringID(protocol) {
		return nil, errors.New("hashkit/eskdf: accountId must be a number")
	}
	if !hasLength(accountID, 1, 255) {
		return nil, errors.New("hashkit/eskdf: accountId must be string of length 1..255")
	}
	return e.derive(protocol, []byte(accountID), opts)
}

// keyLength returns the HKDF output length for opts (noble's getKeyLength).
func keyLength(opts *Options) (int, error) {
	if opts == nil {
		return 32, nil
	}
	hasLen, hasMod := opts.KeyLength != 0, opts.Modulus != nil
	if hasLen && hasMod {
		return 0, errors.New("hashkit/eskdf: cannot combine keyLength and modulus options")
	}
	if !hasLen && !hasMod {
		return 0, errors.New("hashkit/eskdf: must have either keyLength or modulus option")
	}
	l := opts.KeyLength
	if hasMod {
		if opts.Modulus.Cmp(big.NewInt(128)) <= 0 {
			return 0, errors.New("hashkit/eskdf: invalid number")
		}
		l = (opts.Modulus.BitLen()+7)/8 + 8
	}
	if l < 16 || l > 8192 {
		return 0, errors.New("hashkit/eskdf: invalid keyLength")
	}
	// HKDF-SHA256 stops at 255*32 bytes; noble fails there too, in hkdf().
	if l > 255*sha256.Size {
		return 0, errors.New("hashkit/eskdf: Length must be <= 255*HashLen")
	}
	return l, nil
}

func (e *ESKDF) derive(protocol string, salt []byte, opts *Options) ([]byte, error) {
	l, err := keyLength(opts)
	if err != nil {
		return nil, err
	}
	e.mu.Lock()
	if e.expired {
		e.mu.Unlock()
		return nil, errors.New("hashkit/eskdf: expired: the main seed was deleted")
	}
	if !e.made {
		e.mu.Unlock()
		return nil, errors.New("hashkit/eskdf: zero ESKDF value has no main seed; make it with New")
	}
	// noble calls hkdf(sha256, seed, salt, info, length): the seed is the
	// input keying material, the account id the salt, the protocol the info.
	key, err := hkdf.Key(sha256.New, e.seed[:], salt, protocol, l)
	e.mu.Unlock()
	if err != nil {
		return nil, fmt.Errorf("hashkit/eskdf: %v", err)
	}
	if opts == nil || opts.Modulus == nil {
		return key, nil
	}
	// noble's modReduceKey: (key mod (modulus-1)) + 1, in len(key)-8 bytes.
	num := new(big.Int).SetBytes(key)
	clear(key)
	m1 := new(big.Int).Sub(opts.Modulus, big.NewInt(1))
	num.Mod(num, m1)
	num.Add(num, big.NewInt(1))
	out := make([]byte, l-8)
	if num.BitLen() > 8*len(out) {
		return nil, errors.New("hashkit/eskdf: invalid length of result key")
	}
	return num.FillBytes(out), nil
}
