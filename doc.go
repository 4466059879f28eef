// Package hashkit is the root of a module that gives Go programs the widely
// used cryptographic hash functions, MACs and key-derivation functions, one
// package per family: sha256, sha512, sha1, md5, ripemd160, hmac, hkdf,
// pbkdf2, sha3, k12, blake1, blake2b, blake2s, blake3, scrypt, argon2 and
// eskdf. See README.md for the table of algorithms.
//
// This package itself holds no code; it exists for the module's own tests.
package hashkit
