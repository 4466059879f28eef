package sha256

import (
	"errors"
	"unsafe"

	"github.com/hashkit/hashkit/internal/batch"
	"github.com/hashkit/hashkit/internal/sha2"
)

// Batch hashing: many independent messages in one call. A single SHA-256
// is one chain of dependent rounds that leaves most of the CPU idle;
// hashing messages side by side fills it (16 messages per AVX-512 call,
// else two interleaved SHA-NI chains, else 8 AVX2 lanes).
//
// Every batch function of hashkit (SumMany, SumPairs here, and the SumMany
// functions of sha3 and blake3) follows one rule for bad lengths: when the
// slice lengths do not match, it returns an error and writes nothing. It
// never reads or writes outside the slices it is given.

var (
	errManyLength  = errors.New("hashkit/sha256: SumMany needs msgLen >= 0 and len(data) == len(dst)*msgLen")
	errPairsLength = errors.New("hashkit/sha256: SumPairs needs len(nodes) == 2*len(dst)")
)

// SumMany writes the SHA-256 checksum of each of len(dst) messages to dst:
// the messages are msgLen bytes each, stored back to back in data, and
// dst[i] becomes Sum256(data[i*msgLen : (i+1)*msgLen]).
//
// It returns an error, and writes nothing, unless msgLen >= 0 and
// len(data) == len(dst)*msgLen. Batches of 1 MiB or more, counting 64
// bytes of padding per message, are hashed on up to GOMAXPROCS goroutines,
// which allocates; smaller ones allocate nothing.
// Messages whose length is a multiple of 64 bytes are hashed in place,
// others padded in a stack buffer a few at a time; messages of more than 4
// KiB (which gain little) are hashed one at a time.
func SumMany(dst [][Size]byte, data []byte, msgLen int) error {
	if !batch.LengthsOK(len(dst), len(data), msgLen) {
		return errManyLength
	}
	sha2.SumMany256(&sha2.IV256, digestBytes(dst), Size, data, msgLen)
	return nil
}

// SumMany224 is SumMany for SHA-224: dst[i] becomes
// Sum224(data[i*msgLen : (i+1)*msgLen]).
func SumMany224(dst [][Size224]byte, data []byte, msgLen int) error {
	if !batch.LengthsOK(len(dst), len(data), msgLen) {
		return errManyLength
	}
	var out []byte
	if len(dst) > 0 {
		out = unsafe.Slice(&dst[0][0], len(dst)*Size224)
	}
	sha2.SumMany256(&sha2.IV224, out, Size224, data, msgLen)
	return nil
}

// SumPairs computes one layer of a binary Merkle tree of SHA-256 nodes:
// dst[i] becomes Sum256 of the 64 bytes nodes[2*i] || nodes[2*i+1], the
// parent of two 32-byte nodes (as in Ethereum's SSZ, or
// github.com/prysmaticlabs/gohashtree's Hash).
//
// It returns an error, and writes nothing, unless len(nodes) ==
// 2*len(dst). dst may be nodes[:len(nodes)/2], so that a layer replaces
// the one below it in place; any other overlap gives unspecified results.
// It does not allocate for fewer than 8192 pairs; more are hashed on up to
// GOMAXPROCS goroutines.
func SumPairs(dst, nodes [][Size]byte) error {
	if len(nodes) != 2*len(dst) {
		return errPairsLength
	}
	sha2.SumPairs256(digestBytes(dst), digestBytes(nodes))
	return nil
}

// digestBytes returns the bytes of the digests in d, back to back (an
// array of arrays of bytes has no padding).
func digestBytes(d [][Size]byte) []byte {
	if len(d) == 0 {
		return nil
	}
	return unsafe.Slice(&d[0][0], len(d)*Size)
}
