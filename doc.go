// Package hashkit is the root of a module that gives Go programs the widely
// used cryptographic hash functions, MACs and key-derivation functions, one
// package per family: sha256, sha512, sha1, md5, ripemd160, hmac, hkdf,
// pbkdf2, sha3, k12, blake1, blake2b, blake2s, blake3, scrypt, argon2 and
// eskdf. Each mirrors the standard library's or golang.org/x/crypto's package
// of the same name, so switching is usually an import-path change.
//
// Which package to use: to hash data, sha256 (or sha512, sha3, blake3);
// for the fastest hashing of large inputs on several cores, blake3 or k12
// (KT128); for a MAC, hmac with sha256.New, KMAC from sha3, or keyed blake3;
// to derive keys from a secret, hkdf; to store passwords, argon2's Hash and
// Verify (Argon2id), or scrypt or pbkdf2 where a standard requires them.
// md5, sha1 and ripemd160 are for old formats and protocols only. README.md
// has the table of algorithms and the benchmarks against those packages.
//
// This package itself holds no code; it exists for the module's own tests.
package hashkit
