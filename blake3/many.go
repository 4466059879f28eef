package blake3

import (
	"errors"
	"unsafe"

	"github.com/hashkit/hashkit/internal/batch"
)

// Batch hashing: many independent inputs of one length, each of them a
// tree of its own (for inputs of at most one chunk, 1 KiB, a single chunk),
// hashed side by side on the 16-lane AVX-512 kernel where it runs. As in
// every hashkit batch function, slice lengths that do not match give an
// error and nothing written.

var (
	errManyLength = errors.New("hashkit/blake3: SumMany needs msgLen >= 0 and len(data) == len(dst)*msgLen")
	errNilKey     = errors.New("hashkit/blake3: SumManyKeyed with a nil key")
)

// SumMany writes the BLAKE3 hash of each of len(dst) messages to dst: the
// messages are msgLen bytes each, back to back in data, and dst[i] becomes
// Sum256(data[i*msgLen : (i+1)*msgLen]).
//
// It returns an error, and writes nothing, unless msgLen >= 0 and
// len(data) == len(dst)*msgLen. Messages of at most 1 KiB (one chunk) go
// through the batch kernel, longer ones one at a time. Batches of 4 MiB or
// more, counting a 64-byte block per message, are hashed on up to
// GOMAXPROCS goroutines, which allocates; smaller ones allocate nothing.
func SumMany(dst [][Size]byte, data []byte, msgLen int) error {
	return sumMany(dst, data, msgLen, &iv, 0)
}

// SumManyKeyed is SumMany for the keyed hash under key: dst[i] becomes the
// 32-byte keyed hash of message i, as from [NewKeyed](key[:]). A nil key is
// an error (and nothing is written).
func SumManyKeyed(dst [][Size]byte, key *[KeySize]byte, data []byte, msgLen int) error {
	if key == nil {
		return errNilKey
	}
	var k [8]uint32
	loadCV(&k, key)
	return sumMany(dst, data, msgLen, &k, flagKeyedHash)
}

// SumManyDeriveKey is SumMany for key derivation in context (see
// [NewDeriveKey]): dst[i] becomes the 32-byte key that [DeriveKey] derives
// from message i as key material.
func SumManyDeriveKey(dst [][Size]byte, context string, data []byte, msgLen int) error {
	k := contextKey(context)
	return sumMany(dst, data, msgLen, &k, flagDeriveKeyMaterial)
}

// Inputs of at least manyParallelMin bytes (counting a block for each
// message's finalization) are hashed on several goroutines (batch.Workers
// says why so many), at least manyRunBytes at a time (batch.RunBytes).
// Variables so that tests can lower them.
var (
	manyParallelMin = 4 << 20
	manyRunBytes    = 64 << 10
)

func sumMany(dst [][Size]byte, data []byte, msgLen int, key *[8]uint32, flags uint32) error {
	n := len(dst)
	if !batch.LengthsOK(n, len(data), msgLen) {
		return errManyLength
	}
	if n == 0 {
		return nil
	}
	out := unsafe.Slice(&dst[0][0], n*Size)
	per := msgLen + BlockSize
	w := batch.Workers(n*per, n, manyParallelMin, manyRunBytes)
	if w == 1 {
		sumManySerial(out, data, n, msgLen, key, flags)
		return nil
	}
	// The helpers get a copy of the key and write to slots of their own
	// (batch.Split), so that neither dst nor key escapes.
	k := *key
	sp := batch.NewSplit(n, (max(batch.RunBytes(n*per, w, manyRunBytes)/per, 1)+15)&^15, Size, w-1)
	for range w - 1 {
		go func() {
			for start, end, ok := sp.Next(); ok; start, end, ok = sp.Next() {
				b := sp.Slot(start, end)
				sumManySerial(b, data[start*msgLen:end*msgLen], end-start, msgLen, &k, flags)
				sp.Deliver(start, b)
			}
		}()
	}
	for start, end, ok := sp.Next(); ok; start, end, ok = sp.Next() {
		sumManySerial(out[start*Size:end*Size], data[start*msgLen:end*msgLen], end-start, msgLen, key, flags)
		sp.Own(out)
	}
	sp.Wait(out)
	return nil
}

// sumManySerial hashes the n messages on the calling goroutine: through
// the kernel as many as it takes, the rest one at a time.
func sumManySerial(out, data []byte, n, msgLen int, key *[8]uint32, flags uint32) {
	done := 0
	if msgLen <= chunkLen {
		done = sumManyKernel(out, data, n, msgLen, key, flags)
	}
	sumManyGeneric(out[done*Size:], data[done*msgLen:], n-done, msgLen, key, flags)
}

// lastBlock splits a message of msgLen bytes, at most a chunk, for the
// batch kernels: the whole blocks before its last block, and the length of
// that last block (1 to 64 bytes; 0 for the empty message, whose one block
// is empty).
func lastBlock(msgLen int) (blocks, lastLen int) {
	if msgLen > 0 {
		blocks = (msgLen - 1) / BlockSize
	}
	return blocks, msgLen - blocks*BlockSize
}

// sumManyGeneric hashes the n messages one at a time: the reference the
// kernel is compared with.
func sumManyGeneric(out, data []byte, n, msgLen int, key *[8]uint32, flags uint32) {
	for i := range n {
		m := data[i*msgLen : (i+1)*msgLen]
		o := (*[Size]byte)(out[i*Size:])
		switch {
		case flags == 0 && *key == iv:
			*o = Sum256(m)
		case msgLen <= chunkLen:
			*o = sumChunk(m, key, flags)
		default:
			var h Hasher
			h.init(key, flags)
			h.Write(m)
			h.Sum(o[:0])
		}
	}
}
