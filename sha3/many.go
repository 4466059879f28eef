package sha3

import (
	"errors"
	"unsafe"

	"github.com/hashkit/hashkit/internal/batch"
	"github.com/hashkit/hashkit/internal/keccak"
)

// Batch hashing: many independent messages of one length in one call, on
// the multi-state kernels (eight states at once with AVX-512, four with
// AVX2), large batches on several goroutines. The outputs equal those of
// the one-message functions; as in every hashkit batch function, slice
// lengths that do not match give an error and nothing written.

var (
	errManyLength   = errors.New("hashkit/sha3: SumMany needs msgLen >= 0 and len(data) == len(dst)*msgLen")
	errManyOutLen   = errors.New("hashkit/sha3: SumManySHAKE needs outLen > 0, len(dst) a multiple of outLen and len(data) == len(dst)/outLen*msgLen")
	errStreamsCount = errors.New("hashkit/sha3: SHAKEMany needs 1 to 8 streams and len(data) == n*msgLen")
	errStreamsRead  = errors.New("hashkit/sha3: SHAKEMany.Read needs len(dst) to be a multiple of the number of streams")
)

// SumMany256 writes the SHA3-256 hash of each of len(dst) messages to dst:
// the messages are msgLen bytes each, back to back in data, and dst[i]
// becomes Sum256(data[i*msgLen : (i+1)*msgLen]). It returns an error, and
// writes nothing, unless msgLen >= 0 and len(data) == len(dst)*msgLen. It
// hashes batches of 1 MiB or more, counting a block of padding and one
// of output per message, on up to GOMAXPROCS goroutines, which allocates;
// smaller ones allocate nothing.
func SumMany256(dst [][Size256]byte, data []byte, msgLen int) error {
	return sumMany(arrayBytes(dst), Size256, data, msgLen, keccak.Rate256, keccak.DomainSHA3)
}

// SumMany512 is SumMany256 for SHA3-512: dst[i] becomes
// Sum512(data[i*msgLen : (i+1)*msgLen]).
func SumMany512(dst [][Size512]byte, data []byte, msgLen int) error {
	return sumMany(arrayBytes(dst), Size512, data, msgLen, 200-2*Size512, keccak.DomainSHA3)
}

// SumManyKeccak256 is SumMany256 for legacy Keccak-256 (Ethereum's): dst[i]
// becomes SumKeccak256(data[i*msgLen : (i+1)*msgLen]). See SumKeccak256 for
// when to use it.
func SumManyKeccak256(dst [][Size256]byte, data []byte, msgLen int) error {
	return sumMany(arrayBytes(dst), Size256, data, msgLen, keccak.Rate256, keccak.DomainKeccak)
}

// SumManySHAKE128 writes outLen bytes of SHAKE128 output for each of
// len(dst)/outLen messages of msgLen bytes, back to back in data, to dst:
// output i, dst[i*outLen : (i+1)*outLen], is SumSHAKE128(data[i*msgLen :
// (i+1)*msgLen], outLen). It returns an error, and writes nothing, unless
// outLen > 0, len(dst) is a multiple of outLen, msgLen >= 0 and len(data) ==
// len(dst)/outLen*msgLen.
func SumManySHAKE128(dst []byte, outLen int, data []byte, msgLen int) error {
	return sumManySHAKE(dst, outLen, data, msgLen, keccak.Rate128)
}

// SumManySHAKE256 is SumManySHAKE128 for SHAKE256.
func SumManySHAKE256(dst []byte, outLen int, data []byte, msgLen int) error {
	return sumManySHAKE(dst, outLen, data, msgLen, keccak.Rate256)
}

func sumManySHAKE(dst []byte, outLen int, data []byte, msgLen, rate int) error {
	if outLen <= 0 || len(dst)%outLen != 0 {
		return errManyOutLen
	}
	if !batch.LengthsOK(len(dst)/outLen, len(data), msgLen) {
		return errManyOutLen
	}
	if len(dst) > 0 {
		keccak.Many(dst, data, msgLen, rate, keccak.MaxRounds, keccak.DomainSHAKE, outLen)
	}
	return nil
}

func sumMany(out []byte, size int, data []byte, msgLen, rate int, ds byte) error {
	if !batch.LengthsOK(len(out)/size, len(data), msgLen) {
		return errManyLength
	}
	if len(out) > 0 {
		keccak.Many(out, data, msgLen, rate, keccak.MaxRounds, ds, size)
	}
	return nil
}

// arrayBytes returns the bytes of the arrays in d, back to back (an array
// of arrays of bytes has no padding).
func arrayBytes[A [Size256]byte | [Size512]byte](d []A) []byte {
	if len(d) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&d[0])), len(d)*int(unsafe.Sizeof(d[0])))
}

// SHAKEMany is up to eight SHAKE128 or SHAKE256 instances, one per message,
// whose output streams are read together: the matrix expansion of ML-KEM
// and ML-DSA (several SHAKE128 streams of a seed and two indices). It runs
// them side by side on the multi-state kernels. The zero value is not
// usable; call Init128 or Init256. A SHAKEMany holds no pointers (about
// 1.6 KiB) and can live on the stack: it does not allocate.
type SHAKEMany struct {
	m keccak.Multi
}

// Init128 sets x to n (1 to 8) SHAKE128 instances, instance j having
// absorbed the message data[j*msgLen : (j+1)*msgLen]. It returns an error,
// and leaves x unchanged, unless 1 <= n <= 8, msgLen >= 0 and len(data) ==
// n*msgLen.
func (x *SHAKEMany) Init128(n int, data []byte, msgLen int) error {
	return x.init(n, data, msgLen, keccak.Rate128)
}

// Init256 is Init128 for SHAKE256.
func (x *SHAKEMany) Init256(n int, data []byte, msgLen int) error {
	return x.init(n, data, msgLen, keccak.Rate256)
}

func (x *SHAKEMany) init(n int, data []byte, msgLen, rate int) error {
	if n < 1 || n > keccak.MultiMax || !batch.LengthsOK(n, len(data), msgLen) {
		return errStreamsCount
	}
	x.m.Init(data, n, msgLen, rate, keccak.MaxRounds, keccak.DomainSHAKE)
	return nil
}

// Read fills dst with the next len(dst)/n bytes of each of the n streams:
// stream j's go to dst[j*k : (j+1)*k], k = len(dst)/n. Each stream
// continues where the previous Read left it, so reading in pieces gives the
// same bytes as one larger Read. It returns an error, and reads nothing,
// unless len(dst) is a multiple of n (or x was not initialised).
func (x *SHAKEMany) Read(dst []byte) error {
	n := x.m.Streams()
	if n == 0 || len(dst)%n != 0 {
		return errStreamsRead
	}
	x.m.Squeeze(dst, len(dst)/n)
	return nil
}
