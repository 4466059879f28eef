// Package hashfn holds what hkdf and pbkdf2 do with the hash constructor
// they take: a func() H for any hash type H, as crypto/hkdf and
// crypto/pbkdf2 take it.
package hashfn

import "hash"

// Probe returns a hash made by h, whose type picks a fast path and whose
// sizes bound the key. It panics, with a message starting with pkg, if h is
// nil or returns nil.
func Probe[H hash.Hash](pkg string, h func() H) hash.Hash {
	if h == nil {
		panic(pkg + ": nil hash constructor")
	}
	probe := hash.Hash(h())
	if probe == nil {
		panic(pkg + ": hash constructor returned nil")
	}
	return probe
}

// Plain returns h as the func() hash.Hash that package hmac takes.
func Plain[H hash.Hash](h func() H) func() hash.Hash {
	return func() hash.Hash { return h() }
}
