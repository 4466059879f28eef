// Package byname maps the hash names of the vector files (params.hash:
// "SHA-1", "SHA2-256", "SHA3-512", ...) to hashkit's constructors and to the
// standard library's, for the tests of the constructions built on a hash
// (hmac, hkdf, pbkdf2). It is separate from hashtest because it imports the
// hash packages, whose own tests import hashtest.
package byname

import (
	stdmd5 "crypto/md5"
	stdsha1 "crypto/sha1"
	stdsha256 "crypto/sha256"
	stdsha3 "crypto/sha3"
	stdsha512 "crypto/sha512"
	"hash"

	"github.com/hashkit/hashkit/md5"
	"github.com/hashkit/hashkit/ripemd160"
	"github.com/hashkit/hashkit/sha1"
	"github.com/hashkit/hashkit/sha256"
	"github.com/hashkit/hashkit/sha3"
	"github.com/hashkit/hashkit/sha512"
)

// hashes are the hashes by name, each with hashkit's constructor and the
// standard library's (nil for RIPEMD-160, which it lacks).
var hashes = []struct {
	name         string
	hashkit, std func() hash.Hash
}{
	{"MD5", md5.New, stdmd5.New},
	{"SHA-1", sha1.New, stdsha1.New},
	{"RIPEMD-160", ripemd160.New, nil},
	{"SHA2-224", sha256.New224, stdsha256.New224},
	{"SHA2-256", sha256.New, stdsha256.New},
	{"SHA2-384", sha512.New384, stdsha512.New384},
	{"SHA2-512", sha512.New, stdsha512.New},
	{"SHA2-512/224", sha512.New512_224, stdsha512.New512_224},
	{"SHA2-512/256", sha512.New512_256, stdsha512.New512_256},
	{"SHA3-224", func() hash.Hash { return sha3.New224() }, func() hash.Hash { return stdsha3.New224() }},
	{"SHA3-256", func() hash.Hash { return sha3.New256() }, func() hash.Hash { return stdsha3.New256() }},
	{"SHA3-384", func() hash.Hash { return sha3.New384() }, func() hash.Hash { return stdsha3.New384() }},
	{"SHA3-512", func() hash.Hash { return sha3.New512() }, func() hash.Hash { return stdsha3.New512() }},
}

// Hashkit returns new maps of hashkit's constructors by name (callers may
// add to theirs).
func Hashkit() map[string]func() hash.Hash {
	m := make(map[string]func() hash.Hash, len(hashes))
	for _, h := range hashes {
		m[h.name] = h.hashkit
	}
	return m
}

// Stdlib returns a new map of the standard library's constructors by name
// (it has no RIPEMD-160).
func Stdlib() map[string]func() hash.Hash {
	m := make(map[string]func() hash.Hash, len(hashes))
	for _, h := range hashes {
		if h.std != nil {
			m[h.name] = h.std
		}
	}
	return m
}
