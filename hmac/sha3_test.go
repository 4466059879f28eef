package hmac

import (
	stdsha3 "crypto/sha3"
	"hash"

	"github.com/hashkit/hashkit/sha3"
)

// HMAC over SHA-3 (the hmac.json.gz ACVP vectors and Wycheproof's
// hmac_sha3_*), through the generic path with marshalled states.
func init() {
	hashes["SHA3-224"] = func() hash.Hash { return sha3.New224() }
	hashes["SHA3-256"] = func() hash.Hash { return sha3.New256() }
	hashes["SHA3-384"] = func() hash.Hash { return sha3.New384() }
	hashes["SHA3-512"] = func() hash.Hash { return sha3.New512() }
	stdHashes["SHA3-224"] = func() hash.Hash { return stdsha3.New224() }
	stdHashes["SHA3-256"] = func() hash.Hash { return stdsha3.New256() }
	stdHashes["SHA3-384"] = func() hash.Hash { return stdsha3.New384() }
	stdHashes["SHA3-512"] = func() hash.Hash { return stdsha3.New512() }
}
