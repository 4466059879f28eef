package main

import (
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// passlib's PBKDF2 strings (passlib.hash.pbkdf2_sha1, _sha256, _sha512):
// $pbkdf2-sha256$ROUNDS$SALT$CHECKSUM, with SALT and CHECKSUM in passlib's
// "adapted base64" (standard alphabet, '.' for '+', no padding) and the
// checksum as long as the hash's output. SHA-1's identifier is plain
// $pbkdf2$.

// Strict, as internal/phc's base64 is: one encoding per salt and checksum
// (the unused low bits of the last character zero).
var ab64 = base64.NewEncoding("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789./").WithPadding(base64.NoPadding).Strict()

// pbkdf2Sizes are the output sizes of the hashes, which passlib's
// checksums have.
var pbkdf2Sizes = map[string]int{"sha1": 20, "sha256": 32, "sha512": 64}

func passlibID(name string) string {
	if name == "sha1" {
		return "pbkdf2"
	}
	return "pbkdf2-" + name
}

func encodePBKDF2(name string, iter int, salt, key []byte) string {
	return fmt.Sprintf("$%s$%d$%s$%s", passlibID(name), iter, ab64.EncodeToString(salt), ab64.EncodeToString(key))
}

// decodePBKDF2 reads a passlib PBKDF2 string.
func decodePBKDF2(s string) (name string, iter int, salt, key []byte, err error) {
	fields := strings.Split(s, "$")
	bad := func(what string) (string, int, []byte, []byte, error) {
		return "", 0, nil, nil, errors.New("not a passlib PBKDF2 string: " + what)
	}
	if len(fields) != 5 || fields[0] != "" {
		return bad("want $pbkdf2-sha256$ROUNDS$SALT$CHECKSUM")
	}
	switch fields[1] {
	case "pbkdf2":
		name = "sha1"
	case "pbkdf2-sha256", "pbkdf2-sha512":
		name = strings.TrimPrefix(fields[1], "pbkdf2-")
	default:
		return bad(fmt.Sprintf("unknown PBKDF2 hash %q (pbkdf2, pbkdf2-sha256, pbkdf2-sha512)", fields[1]))
	}
	r := fields[2]
	// Before it wrote passlib's form, hashkit wrote PHC-style strings:
	// i=ROUNDS, standard base64, any key length. They still verify.
	enc, legacy := ab64, strings.HasPrefix(r, "i=")
	if legacy {
		r, enc = r[2:], base64.RawStdEncoding.Strict()
	}
	n, perr := strconv.ParseUint(r, 10, 31)
	if perr != nil || n < 1 || (len(r) > 1 && r[0] == '0') {
		return bad("rounds must be a number from 1 to 2147483647 without leading zeros")
	}
	if !legacy {
		// passlib reads both, in the salt and the checksum.
		fields[3] = strings.ReplaceAll(fields[3], "+", ".")
		fields[4] = strings.ReplaceAll(fields[4], "+", ".")
	}
	// Go's decoder skips CR and LF, which no hash string holds.
	if salt, err = enc.DecodeString(fields[3]); err != nil || strings.ContainsAny(fields[3], "\r\n") {
		return bad("the salt is not adapted base64")
	}
	if key, err = enc.DecodeString(fields[4]); err != nil || len(key) == 0 || strings.ContainsAny(fields[4], "\r\n") {
		return bad("the checksum is not adapted base64")
	}
	if !legacy && len(key) != pbkdf2Sizes[name] {
		return bad(fmt.Sprintf("a %s checksum is %d bytes, not %d", fields[1], pbkdf2Sizes[name], len(key)))
	}
	if len(key) < 4 {
		// As for Argon2 and scrypt: a string cut to a byte or two would
		// let one wrong password in a few hundred verify.
		return bad(fmt.Sprintf("a checksum of %d bytes (at least 4)", len(key)))
	}
	return name, int(n), salt, key, nil
}
