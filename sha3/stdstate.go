package sha3

import "github.com/hashkit/hashkit/internal/keccak"

// Translation between hashkit's marshalled sponge and crypto/sha3's, for
// the hash objects that hold crypto/sha3's state (stdlib.go): they marshal
// in hashkit's format on every GOARCH.
//
// crypto/sha3 (crypto/internal/fips140/sha3, sha3.go) encodes a SHA-3 or
// SHAKE state as a 4-byte magic, the rate, the 200-byte state, the position
// n and the direction (0 absorbing, 1 squeezing), then (SHAKE) its cSHAKE
// prefix, empty for plain SHAKE. Its state is the permutation's bytes in
// the spec's order, which is the order of hashkit's little-endian lanes,
// and both keep the same thing there: while absorbing, the first n bytes of
// the block are already XORed into the state (the permutation runs when the
// block fills, so n < rate); while squeezing, the state holds the last
// permuted block and bytes n to rate are the output not yet read (n = rate:
// the next byte needs a permutation first, which is also how crypto/sha3
// leaves a KLMD that ended on a block boundary). So the 202 bytes after
// crypto/sha3's rate are byte for byte hashkit's keccak.Sponge encoding.

const (
	stdMagicSHA3  = "sha\x08"
	stdMagicSHAKE = "sha\x09"
	// stdHeader is the magic and the rate byte.
	stdHeader = len(stdMagicSHA3) + 1
	// stdMarshaledSize is crypto/sha3's encoding of a SHA-3 or plain SHAKE state.
	stdMarshaledSize = stdHeader + keccak.MarshaledSize
)

// toStd returns, in dst, crypto/sha3's encoding of the state whose hashkit
// sponge encoding is sp (keccak.MarshaledSize bytes, already validated).
func toStd(dst *[stdMarshaledSize]byte, magic string, rate int, sp []byte) []byte {
	copy(dst[:], magic)
	dst[len(magic)] = byte(rate)
	copy(dst[stdHeader:], sp)
	return dst[:]
}

// appendFromStd appends to b hashkit's sponge encoding of the state that
// crypto/sha3 encoded as st (stdMarshaledSize bytes of a SHA-3 or plain
// SHAKE state).
func appendFromStd(b, st []byte) []byte {
	return append(b, st[stdHeader:stdMarshaledSize]...)
}
