package hmac

import (
	stdmd5 "crypto/md5"
	stdsha1 "crypto/sha1"
	stdsha256 "crypto/sha256"
	stdsha512 "crypto/sha512"
	"hash"

	"github.com/hashkit/hashkit/md5"
	"github.com/hashkit/hashkit/ripemd160"
	"github.com/hashkit/hashkit/sha1"
	"github.com/hashkit/hashkit/sha256"
	"github.com/hashkit/hashkit/sha512"
)

// hashes are the hashkit constructors by the names the vector files use
// (params.hash). sha3_test.go adds SHA-3 when that package exists.
var hashes = map[string]func() hash.Hash{
	"MD5":          md5.New,
	"SHA-1":        sha1.New,
	"RIPEMD-160":   ripemd160.New,
	"SHA2-224":     sha256.New224,
	"SHA2-256":     sha256.New,
	"SHA2-384":     sha512.New384,
	"SHA2-512":     sha512.New,
	"SHA2-512/224": sha512.New512_224,
	"SHA2-512/256": sha512.New512_256,
}

// stdHashes are the standard library's constructors for the differential
// tests against crypto/hmac.
var stdHashes = map[string]func() hash.Hash{
	"MD5":          stdmd5.New,
	"SHA-1":        stdsha1.New,
	"SHA2-224":     stdsha256.New224,
	"SHA2-256":     stdsha256.New,
	"SHA2-384":     stdsha512.New384,
	"SHA2-512":     stdsha512.New,
	"SHA2-512/224": stdsha512.New512_224,
	"SHA2-512/256": stdsha512.New512_256,
}
