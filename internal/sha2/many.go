package sha2

import (
	"encoding/binary"
	"math/bits"

	"github.com/hashkit/hashkit/internal/batch"
)

// Many messages at once. One SHA-256 is a single chain of dependent rounds;
// hashing several independent messages side by side lets the kernels fill
// each other's latency (sumMany256 picks the kernel; see many_amd64.go).

// Inputs of at least manyParallelMin bytes (padding included) are hashed on
// several goroutines (batch.Workers says why so many), each taking at least
// manyRunBytes at a time (batch.RunBytes). Variables so that tests can
// lower them.
var (
	manyParallelMin = 1 << 20
	manyRunBytes    = 64 << 10
)

// SumMany256 writes to out[size*i:size*(i+1)] the first size bytes (32 for
// SHA-256, 28 for SHA-224) of the SHA-256 family hash from iv of message i,
// data[i*msgLen:(i+1)*msgLen], for the n = len(out)/size messages. The
// caller checks that len(data) == n*msgLen and len(out) == size*n. Large
// inputs are hashed on several goroutines (batch.Split: out itself never
// reaches the others, so it does not escape).
func SumMany256(iv *[8]uint32, out []byte, size int, data []byte, msgLen int) {
	n := len(out) / size
	per := max(msgLen, 1) + BlockSize256 // the cost of a message, in bytes, padding included
	w := batch.Workers(n*per, n, manyParallelMin, manyRunBytes)
	if w == 1 {
		sumManyRange(iv, out, size, data, n, msgLen)
		return
	}
	s := batch.NewSplit(n, max(batch.RunBytes(n*per, w, manyRunBytes)/per, 16)&^15, size, w-1)
	for range w - 1 {
		go func() {
			for start, end, ok := s.Next(); ok; start, end, ok = s.Next() {
				b := s.Slot(start, end)
				sumManyRange(iv, b, size, data[start*msgLen:end*msgLen], end-start, msgLen)
				s.Deliver(start, b)
			}
		}()
	}
	for start, end, ok := s.Next(); ok; start, end, ok = s.Next() {
		sumManyRange(iv, out[start*size:end*size], size, data[start*msgLen:end*msgLen], end-start, msgLen)
		s.Own(out)
	}
	s.Wait(out)
}

// SumPairs256 is SumMany256 of SHA-256 over the 64-byte messages of data
// (pairs of 32-byte nodes) where out may be data[:len(data)/2], the
// parents overwriting the layer below: pair i's digest lands on half of
// pair i/2. On several goroutines a run would then overwrite pairs that
// another has not read yet, so a layer large enough to be split is hashed
// in two calls that each write only below what they read: the first half
// of the pairs (in place, the same way), then the second, whose digests
// land on the first half's pairs alone.
func SumPairs256(out, data []byte) {
	n := len(out) / Size256
	h := (n + 1) / 2
	// SumMany256's test for goroutines (batch.Workers): a message and a
	// padding block per pair, and two pairs at least.
	if n < 2 || n*(2*BlockSize256) < manyParallelMin || &out[0] != &data[0] {
		SumMany256(&IV256, out, Size256, data, 2*Size256)
		return
	}
	SumPairs256(out[:h*Size256], data[:2*h*Size256])
	SumMany256(&IV256, out[h*Size256:], Size256, data[2*h*Size256:], 2*Size256)
}

// sumManyRange is SumMany256 on the calling goroutine. The kernels write
// whole 32-byte digests: truncated ones go through a stack buffer.
func sumManyRange(iv *[8]uint32, out []byte, size int, data []byte, n, msgLen int) {
	if size == Size256 {
		sumMany256(iv, out, data, n, msgLen)
		return
	}
	const group = 64
	var buf [group * Size256]byte
	for done := 0; done < n; done += group {
		k := min(group, n-done)
		sumMany256(iv, buf[:k*Size256], data[done*msgLen:(done+k)*msgLen], k, msgLen)
		for j := range k {
			copy(out[(done+j)*size:(done+j+1)*size], buf[j*Size256:])
		}
	}
}

// sumMany256Generic hashes the n messages one at a time.
func sumMany256Generic(iv *[8]uint32, out, data []byte, n, msgLen int) {
	for i := range n {
		s := sum256(iv, data[i*msgLen:(i+1)*msgLen])
		copy(out[i*Size256:], s[:])
	}
}

// padSchedule256 returns W[t]+K[t] for the last block of a message of total
// bytes, a multiple of the block size: 0x80, zeros and the bit length
// (FIPS 180-4 sections 5.1.1 and 6.2.2 step 1), the same block for every
// message of that length.
func padSchedule256(total uint64) [64]uint32 {
	var w [64]uint32
	w[0] = 0x80000000
	w[14], w[15] = uint32(total>>29), uint32(total<<3)
	for t := 16; t < 64; t++ {
		s0 := bits.RotateLeft32(w[t-15], -7) ^ bits.RotateLeft32(w[t-15], -18) ^ w[t-15]>>3
		s1 := bits.RotateLeft32(w[t-2], -17) ^ bits.RotateLeft32(w[t-2], -19) ^ w[t-2]>>10
		w[t] = s1 + w[t-7] + s0 + w[t-16]
	}
	for t := range w {
		w[t] += k256[t]
	}
	return w
}

// padMessages copies the k messages of msgLen bytes at data into
// consecutive padLen-byte slots of buf, each followed by its FIPS 180-4
// section 5.1.1 padding, padLen being the padded length (a multiple of the
// block size).
func padMessages(buf, data []byte, k, msgLen, padLen int) {
	for j := range k {
		b := buf[j*padLen : (j+1)*padLen]
		copy(b, data[j*msgLen:(j+1)*msgLen])
		b[msgLen] = 0x80
		clear(b[msgLen+1 : padLen-8])
		binary.BigEndian.PutUint64(b[padLen-8:], uint64(msgLen)<<3)
	}
}
